import { useSyncExternalStore } from "react";

/**
 * Code a screen does not need to draw itself — the machinery of its dialogs, menus and pickers — as a
 * module fetched after the screen has rendered: when the browser is next idle, or at once when
 * someone reaches for it, whichever comes first (decision 023). A failed download is tried again at
 * the next reach; the caller says what the user sees meanwhile.
 */
export interface Deferred<T> {
  /** Starts the download, or joins the one running; resolves with the module. */
  load(): Promise<T>;
  /** The module if it has arrived. */
  get(): T | undefined;
  /** The module if it has arrived; the component renders again when it does. */
  use(): T | undefined;
}

export function deferred<T>(
  load: () => Promise<T>,
  { idle = whenIdle }: { idle?: (start: () => void) => void } = {},
): Deferred<T> {
  let module: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const get = () => module;
  const start = () => {
    pending ??= load().then(
      (arrived) => {
        module = arrived;
        for (const listener of listeners) listener();
        return arrived;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  idle(() => void start().catch(() => {}));
  return { load: start, get, use: () => useSyncExternalStore(subscribe, get, get) };
}

/** After the current screen has rendered and the browser has nothing else to do (at most 3 s later). */
function whenIdle(start: () => void): void {
  if (typeof window === "undefined") return;
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(start, { timeout: 3000 });
  else window.setTimeout(start, 1000);
}
