import type { DropdownMenu as RadixMenu } from "radix-ui";
import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type MouseEvent,
  useContext,
  useState,
} from "react";
import { cn } from "../../lib/cn";
import { arrivedOverlays, overlays, reachForOverlays, useOverlaysOnceReached } from "./overlays";
import { Slot } from "./slot";

/**
 * A menu behind a button (Radix's dropdown menu). Until the overlays module has arrived (./overlays.ts)
 * the trigger is a plain button with the same look and the same ARIA; a click, Enter, Space or the
 * down arrow opens the menu as soon as the module is there. Its parts render only inside an open menu.
 */
const Reach = createContext<(() => void) | null>(null);

export function DropdownMenu({ defaultOpen, children, ...props }: ComponentProps<typeof RadixMenu.Root>) {
  const [reached, setReached] = useState(false);
  const module = useOverlaysOnceReached(reached);
  if (module)
    return (
      <module.DropdownMenu.Root defaultOpen={defaultOpen || reached} {...props}>
        {children}
      </module.DropdownMenu.Root>
    );
  const reach = () => {
    setReached(true);
    // A failed download leaves the menu closed: the hover that later fetches the code must not open it.
    reachForOverlays(() => setReached(false));
  };
  return <Reach.Provider value={reach}>{children}</Reach.Provider>;
}

const OPENING_KEYS = new Set(["ArrowDown"]);

export function DropdownMenuTrigger({
  asChild,
  onClick,
  onKeyDown,
  onPointerEnter,
  onFocus,
  ...props
}: ComponentProps<typeof RadixMenu.Trigger>) {
  const reach = useContext(Reach);
  if (!reach) {
    const { DropdownMenu: M } = arrivedOverlays();
    return (
      <M.Trigger
        asChild={asChild}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
        {...props}
      />
    );
  }
  const Trigger = asChild ? Slot : "button";
  // A pointer on its way or the keyboard focus: start the download, so the click finds it there.
  const preload = () => void overlays.load().catch(() => {});
  return (
    <Trigger
      type={asChild ? undefined : "button"}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      {...props}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented && !props.disabled) reach();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented && OPENING_KEYS.has(event.key) && !props.disabled) {
          event.preventDefault();
          reach();
        }
      }}
    />
  );
}

export function DropdownMenuContent({ className, ...props }: ComponentProps<typeof RadixMenu.Content>) {
  if (useContext(Reach)) return null;
  const { DropdownMenu: M } = arrivedOverlays();
  return (
    <M.Portal>
      <M.Content
        sideOffset={6}
        align="end"
        className={cn("z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg", className)}
        {...props}
      />
    </M.Portal>
  );
}

/** A thumb's 44 px on a phone (WCAG 2.5.5), the desk's density from `md`. */
const itemClass =
  "flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none max-md:min-h-11 data-[highlighted]:bg-slate-100 [&_svg]:size-4";

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof RadixMenu.Item>) {
  const { DropdownMenu: M } = arrivedOverlays();
  return <M.Item className={cn(itemClass, className)} {...props} />;
}

export function DropdownMenuRadioGroup(props: ComponentProps<typeof RadixMenu.RadioGroup>) {
  const { DropdownMenu: M } = arrivedOverlays();
  return <M.RadioGroup {...props} />;
}

export function DropdownMenuRadioItem({ className, ...props }: ComponentProps<typeof RadixMenu.RadioItem>) {
  const { DropdownMenu: M } = arrivedOverlays();
  return <M.RadioItem className={cn(itemClass, "justify-between gap-3", className)} {...props} />;
}

export function DropdownMenuItemIndicator(props: ComponentProps<typeof RadixMenu.ItemIndicator>) {
  const { DropdownMenu: M } = arrivedOverlays();
  return <M.ItemIndicator {...props} />;
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof RadixMenu.Label>) {
  const { DropdownMenu: M } = arrivedOverlays();
  return <M.Label className={cn("px-2 py-1.5 text-xs text-slate-500", className)} {...props} />;
}

export function DropdownMenuSeparator() {
  const { DropdownMenu: M } = arrivedOverlays();
  return <M.Separator className="my-1 h-px bg-slate-100" />;
}
