/**
 * What the page and the service worker say to each other (src/web/sw/service-worker.ts and
 * src/web/lib/service-worker.ts): one module, so a message's name is never spelled twice.
 */

/** The page asks the waiting worker to take over (the user chose "Reload" on the update banner). */
export const SKIP_WAITING = "SKIP_WAITING";

/** Where the worker is served (src/server/app.ts) and the scope it controls. */
export const SERVICE_WORKER_URL = "/sw.js";

/** Every cache the worker owns starts with this: activation deletes the ones of other versions. */
export const CACHE_PREFIX = "lms-";

/** One file the worker stores at install: `revision` is null for hashed files (the name is the version). */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}
