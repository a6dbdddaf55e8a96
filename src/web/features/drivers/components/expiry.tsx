import { type ExpiryState, expiryState, localToday } from "@shared/drivers/expiry";
import { AlertTriangle, CalendarClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { formatDate } from "../../../lib/format";

/** A calendar date (YYYY-MM-DD) shown in the user's language, without a time-zone shift. */
export const formatDay = (date: string | null | undefined) => (date ? formatDate(`${date}T12:00:00`) : "—");

export function useExpiryText() {
  const { t } = useTranslation("drivers");
  return (state: ExpiryState | null): string | null => {
    if (!state) return null;
    switch (state.kind) {
      case "expired":
        return t("expiry.expired", { count: state.days });
      case "today":
        return t("expiry.today");
      case "soon":
        return t("expiry.soon", { count: state.days });
      case "valid":
        return null;
    }
  };
}

/**
 * An expiry date with its warning under it: "Expired 3 days ago" (red), "Expires today" or
 * "Expires in N days" (amber) within the warning window.
 */
export function ExpiryDate({
  date,
  className,
  testId,
}: {
  date: string | null | undefined;
  className?: string;
  testId?: string;
}) {
  const text = useExpiryText();
  const state = expiryState(date, localToday());
  const warning = text(state);
  return (
    <span className={cn("grid gap-0.5", className)} data-testid={testId}>
      <span className="tabular-nums">{formatDay(date)}</span>
      {warning ? (
        <span
          className={cn(
            "inline-flex items-center gap-1 text-xs font-medium",
            state?.kind === "expired" ? "text-red-700" : "text-amber-700",
          )}
          data-expiry={state?.kind}
        >
          {state?.kind === "expired" ? (
            <AlertTriangle className="size-3.5 shrink-0" aria-hidden />
          ) : (
            <CalendarClock className="size-3.5 shrink-0" aria-hidden />
          )}
          {warning}
        </span>
      ) : null}
    </span>
  );
}
