import { expiryState, localToday } from "@shared/drivers/expiry";
import { AlertTriangle, CalendarClock } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { formatDate } from "../../lib/format";

/**
 * A dated paper's expiry (a document, a certificate of insurance): the date, and under it "Expired N
 * days ago" (red), "Expires today" or "Expires in N days" (amber) within the warning window — the
 * Document Center's words (spec §2).
 */
export function ExpiryDate({ date, testId }: { date: string | null; testId?: string }) {
  const { t } = useTranslation("common");
  if (!date) return <span className="text-slate-500">{t("expiry.none")}</span>;
  const state = expiryState(date, localToday());
  const warning =
    state?.kind === "expired"
      ? t("expiry.expired", { count: state.days })
      : state?.kind === "today"
        ? t("expiry.today")
        : state?.kind === "soon"
          ? t("expiry.soon", { count: state.days })
          : null;
  return (
    <span className="grid gap-0.5" data-testid={testId} data-expiry={state?.kind}>
      <time dateTime={date} className="whitespace-nowrap tabular-nums text-slate-900">
        {formatDate(`${date}T12:00:00`)}
      </time>
      {warning ? (
        <span
          className={cn(
            "inline-flex items-center gap-1 text-xs font-medium",
            state?.kind === "expired" ? "text-red-700" : "text-amber-700",
          )}
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
