import type { toast as Toast } from "sonner";

export interface Notice {
  title: string;
  description?: string;
  variant?: "default" | "success" | "error";
  /** A button on the toast (e.g. "Open" on a new notification). */
  action?: { label: string; onClick: () => void };
  /**
   * Arrived on its own (a live notification), not the answer to what the user just did: it waits
   * for such an answer's 5000 ms instead of replacing it.
   */
  passive?: boolean;
}

const TOAST_MS = 5000;
/** Until when the answer to the user's last action is on screen. */
let answerUntil = 0;
let waiting: ReturnType<typeof setTimeout> | undefined;
let pending: (() => void) | undefined;
function showPending() {
  const show = pending;
  pending = undefined;
  show?.();
}

// The toast library comes with its toaster, after the first paint, never with it (decision 022): a
// screen renders without it, and a notice waits until the toaster listens (a few milliseconds, once).
let toasterListens: (toast: typeof Toast) => void = () => {};
const listening = new Promise<typeof Toast>((resolve) => {
  toasterListens = resolve;
});

/** Called by AppToaster once its toaster is mounted and listening, with the library's `toast`. */
export function toasterMounted(toast: typeof Toast): void {
  toasterListens(toast);
}

/** Toasts show one at a time (a new one replaces the last) for 5000 ms — spec section 9. */
export function notify({ title, description, variant = "default", action, passive = false }: Notice): void {
  // The promise settles once; later notices run in the order they were given.
  void listening.then((toast) => {
    const show = () => {
      toast.dismiss();
      const kind = variant === "error" ? toast.error : variant === "success" ? toast.success : toast;
      kind(title, { description, action });
    };
    if (!passive) {
      answerUntil = Date.now() + TOAST_MS;
      show();
      // A live notice already waiting waits for this answer too.
      if (pending) {
        clearTimeout(waiting);
        waiting = setTimeout(showPending, TOAST_MS);
      }
    } else if (answerUntil > Date.now()) {
      // The latest live notice shows once the answer has had its time (the bell keeps them all).
      pending = show;
      clearTimeout(waiting);
      waiting = setTimeout(showPending, answerUntil - Date.now());
    } else show();
  });
}

/**
 * Takes the answer off the screen when the screen moves on (a refused attempt's error must not sit
 * over the success that followed it). A live notice waiting for its turn still shows.
 */
export function dismissNotices(): void {
  void listening.then((toast) => {
    answerUntil = 0;
    toast.dismiss();
  });
}
