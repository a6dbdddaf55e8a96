/// <reference lib="webworker" />
/**
 * The service worker (decision 059), served at /sw.js: scripts/build-sw.ts compiles this entry after
 * both Vite builds and writes in the version and the list of files to keep for offline use. Each part
 * registers its own listeners on `self` — one import and one call per line below.
 */
import { registerCaching } from "./caching";
import type { PrecacheEntry } from "./protocol";

declare const self: ServiceWorkerGlobalScope;
/** Written in by scripts/build-sw.ts: a hash of everything below, and this build's files to store. */
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: PrecacheEntry[];

registerCaching(self, { version: __SW_VERSION__, precache: __SW_PRECACHE__ });
