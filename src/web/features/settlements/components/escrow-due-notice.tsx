import { AlertTriangle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate, formatMoney } from "../../../lib/format";
import { useEscrowDue } from "../api/settlements";

/**
 * Terminated owner-operators whose escrow the company still holds: 49 CFR 376.12(k) gives 45 days
 * to return it. Nothing shows while nobody is owed.
 */
export function EscrowDueNotice() {
  const { t } = useTranslation("settlements");
  const due = useEscrowDue().data?.items ?? [];
  if (!due.length) return null;
  return (
    <section
      aria-label={t("escrow.dueTitle")}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid="escrow-due"
    >
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden />
        {t("escrow.dueTitle")}
      </p>
      <ul className="mt-2 grid gap-1">
        {due.map((d) => (
          <li key={d.driverId} className={d.overdue ? "font-semibold text-red-800" : undefined}>
            {t(d.overdue ? "escrow.overdue" : "escrow.due", {
              name: d.driverName,
              amount: formatMoney(d.balance),
              terminated: formatDate(d.terminatedOn),
              date: formatDate(d.dueBy),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
