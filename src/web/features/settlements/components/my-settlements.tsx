import { Wallet } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { formatDate, formatMoney } from "../../../lib/format";
import { useDriverSettlements } from "../api/settlements";
import { periodLabel, STATUS_TONES } from "./settlement-format";
import { SettlementPdfButton } from "./settlement-pdf-button";

/**
 * A driver's own settlements on their dashboard — approved and paid, newest first — each with its
 * net pay and the statement as a PDF (a thumb-sized button). Read-only: the route table gives
 * drivers no accounting screens.
 */
export function MySettlements() {
  const { t } = useTranslation("settlements");
  const query = useDriverSettlements();
  const items = query.data?.items ?? [];
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-labelledby="my-settlements"
    >
      <h2
        id="my-settlements"
        className="flex items-center gap-2 px-4 pb-3 pt-4 text-base font-semibold text-slate-900 sm:px-5"
      >
        <Wallet className="size-4 text-slate-500" aria-hidden />
        {t("mine.title")}
      </h2>
      {query.isLoading ? (
        <p className="px-4 pb-4 text-sm text-slate-500 sm:px-5">{t("mine.loading")}</p>
      ) : query.isError ? (
        <p className="px-4 pb-4 text-sm text-red-700 sm:px-5">{t("mine.failed")}</p>
      ) : !items.length ? (
        <p className="px-4 pb-4 text-sm text-slate-500 sm:px-5">{t("mine.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="my-settlements">
          {items.slice(0, 6).map((s) => (
            <li key={s.id} className="flex items-center gap-3 px-4 py-3 sm:px-5">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900">
                  {periodLabel({ start: s.periodStart, end: s.periodEnd })}
                </p>
                <p className="text-xs text-slate-500">
                  {s.number} ·{" "}
                  {s.paidOn ? t("mine.paidOn", { date: formatDate(s.paidOn) }) : t(`statuses.${s.status}`)}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold tabular-nums text-slate-900">{formatMoney(s.net)}</span>
                  <Badge tone={STATUS_TONES[s.status]}>{t(`statuses.${s.status}`)}</Badge>
                </p>
              </div>
              <SettlementPdfButton id={s.id} number={s.number} className="min-h-11 shrink-0" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
