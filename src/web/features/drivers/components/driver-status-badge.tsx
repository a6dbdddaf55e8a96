import type { DriverStatus } from "@shared/drivers/drivers.schema";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";

/** One colour per driver status, the same on every screen. */
const STYLES: Record<DriverStatus, { badge: string; dot: string }> = {
  available: { badge: "bg-emerald-100 text-emerald-800", dot: "bg-emerald-500" },
  on_trip: { badge: "bg-sky-100 text-sky-800", dot: "bg-sky-500" },
  busy: { badge: "bg-violet-100 text-violet-800", dot: "bg-violet-500" },
  off_duty: { badge: "bg-slate-200 text-slate-700", dot: "bg-slate-500" },
  unknown: { badge: "bg-amber-100 text-amber-800", dot: "bg-amber-500" },
};

export function DriverStatusBadge({ status, className }: { status: DriverStatus; className?: string }) {
  const { t } = useTranslation("drivers");
  const style = STYLES[status];
  return (
    <Badge className={cn("gap-1.5 whitespace-nowrap", style.badge, className)} data-status={status}>
      <span className={cn("size-1.5 rounded-full", style.dot)} aria-hidden />
      {t(`status.${status}`)}
    </Badge>
  );
}

export function InactiveBadge({ className }: { className?: string }) {
  const { t } = useTranslation("drivers");
  return (
    <Badge tone="neutral" className={cn("whitespace-nowrap", className)} data-testid="inactive-badge">
      {t("inactive")}
    </Badge>
  );
}
