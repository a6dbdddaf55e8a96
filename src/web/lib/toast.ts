import type { toast as Toast } from "sonner";

export interface Notice {
  title: string;
  description?: string;
  variant?: "default" | "success" | "error";
  /** A button on the toast (e.g. "Open" on a new notification). */
  action?: { label: string; onClick: () => void };
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
export function notify({ title, description, variant = "default", action }: Notice): void {
  // The promise settles once; later notices run in the order they were given.
  void listening.then((toast) => {
    toast.dismiss();
    const show = variant === "error" ? toast.error : variant === "success" ? toast.success : toast;
    show(title, { description, action });
  });
}
