import type { ComponentProps, ReactNode } from "react";
import { cn } from "../../../lib/cn";

const TONES = {
  brand: "has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600",
  pass: "has-checked:border-emerald-600 has-checked:bg-emerald-600 has-checked:text-white",
  fail: "has-checked:border-red-600 has-checked:bg-red-600 has-checked:text-white",
  warn: "has-checked:border-amber-500 has-checked:bg-amber-50 has-checked:ring-1 has-checked:ring-amber-500",
  danger: "has-checked:border-red-600 has-checked:bg-red-50 has-checked:ring-1 has-checked:ring-red-600",
  success:
    "has-checked:border-emerald-600 has-checked:bg-emerald-50 has-checked:ring-1 has-checked:ring-emerald-600",
} as const;

/**
 * A native radio button drawn as a large card or button: keyboard and screen readers get a real
 * radio group, thumbs get a 44 px+ target. Pass the radio's props (`register(...)`, value, name).
 */
export function ChoiceCard({
  tone = "brand",
  className,
  children,
  testId,
  ...input
}: Omit<ComponentProps<"input">, "type" | "className" | "children"> & {
  tone?: keyof typeof TONES;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <label
      className={cn(
        "relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-focus-visible:ring-offset-1 has-disabled:cursor-not-allowed has-disabled:opacity-50",
        TONES[tone],
        className,
      )}
      data-testid={testId}
    >
      <input type="radio" className="sr-only" {...input} />
      {children}
    </label>
  );
}
