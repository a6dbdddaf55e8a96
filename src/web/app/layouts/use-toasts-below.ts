import { useCallback } from "react";

/**
 * Toasts open below the app's top bar (impersonation banner + header), never over it: the bar's
 * height goes to `--toast-top`, which the Toaster's offset reads (providers.tsx). A callback ref, so
 * it follows the bar as it mounts, resizes (the banner wraps on a phone) and goes.
 */
export function useToastsBelow() {
  return useCallback((bar: HTMLElement | null) => {
    if (!bar) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty("--toast-top", `${Math.ceil(bar.getBoundingClientRect().height) + 12}px`);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--toast-top");
    };
  }, []);
}
