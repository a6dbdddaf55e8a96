// The entry of every worker thread (run-in-worker.ts). The server's code is TypeScript run by tsx
// (npm start, the Docker image, the tests): a worker starts as a bare Node thread, so it registers tsx
// first, then imports the task's module and runs its named export once with the input it was given.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { module, name, input } = workerData;
try {
  const task = (await import(module))[name];
  parentPort.postMessage({ ok: true, value: await task(input) });
} catch (err) {
  const e = err ?? {};
  parentPort.postMessage({
    ok: false,
    error: {
      name: e.name,
      message: String(e.message ?? e),
      status: e.status,
      code: e.code,
      details: e.details,
    },
  });
}
