import type { ReactNode } from "react";
import { cn } from "../lib/cn";

const TONES = {
  neutral: "text-slate-900",
  warning: "text-amber-700",
  danger: "text-red-700",
  info: "text-brand-700",
} as const;

/**
 * One figure above a list (open citations, open claims…). With `onClick` it is a button that
 * applies the matching filter; `active` marks the filter in force.
 */
export function SummaryTile({
  label,
  value,
  hint,
  tone = "neutral",
  onClick,
  active,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  tone?: keyof typeof TONES;
  onClick?: () => void;
  active?: boolean;
  testId?: string;
}) {
  const body = (
    <>
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</span>
      <span className={cn("break-words text-xl font-semibold tabular-nums sm:text-2xl", TONES[tone])}>
        {value}
      </span>
      {hint ? <span className="text-xs text-slate-500">{hint}</span> : null}
    </>
  );
  const className = cn(
    "grid min-w-0 content-start gap-1 rounded-lg border bg-white p-4 text-left shadow-sm",
    active ? "border-brand-500 ring-1 ring-brand-500" : "border-slate-200",
  );
  return onClick ? (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      className={cn(
        className,
        "transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
      )}
      data-testid={testId}
    >
      {body}
    </button>
  ) : (
    <div className={className} data-testid={testId}>
      {body}
    </div>
  );
}
