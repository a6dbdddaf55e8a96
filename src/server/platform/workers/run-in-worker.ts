import { cpus } from "node:os";
import { Worker } from "node:worker_threads";
import { HttpError } from "../../http/errors";

/**
 * Work that would hold the event loop past ~100 ms (parsing a spreadsheet, a PDF, a large image) runs
 * on a worker thread of its own, so every other request is still answered meanwhile (issue 38).
 * A task is a named export of a TypeScript module, taking and returning structured-cloneable values.
 */
export interface WorkerTask {
  /** The module, as `new URL("./x.task.ts", import.meta.url)`. */
  module: URL;
  /** Its exported function: `(input) => value | Promise<value>`. */
  name: string;
}

export interface WorkerLimits {
  /** The worker is stopped past this: `WorkerFailure` with name "WorkerTimeout". */
  timeoutMs: number;
  /** Its heap: past it the worker (never the server) runs out of memory — name "WorkerOutOfMemory". */
  maxMemoryMb: number;
}

/** What a task threw, as it crossed the thread boundary (an HttpError keeps status, code and details). */
export class WorkerFailure extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/** At most this many tasks run at once (one per core); the next ones wait their turn, up to a queue. */
const RUNNING_MAX = Math.max(1, Math.min(4, cpus().length));
const WAITING_MAX = 16;
let running = 0;
const waiting: Array<() => void> = [];

const busy = () =>
  new HttpError(503, "SERVER_BUSY", "The server is reading other files right now. Try again in a minute.");

async function turn(): Promise<() => void> {
  if (running >= RUNNING_MAX) {
    if (waiting.length >= WAITING_MAX) throw busy();
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

export async function runInWorker<I, O>(task: WorkerTask, input: I, limits: WorkerLimits): Promise<O> {
  const done = await turn();
  try {
    return await new Promise<O>((resolve, reject) => {
      const worker = new Worker(new URL("./boot.mjs", import.meta.url), {
        workerData: { module: task.module.href, name: task.name, input },
        // A clean thread: boot.mjs registers tsx itself, whatever flags started the server.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
        stdout: false,
        stderr: false,
      });
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(
        () => settle(() => reject(new WorkerFailure("WorkerTimeout", "The work took too long."))),
        limits.timeoutMs,
      );
      worker.once("message", (m: { ok: true; value: O } | { ok: false; error: Record<string, unknown> }) =>
        settle(() => {
          if (m.ok) return resolve(m.value);
          const e = m.error;
          if (typeof e.status === "number" && typeof e.code === "string")
            return reject(new HttpError(e.status as 400, e.code, String(e.message), e.details));
          reject(new WorkerFailure(String(e.name ?? "Error"), String(e.message)));
        }),
      );
      worker.once("error", (err: Error & { code?: string }) =>
        settle(() =>
          reject(
            err.code === "ERR_WORKER_OUT_OF_MEMORY"
              ? new WorkerFailure("WorkerOutOfMemory", "The work needed more memory than it may use.")
              : new WorkerFailure("WorkerCrashed", err.message),
          ),
        ),
      );
      worker.once("exit", (code) =>
        settle(() => reject(new WorkerFailure("WorkerCrashed", `The worker stopped (${code}).`))),
      );
    });
  } finally {
    done();
  }
}
