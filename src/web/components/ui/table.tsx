import { type ComponentProps, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";

/**
 * A table that scrolls sideways when it is wider than its place. Only then is its frame a tab stop, so
 * a keyboard user can scroll it with the arrow keys too (axe: scrollable-region-focusable); a table that
 * fits adds no stop.
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  return (
    <div
      ref={frame}
      className="w-full overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      tabIndex={scrolls ? 0 : undefined}
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}

/** Whether the element's content is wider than the element, kept current as either changes size. */
function useScrollsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

export const THead = ({ className, ...p }: ComponentProps<"thead">) => (
  <thead className={cn("border-b border-slate-200 bg-slate-50", className)} {...p} />
);
export const TBody = ({ className, ...p }: ComponentProps<"tbody">) => (
  <tbody className={cn("divide-y divide-slate-100", className)} {...p} />
);
export const Tr = ({ className, ...p }: ComponentProps<"tr">) => (
  <tr className={cn("hover:bg-slate-50", className)} {...p} />
);
export const Th = ({ className, ...p }: ComponentProps<"th">) => (
  <th
    className={cn(
      "h-10 px-3 text-left align-middle text-xs font-semibold uppercase tracking-wide text-slate-500",
      className,
    )}
    {...p}
  />
);
export const Td = ({ className, ...p }: ComponentProps<"td">) => (
  <td className={cn("px-3 py-2.5 align-middle", className)} {...p} />
);
