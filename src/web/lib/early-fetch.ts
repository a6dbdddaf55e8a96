/**
 * Answers the first screen will ask for, requested by the first line of the app's code instead of
 * once its code has downloaded and rendered (issue 41: on a weak signal every round of requests
 * waiting on the one before costs seconds). `startEarly` fires a request; the query that needs the
 * answer takes it with `takeEarly` — once, and only while fresh; any later call fetches anew.
 */
const FRESH_MS = 30_000;
const early = new Map<string, { promise: Promise<unknown>; at: number }>();

export function startEarly<T>(key: string, fetcher: () => Promise<T>) {
  const promise = fetcher();
  // A failure is the taker's to report (its own retry fetches anew); untaken, it is nobody's.
  promise.catch(() => undefined);
  early.set(key, { promise, at: Date.now() });
}

export function takeEarly<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const started = early.get(key);
  early.delete(key);
  if (started && Date.now() - started.at < FRESH_MS) return started.promise as Promise<T>;
  return fetcher();
}
