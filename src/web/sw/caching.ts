/// <reference lib="webworker" />
import { ROUTES } from "@shared/access";
import { CACHE_PREFIX, type PrecacheEntry, SKIP_WAITING } from "./protocol";

/** The two documents (decision 022): the app's, for every client-side route, and the sign-in page's. */
const APP_DOCUMENT = "/index.html";
const SIGN_IN_DOCUMENT = "/login.html";

const PRECACHE_PREFIX = `${CACHE_PREFIX}precache-`;
const RUNTIME_PREFIX = `${CACHE_PREFIX}runtime-`;

/**
 * The app's own caching (decision 059): at install, this version's app shell and the driver's screens
 * (the list scripts/build-sw.ts wrote from the build); navigations answered with the stored document of
 * this version, so a reload with no signal opens the app and a page never mixes two versions; hashed
 * files cache-first (their name is their content); the API never touched — its offline answers are the
 * driver's-day store's and the outbox's business, in the page.
 */
export function registerCaching(
  sw: ServiceWorkerGlobalScope,
  { version, precache }: { version: string; precache: readonly PrecacheEntry[] },
): void {
  const precacheName = `${PRECACHE_PREFIX}${version}`;
  const runtimeName = `${RUNTIME_PREFIX}${version}`;
  const revisions = new Map(precache.map((entry) => [entry.url, entry.revision]));

  sw.addEventListener("install", (event) => {
    // No skipWaiting here: a new version waits until the page's "Reload" asks for it (SKIP_WAITING).
    event.waitUntil(fillPrecache(precacheName, precache));
  });

  sw.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys()) {
          const ours = name.startsWith(PRECACHE_PREFIX) || name.startsWith(RUNTIME_PREFIX);
          if (ours && name !== precacheName && name !== runtimeName) await caches.delete(name);
        }
        // The first version takes the page that installed it, so that page already works offline.
        await sw.clients.claim();
      })(),
    );
  });

  sw.addEventListener("message", (event) => {
    if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void sw.skipWaiting();
  });

  sw.addEventListener("fetch", (event) => {
    const { request } = event;
    if (request.method !== "GET") return;
    const url = new URL(request.url);
    if (url.origin !== sw.location.origin || url.pathname.startsWith("/api/")) return;
    if (request.mode === "navigate") {
      // A path naming a file (/sw.js, /favicon.svg opened in a tab) is that file, not a screen.
      if (/\.[\w-]+$/.test(url.pathname)) return;
      event.respondWith(navigation(event, url, precacheName, revisions));
    } else if (url.pathname.startsWith("/assets/")) {
      event.respondWith(hashedFile(request, runtimeName, event));
    } else if (revisions.has(url.pathname)) {
      event.respondWith(precachedFile(request, url.pathname, precacheName));
    }
  });
}

async function fillPrecache(cacheName: string, entries: readonly PrecacheEntry[]): Promise<void> {
  const cache = await caches.open(cacheName);
  await Promise.all(
    entries.map(async ({ url, revision }) => {
      // A hashed file an earlier version already holds is the same bytes: not downloaded again (a
      // driver on a weak signal downloads only what changed).
      if (revision === null) {
        const held = await caches.match(url, { ignoreVary: true });
        if (held) return cache.put(url, held);
      }
      // The documents and the unhashed files bypass the HTTP cache: their bytes must be this build's.
      const response = await download(url, revision === null ? "default" : "no-cache");
      // A failed download fails the install: this version is never half stored (the browser retries).
      if (!response.ok) throw new Error(`Could not store ${url} for offline use (${response.status}).`);
      await cache.put(url, response.redirected ? await unredirected(response) : response);
    }),
  );
}

/** A file of the install, tried three times: one dropped request on a weak signal fails no install. */
async function download(url: string, cache: RequestCache): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, { cache });
      if (response.ok || attempt === 3 || response.status < 500) return response;
    } catch (error) {
      if (attempt === 3) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/** A navigation may not be answered with a redirected response: the same body and headers, plain. */
async function unredirected(response: Response): Promise<Response> {
  return new Response(await response.blob(), { status: response.status, headers: response.headers });
}

/**
 * Every screen is the app document of this version (the sign-in page its own), from the cache: no
 * network wait on a weak signal and never a document of another build than the worker's files (a new
 * build arrives as a new worker and the update banner). The network answers only when the cache lost it.
 */
async function navigation(
  event: FetchEvent,
  url: URL,
  precacheName: string,
  revisions: ReadonlyMap<string, string | null>,
): Promise<Response> {
  const signIn = url.pathname.replace(/\/$/, "") === ROUTES.login.path;
  const document = signIn ? SIGN_IN_DOCUMENT : APP_DOCUMENT;
  const stored = await caches.match(document, { cacheName: precacheName });
  if (!stored) return fetch(event.request);
  event.waitUntil(refreshDocument(document, revisions.get(document) ?? null, precacheName));
  return stored;
}

/**
 * The stored document's headers are the server's at install, and its Content-Security-Policy names
 * the map service Settings chose (decision 053), which an admin may change: behind each navigation the
 * document is fetched again and, when it is still this version's (same bytes), stored with today's
 * headers for the next load. Offline, or another build's document, the stored copy stays.
 */
async function refreshDocument(document: string, revision: string | null, precacheName: string) {
  try {
    const response = await fetch(document, { cache: "no-cache" });
    if (!response.ok || response.redirected) return;
    const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
    const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    // The build's revision is the first 16 hex digits of the same hash (scripts/sw-precache.ts).
    if (hash.slice(0, 16) === revision) await (await caches.open(precacheName)).put(document, response);
  } catch {
    // No network: the stored document serves until the next load.
  }
}

/** Hashed files never change under their name: the stored copy, else the network's, kept for next time. */
async function hashedFile(request: Request, runtimeName: string, event: FetchEvent): Promise<Response> {
  const stored = await caches.match(request, { ignoreVary: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(runtimeName).then((cache) => cache.put(request, copy)));
  }
  return response;
}

/** The manifest, icons and favicon of this version; the network's if the cache lost them. */
async function precachedFile(request: Request, path: string, precacheName: string): Promise<Response> {
  return (await caches.match(path, { cacheName: precacheName, ignoreVary: true })) ?? fetch(request);
}
