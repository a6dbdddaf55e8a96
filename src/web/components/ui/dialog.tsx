import { X } from "lucide-react";
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { cn } from "../../lib/cn";
import { overlays, reachForOverlays } from "./overlays";

/** A modal dialog with a title, optional description, body and footer. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeLabel,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
  closeLabel: string;
  className?: string;
}) {
  const arrived = useArrivedDialog(open, onOpenChange);
  if (!arrived) return null;
  const { D, returnFocus } = arrived;
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <D.Content
          onCloseAutoFocus={returnFocus}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 grid max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-6 shadow-xl",
            className,
          )}
          aria-describedby={description ? undefined : undefined}
        >
          <div className="grid gap-1 max-sm:pr-8">
            <D.Title className="text-lg font-semibold">{title}</D.Title>
            {description ? (
              <D.Description className="text-sm text-slate-500">{description}</D.Description>
            ) : null}
          </div>
          {children}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          ) : null}
          <D.Close
            // A thumb's 44 px on a phone, centred where the desk's smaller button sits.
            className="absolute right-4 top-4 rounded p-1 text-slate-500 hover:bg-slate-100 max-sm:right-1.5 max-sm:top-1.5 max-sm:grid max-sm:size-11 max-sm:place-items-center max-sm:p-0"
            aria-label={closeLabel}
          >
            <X className="size-4" />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/**
 * Radix's dialog once the overlays module has arrived (usually long before anyone opens one; see
 * ./overlays.ts). Opened before that, it draws nothing until the download ends; a failed download
 * closes it again, with an error toast.
 *
 * `returnFocus` (the content's `onCloseAutoFocus`) puts the keyboard focus back where it was when the
 * dialog opened — the button that opened it. Radix returns it only to a `Dialog.Trigger`, and these
 * dialogs are opened by the screen's own buttons, so without it focus fell to the page's start. When
 * that element has left the page (a create that navigated to the new record), focus is left to the
 * next screen (`lib/focus-heading.ts`).
 */
export function useArrivedDialog(open: boolean, onOpenChange: (open: boolean) => void) {
  const module = overlays.use();
  const opener = useRef<HTMLElement | null>(null);
  // A layout effect runs before Radix's focus trap (a passive effect) moves the focus into the dialog.
  useLayoutEffect(() => {
    if (!open) return;
    const focused = document.activeElement;
    opener.current = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  }, [open]);
  useEffect(() => {
    if (open) reachForOverlays(() => onOpenChange(false));
  }, [open, onOpenChange]);
  if (!module) return undefined;
  const returnFocus = (event: Event) => {
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
  return { D: module.Dialog, returnFocus };
}
