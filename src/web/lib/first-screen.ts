import type { QueryClient } from "@tanstack/react-query";
import "../first-screen/first-screen-state";
import { loadKeys } from "./query-keys";

/**
 * The app's side of the driver's first screen (decision 064): the server wrote the first screen and
 * the first answers into the document; the app reads those answers instead of asking for them
 * (early-requests.ts), then takes the screen over once its own is ready — removes the first screen
 * (which shows the app's root, hidden until then), refreshes what a tap there has changed, and
 * replays a tap handed to it on its own button.
 */

type FirstAnswers = { session: unknown; dashboard: unknown };
let answers: FirstAnswers | null | undefined;

/** The answers the document carries (read once), or null on any other document. */
export function firstAnswers(): FirstAnswers | null {
  if (answers !== undefined) return answers;
  const element = typeof document === "undefined" ? null : document.getElementById("first-answers");
  try {
    answers = element ? (JSON.parse(element.textContent ?? "") as FirstAnswers) : null;
  } catch {
    answers = null;
  }
  return answers;
}

/**
 * An answer the document carries, given once: the session always; the dashboard only while the driver
 * has done nothing on the first screen (after a tap it is out of date, and the app asks anew).
 */
export function takeFirstAnswer(key: keyof FirstAnswers): unknown {
  const all = firstAnswers();
  if (!all || !(key in all)) return undefined;
  const value = all[key];
  delete (all as Partial<FirstAnswers>)[key];
  if (key === "dashboard" && window.__lmsFirst?.acted) return undefined;
  return value;
}

/** Whether the first screen is still showing. */
export const firstScreenShown = () =>
  typeof document !== "undefined" && !!document.getElementById("first-screen");

/** Removes the first screen, its work handed to the app's own screen (safe to call more than once). */
export function takeOverFirstScreen(queryClient?: QueryClient) {
  const screen = document.getElementById("first-screen");
  if (!screen) return;
  screen.remove();
  const state = window.__lmsFirst;
  if (state?.acted) void queryClient?.invalidateQueries({ queryKey: loadKeys.all });
  const tap = state?.tap;
  if (state) state.tap = null;
  if (tap)
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`#root [data-testid="${CSS.escape(tap)}"]`)?.click(),
    );
}
