import { describe, expect, it } from "vitest";
import { runInWorker, WorkerFailure } from "./run-in-worker";

const task = (name: string) => ({ module: new URL("./workers.testing.ts", import.meta.url), name });
const limits = { timeoutMs: 20_000, maxMemoryMb: 128 };

describe("runInWorker", () => {
  it("runs a TypeScript task on another thread and returns its answer", async () => {
    expect(await runInWorker(task("echo"), { n: 21 }, limits)).toEqual({ doubled: 42 });
  });

  it("keeps the server's thread free while a task is busy", async () => {
    // The task holds its own thread for 1.5 s; a timer of this thread fires while it still runs.
    let finished = false;
    const running = runInWorker(task("spin"), 1500, limits).then((v) => {
      finished = true;
      return v;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(finished).toBe(false);
    expect(await running).toBe("done");
  });

  it("stops a task past its time, and passes an HttpError through with its code and details", async () => {
    await expect(runInWorker(task("spin"), 60_000, { ...limits, timeoutMs: 300 })).rejects.toEqual(
      new WorkerFailure("WorkerTimeout", "The work took too long."),
    );
    await expect(runInWorker(task("refuse"), null, limits)).rejects.toMatchObject({
      status: 400,
      code: "TOO_MANY_ROWS",
      details: { maxRows: 3 },
    });
  });
});
