/**
 * Graceful shutdown (issue 19): on SIGTERM the server stops taking connections and `drain()` tells the
 * long-lived responses — the events streams — to end now, so browsers reconnect to another instance
 * instead of holding this one open. Requests in flight finish (main.ts waits for them, then gives up).
 */
import type { MiddlewareHandler } from "hono";

const listeners = new Set<() => void>();
let draining = false;

/** Calls `fn` when the instance starts draining (at once if it already is); returns the unsubscribe. */
export function onDrain(fn: () => void): () => void {
  if (draining) {
    fn();
    return () => {};
  }
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function drain(): void {
  draining = true;
  for (const fn of [...listeners]) fn();
  listeners.clear();
}

let inFlight = 0;
const settled: (() => void)[] = [];

/**
 * Counts the requests being handled. Their connections are not a measure: Node counts a connection
 * idle once a GET's request is read, and closes it on shutdown while its handler still runs.
 */
export const countRequests: MiddlewareHandler = async (_c, next) => {
  inFlight++;
  try {
    await next();
  } finally {
    if (--inFlight === 0) for (const done of settled.splice(0)) done();
  }
};

/** Resolves once no request is being handled. */
export function requestsSettled(): Promise<void> {
  return inFlight === 0 ? Promise.resolve() : new Promise((resolve) => settled.push(resolve));
}
