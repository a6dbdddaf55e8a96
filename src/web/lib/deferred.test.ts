import { describe, expect, it } from "vitest";
import { deferred } from "./deferred";

describe("a deferred module", () => {
  it("downloads once when the browser is idle, and every reach after that joins that download", async () => {
    let downloads = 0;
    let idle: (() => void) | undefined;
    const code = deferred(
      async () => {
        downloads += 1;
        return { name: "menu" };
      },
      { idle: (start) => (idle = start) },
    );
    expect(code.get()).toBeUndefined();
    expect(downloads).toBe(0); // nothing before the screen is idle
    idle?.();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect(a).toEqual({ name: "menu" });
    expect(b).toBe(a);
    expect(code.get()).toBe(a);
    expect(downloads).toBe(1);
  });

  it("tries a failed download again at the next reach", async () => {
    let attempts = 0;
    const code = deferred(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error("offline");
        return "arrived";
      },
      { idle: () => {} },
    );
    await expect(code.load()).rejects.toThrow("offline");
    expect(code.get()).toBeUndefined();
    await expect(code.load()).resolves.toBe("arrived");
    expect(code.get()).toBe("arrived");
    expect(attempts).toBe(2);
  });
});
