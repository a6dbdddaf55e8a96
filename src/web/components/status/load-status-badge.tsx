import type { LoadStatus } from "@shared/loads/loads.schema";
import { useTranslation } from "react-i18next";
import { cn } from "../../lib/cn";
import { Badge } from "../ui/badge";

/** One colour per status, the same on every screen. */
export const LOAD_STATUS_STYLES: Record<LoadStatus, { badge: string; dot: string }> = {
  pending: { badge: "bg-amber-100 text-amber-800", dot: "bg-amber-500" },
  assigned: { badge: "bg-sky-100 text-sky-800", dot: "bg-sky-500" },
  in_progress: { badge: "bg-violet-100 text-violet-800", dot: "bg-violet-500" },
  completed: { badge: "bg-emerald-100 text-emerald-800", dot: "bg-emerald-500" },
  cancelled: { badge: "bg-slate-200 text-slate-600", dot: "bg-slate-400" },
};

/** The server refuses edits of finished loads (409 LOAD_LOCKED); reopen one by changing its status. */
export const isEditable = (status: LoadStatus) => status !== "completed" && status !== "cancelled";

export function LoadStatusBadge({ status, className }: { status: LoadStatus; className?: string }) {
  const { t } = useTranslation("loads");
  const style = LOAD_STATUS_STYLES[status];
  return (
    <Badge className={cn("gap-1.5 whitespace-nowrap", style.badge, className)} data-status={status}>
      <span className={cn("size-1.5 rounded-full", style.dot)} aria-hidden />
      {t(`status.${status}`)}
    </Badge>
  );
}
