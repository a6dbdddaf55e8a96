import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { useArrivedDialog } from "./dialog";

/**
 * A panel that slides in from the left edge over the page: focus is trapped inside, Escape and the
 * backdrop close it. The title is for screen readers; the panel draws its own header.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  closeLabel,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}) {
  const arrived = useArrivedDialog(open, onOpenChange);
  if (!arrived) return null;
  const { D, returnFocus } = arrived;
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50 backdrop-blur-[1px]" />
        <D.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby={undefined}
          className={cn(
            "fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col bg-white shadow-2xl outline-none",
            className,
          )}
        >
          <D.Title className="sr-only">{title}</D.Title>
          {children}
          <D.Close
            className="absolute right-1.5 top-2 grid size-11 place-items-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            aria-label={closeLabel}
          >
            <X className="size-5" aria-hidden />
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
