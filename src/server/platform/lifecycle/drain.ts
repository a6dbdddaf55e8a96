/**
 * Graceful shutdown (issue 19): on SIGTERM the server stops taking connections and `drain()` tells the
 * long-lived responses — the events streams — to end now, so browsers reconnect to another instance
 * instead of holding this one open. Requests in flight finish (main.ts waits for them, then gives up).
 */
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
