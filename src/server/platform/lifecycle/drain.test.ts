import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { countRequests, requestsSettled } from "./drain";

describe("the graceful shutdown waits for the requests being handled", () => {
  it("settles only when the last request's handler has answered", async () => {
    let finish = () => {};
    const app = new Hono()
      .use(countRequests)
      .get("/slow", async (c) => {
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
        return c.text("done");
      })
      .get("/fail", () => {
        throw new Error("boom");
      })
      .onError((_err, c) => c.text("failed", 500));
    await requestsSettled(); // nothing in flight: at once

    const slow = app.request("/slow");
    await new Promise((r) => setTimeout(r, 10));
    let settled = false;
    const waiting = requestsSettled().then(() => {
      settled = true;
    });
    expect((await app.request("/fail")).status).toBe(500); // a failed request still counts down
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);

    finish();
    expect(await (await slow).text()).toBe("done");
    await waiting;
    expect(settled).toBe(true);
  });
});
