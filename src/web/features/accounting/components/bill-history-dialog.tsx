import type { Bill } from "@shared/accounting/bills.schema";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../../components/ui/dialog";
import { formatDate, formatMoney } from "../../../lib/format";

/** A bill's payments, newest first: which due date each settled, when, how and by whom. */
export function BillHistoryDialog({
  bill,
  open,
  onOpenChange,
}: {
  bill: Bill | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("accounting");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("bills.history.title", { name: bill?.name ?? "" })}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      {bill?.payments.length ? (
        <ul className="grid divide-y divide-slate-100" data-testid="bill-history">
          {bill.payments.map((p) => (
            <li key={p.id} className="grid gap-1 py-3 sm:grid-cols-[1fr_auto] sm:items-center">
              <span className="grid">
                <span className="text-sm font-medium text-slate-900">
                  {t("bills.history.dueDate")} {formatDate(p.dueDate)} · {t("bills.history.paidOn")}{" "}
                  {formatDate(p.paidOn)}
                </span>
                <span className="text-xs text-slate-500">
                  {[t(`methods.${p.method}`), p.reference, p.recordedByName].filter(Boolean).join(" · ")}
                </span>
              </span>
              <span className="font-semibold tabular-nums">{formatMoney(p.amount)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t("bills.history.empty")}</p>
      )}
    </Dialog>
  );
}
