import type { InvoiceViewStatus } from "@shared/invoices/invoices.schema";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";

/** One colour per invoice status, the same on every screen (staff and portal). */
export const INVOICE_STATUS_STYLES: Record<InvoiceViewStatus, { badge: string; dot: string }> = {
  draft: { badge: "bg-slate-100 text-slate-700", dot: "bg-slate-400" },
  sent: { badge: "bg-sky-100 text-sky-800", dot: "bg-sky-500" },
  overdue: { badge: "bg-red-100 text-red-800", dot: "bg-red-500" },
  paid: { badge: "bg-emerald-100 text-emerald-800", dot: "bg-emerald-500" },
  void: { badge: "bg-slate-200 text-slate-500 line-through", dot: "bg-slate-400" },
};

/** The status, and "partly paid" when an open invoice has payments. */
export function InvoiceStatusBadge({
  status,
  partlyPaid,
  className,
}: {
  status: InvoiceViewStatus;
  partlyPaid?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("invoices");
  const style = INVOICE_STATUS_STYLES[status];
  return (
    <span className={cn("inline-flex flex-wrap items-center gap-1", className)}>
      <Badge className={cn("gap-1.5 whitespace-nowrap", style.badge)} data-status={status}>
        <span className={cn("size-1.5 rounded-full", style.dot)} aria-hidden />
        {t(`status.${status}`)}
      </Badge>
      {partlyPaid && (status === "sent" || status === "overdue") ? (
        <Badge tone="warning" className="whitespace-nowrap">
          {t("status.partlyPaid")}
        </Badge>
      ) : null}
    </span>
  );
}
