import { useEffect } from "react";
import { useLocation } from "react-router";
import type { AFTER_CREATE } from "../../lib/focus-heading";

/** How long the new page may take to show its heading (it loads the record first). */
const WAIT_MS = 10_000;

/** In the shell: after a navigation carrying `AFTER_CREATE`, focus the page's `<h1>` once it is there. */
export function useHeadingFocusAfterCreate(): void {
  const location = useLocation();
  // One focus per arrival: keyed by the history entry, so two creates in a row each focus their page.
  const arrival = (location.state as Partial<typeof AFTER_CREATE> | null)?.focusHeading ? location.key : null;
  useEffect(() => {
    const main = arrival ? document.getElementById("main") : null;
    if (!main) return;
    const focusHeading = () => {
      const heading = main.querySelector("h1");
      if (!heading) return false;
      // A heading is not a control: focusable by script only, never a stop of the Tab key.
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const watch = new MutationObserver(() => {
      if (focusHeading()) watch.disconnect();
    });
    watch.observe(main, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => watch.disconnect(), WAIT_MS);
    return () => {
      watch.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [arrival]);
}
