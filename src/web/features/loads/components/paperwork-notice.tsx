import type { LoadPaperwork } from "@shared/loads/loads.schema";
import { BellRing, CheckCircle2, Clock, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../lib/cn";
import { formatDate } from "../../../lib/format";

/**
 * What accounting made of the load's BOL and POD, above its documents: a rejection with its reason
 * and a request stand out (the driver uploads again right below); verified and waiting are a line.
 */
export function PaperworkNotice({ paperwork }: { paperwork: LoadPaperwork }) {
  const { t } = useTranslation("loads");
  const p = paperwork;
  if (p.status === "rejected") {
    return (
      <div
        role="alert"
        data-testid="paperwork-notice"
        data-status="rejected"
        className="flex gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-900"
      >
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium">{t("paperwork.notice.rejectedTitle")}</p>
          {p.reason ? <p className="whitespace-pre-wrap break-words">{p.reason}</p> : null}
          {p.reviewedByName && p.reviewedAt ? (
            <p className="text-xs text-red-800/80">
              {t("paperwork.notice.rejectedBy", { name: p.reviewedByName, date: formatDate(p.reviewedAt) })}
            </p>
          ) : null}
        </div>
      </div>
    );
  }
  if (p.status === "missing" && p.requestedAt) {
    return (
      <div
        role="status"
        data-testid="paperwork-notice"
        data-status="requested"
        className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
      >
        <BellRing className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div className="grid gap-0.5">
          <p className="font-medium">{t("paperwork.notice.requestedTitle")}</p>
          <p>{t("paperwork.notice.requestedText")}</p>
        </div>
      </div>
    );
  }
  if (p.status === "verified" || p.status === "received") {
    const Icon = p.status === "verified" ? CheckCircle2 : Clock;
    return (
      <p
        data-testid="paperwork-notice"
        data-status={p.status}
        className={cn(
          "flex items-center gap-2 text-sm",
          p.status === "verified" ? "text-emerald-700" : "text-slate-600",
        )}
      >
        <Icon className="size-4 shrink-0" aria-hidden />
        {p.status === "verified" && p.reviewedByName && p.reviewedAt
          ? t("paperwork.notice.verified", { name: p.reviewedByName, date: formatDate(p.reviewedAt) })
          : t("paperwork.notice.received")}
      </p>
    );
  }
  return null;
}
