import { Tabs as T } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../lib/cn";

export const Tabs = T.Root;
export const TabsContent = T.Content;

/** Underlined tabs that scroll sideways on a narrow phone rather than wrap. */
export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn(
        "-mb-px flex gap-1 overflow-x-auto border-b border-slate-200 [scrollbar-width:none]",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        "group inline-flex shrink-0 items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-slate-500 transition-colors hover:text-slate-800 focus-visible:rounded-t focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=active]:border-brand-700 data-[state=active]:text-brand-700 [&_svg]:size-4",
        className,
      )}
      {...props}
    />
  );
}

export function TabCount({ value }: { value: number | undefined }) {
  if (value === undefined) return null;
  return (
    <span className="rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold tabular-nums text-slate-600 group-data-[state=active]:bg-brand-50 group-data-[state=active]:text-brand-700">
      {value}
    </span>
  );
}
