import { RATING_MAX } from "@shared/drivers/ratings.schema";
import i18n from "i18next";
import { Star } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";

/** A score with two decimals in the user's language ("4.50", "4,50"). */
export const formatScore = (value: string | number) =>
  new Intl.NumberFormat(i18n.resolvedLanguage ?? i18n.language ?? "en", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(value));

const SCALE = Array.from({ length: RATING_MAX }, (_, i) => i + 1);

/** Five stars filled to the score (a fraction fills part of a star), with the number beside them. */
export function Stars({
  value,
  count,
  className,
  size = "sm",
  compact = false,
}: {
  value: string | number | null;
  count?: number;
  className?: string;
  size?: "sm" | "md";
  /** Lists: the count as "(3)". */
  compact?: boolean;
}) {
  const { t } = useTranslation("drivers");
  if (value === null)
    return <span className={cn("text-sm text-slate-500", className)}>{t("rating.none")}</span>;
  const score = Number(value);
  const star = size === "md" ? "size-5" : "size-4";
  return (
    <span
      className={cn("inline-flex items-center gap-1.5 whitespace-nowrap", className)}
      role="img"
      aria-label={t("rating.aria", { value: formatScore(score), max: RATING_MAX })}
    >
      <span className="inline-flex" aria-hidden>
        {SCALE.map((n) => {
          const fill = Math.max(0, Math.min(1, score - (n - 1)));
          return (
            <span key={n} className={cn("relative", star)}>
              <Star className={cn("absolute inset-0 text-slate-300", star)} />
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className={cn("fill-amber-400 text-amber-400", star)} />
              </span>
            </span>
          );
        })}
      </span>
      <span className="text-sm font-medium tabular-nums text-slate-800">{formatScore(score)}</span>
      {count !== undefined ? (
        <span className="text-xs text-slate-500" title={compact ? t("rating.count", { count }) : undefined}>
          {compact ? `(${count})` : t("rating.count", { count })}
        </span>
      ) : null}
    </span>
  );
}

/** A 1–5 star input: native radios (arrow keys move), drawn as stars; the legend says what is rated. */
export function StarInput({
  label,
  value,
  onChange,
  error,
  name,
}: {
  label: string;
  value: number | undefined;
  onChange: (value: number) => void;
  error?: string;
  name: string;
}) {
  const { t } = useTranslation("drivers");
  const id = useId();
  return (
    <fieldset
      className="grid gap-1"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="sr-only">{label}</legend>
      <div className="flex items-center justify-between gap-2">
        <span aria-hidden className="min-w-0 text-sm font-medium text-slate-700">
          {label}
        </span>
        <div className="flex shrink-0" data-testid={`stars-${name}`}>
          {SCALE.map((n) => {
            const on = value !== undefined && n <= value;
            return (
              <label
                key={n}
                className="cursor-pointer rounded p-0.5 sm:p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
              >
                <input
                  type="radio"
                  name={`${id}-${name}`}
                  value={n}
                  checked={value === n}
                  onChange={() => onChange(n)}
                  className="sr-only"
                  aria-label={t("rating.starLabel", { count: n })}
                />
                <Star
                  className={cn("size-6 sm:size-7", on ? "fill-amber-400 text-amber-400" : "text-slate-300")}
                  aria-hidden
                />
              </label>
            );
          })}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
