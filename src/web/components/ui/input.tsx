import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/**
 * The ring also answers `:focus-within`: Chromium gives a date input's field entered backwards
 * (Shift+Tab lands on its year) neither `:focus` nor `:focus-visible`, only `:focus-within`, and the
 * keyboard user saw no ring at all.
 */
export const inputClass =
  "flex h-10 max-sm:min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-within:outline-none focus-within:ring-2 focus-within:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-500";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cn(inputClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cn(inputClass, "h-auto min-h-20", className)} {...props} />;
}

/** A native select: accessible, works on phones, styled like the inputs. */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn(inputClass, "pr-8", className)} {...props} />;
}

export function Label({ className, ...props }: ComponentProps<"label">) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor
  return <label className={cn("text-sm font-medium text-slate-700", className)} {...props} />;
}
