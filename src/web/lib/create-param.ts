import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";

/**
 * The address parameter that opens a screen with its create form open (`/accounting/bills?new=1`):
 * where the command palette's actions ("Add bill", "New customer") take the user.
 */
export const CREATE_PARAM = "new";

/**
 * A screen's address with its create form open; `form` names which one on a screen with several
 * ("defect" or "1" for the maintenance log's two).
 */
export function createHref(path: string, form = "1"): string {
  return `${path}?${CREATE_PARAM}=${encodeURIComponent(form)}`;
}

/**
 * On a screen with a create form: opens it when the address asks (`?new=1`; `open` receives the
 * parameter's value, for a screen with several forms), then takes the parameter
 * out of the address (replacing the history entry), so Back or a reload does not open it again and the
 * next "Add …" from the palette opens it anew. `allowed` is the condition of the screen's own "New"
 * button: a user who may not create here gets the screen, never a form they could not save.
 */
export function useCreateParam(open: (form: string) => void, allowed: boolean): void {
  const [params, setParams] = useSearchParams();
  const asked = params.get(CREATE_PARAM);
  // Once per request, not once per render: until the router has taken the parameter out (a transition,
  // which a keystroke may overtake) a form closed with Escape would otherwise open again.
  const opener = useRef(open);
  opener.current = open;
  useEffect(() => {
    if (!asked) return;
    if (allowed) opener.current(asked);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CREATE_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, allowed, setParams]);
}
