import { SERVICE_WORKER_URL, SKIP_WAITING } from "../sw/protocol";

/**
 * The page's side of the service worker (decision 059): registers it once the first screen is up, and
 * tells when a new version has installed and waits. The page keeps running its own version until the
 * user chooses to reload (`applyUpdate`), so no page ever mixes two builds.
 */

const HOURLY = 60 * 60 * 1000;
let waitingWorker: ServiceWorker | null = null;
let updateReady = false;
let reloadAsked = false;
const listeners = new Set<() => void>();

/** Production builds only (the dev server's modules are not hashed files); after the first paint. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // After the page's own downloads: storing the app for offline use never delays the first screen.
  const start = () => {
    // Idle, or within 5 s on a page that is never idle (a busy phone must still get its offline copy).
    const idle = (run: () => void) =>
      window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 1000);
    // No registration (a browser that blocks workers, as the browser tests do by default): nothing to watch.
    idle(
      () =>
        void navigator.serviceWorker.register(SERVICE_WORKER_URL).then(
          (registration) => registration && watch(registration),
          () => undefined,
        ),
    );
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}

function watch(registration: ServiceWorkerRegistration): void {
  // Only a worker that replaces another waits; the first one takes the page at once.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const next = registration.installing;
    next?.addEventListener("statechange", () => {
      if (next.state === "installed" && navigator.serviceWorker.controller) offer(next);
    });
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // This page asked for the new version: it reloads once into it. Another tab's choice leaves this
    // page on its version, with the banner still offering the reload.
    if (reloadAsked) window.location.reload();
  });
  // A driver keeps the app open all day: look for a new build now and then (the browser also looks on
  // every full load). Offline the check just fails.
  setInterval(() => void registration.update().catch(() => undefined), HOURLY);
}

function offer(worker: ServiceWorker): void {
  waitingWorker = worker;
  updateReady = true;
  for (const listener of listeners) listener();
}

/** Whether a new version waits for the user's reload (for `useSyncExternalStore`). */
export function isUpdateReady(): boolean {
  return updateReady;
}

export function onUpdateReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The user chose "Reload": the waiting version takes over, then this page reloads into it once. */
export function applyUpdate(): void {
  if (waitingWorker && waitingWorker.state === "installed") {
    reloadAsked = true;
    waitingWorker.postMessage({ type: SKIP_WAITING });
  } else {
    // Another tab already switched to it: only this page is left on the old version.
    window.location.reload();
  }
}
