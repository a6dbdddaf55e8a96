import { useState } from "react";
import { type Deferred, deferred } from "../../lib/deferred";
import i18n from "../../lib/i18n";
import { notify } from "../../lib/toast";

/**
 * The machinery behind every dialog, sheet, menu and picker (./radix-overlays.ts), downloaded after the
 * screen has rendered (decision 023). Until it has arrived, a menu's or picker's trigger is a plain
 * button that looks and reads the same, and a closed dialog draws nothing — which is all a closed
 * dialog ever draws.
 */
export const overlays = deferred(() => import("./radix-overlays"));

export type Overlays = typeof import("./radix-overlays");

/**
 * Someone opened a dialog, menu or picker: download its code now, if it has not arrived. When that
 * fails (the connection dropped, a new release replaced the files), one error toast says so and the
 * control stays closed (`onFailure` closes it); the next attempt downloads again.
 */
export function reachFor(code: Deferred<unknown>, onFailure?: () => void): void {
  if (code.get()) return;
  code.load().catch(() => {
    onFailure?.();
    notify({ title: i18n.t("errors.network"), variant: "error" });
  });
}

/** reachFor(overlays): the Radix dialog, menu and popover. */
export function reachForOverlays(onFailure?: () => void): void {
  reachFor(overlays, onFailure);
}

/**
 * The overlays module for a control with a trigger (a menu, a picker): from its first render if the
 * module was already there; otherwise only once someone reached for the control (`reached`) — so a
 * trigger never turns into another element under the pointer or the keyboard focus.
 */
export function useOverlaysOnceReached(reached: boolean): Overlays | undefined {
  const [early] = useState(() => overlays.get() !== undefined);
  const module = overlays.use();
  return early || reached ? module : undefined;
}

/** The overlays module inside content that only renders once it has arrived (menu items, a popover's body). */
export function arrivedOverlays(): Overlays {
  const module = overlays.get();
  if (!module) throw new Error("Overlay content rendered before the overlays module arrived.");
  return module;
}
