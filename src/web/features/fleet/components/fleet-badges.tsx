import { type ExpiryState, expiryState } from "@shared/drivers/expiry";
import type { VehicleStatus } from "@shared/fleet/fleet.schema";
import { inspectionDueState } from "@shared/fleet/fleet-alerts";
import type { MaintenanceItemStatus, MaintenanceStatus } from "@shared/fleet/maintenance.constants";
import { AlertTriangle, CalendarClock, CircleCheck, Wrench } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { formatDay } from "../../../lib/format";

const MAINTENANCE_TONE = { good: "success", due: "warning", overdue: "danger" } as const;
const MAINTENANCE_ICON = { good: CircleCheck, due: CalendarClock, overdue: AlertTriangle } as const;

export function MaintenanceStatusBadge({
  status,
  className,
}: {
  status: MaintenanceStatus;
  className?: string;
}) {
  const { t } = useTranslation("fleet");
  const Icon = MAINTENANCE_ICON[status];
  return (
    <Badge
      tone={MAINTENANCE_TONE[status]}
      className={cn("gap-1", className)}
      data-testid="maintenance-status"
    >
      <Icon className="size-3" aria-hidden />
      {t(`maintenanceStatus.${status}`)}
    </Badge>
  );
}

const STATUS_TONE = { active: "success", in_maintenance: "warning", inactive: "neutral" } as const;

export function AssetStatusBadge({ status }: { status: VehicleStatus }) {
  const { t } = useTranslation("fleet");
  return (
    <Badge tone={STATUS_TONE[status]} className="gap-1" data-testid="asset-status">
      {status === "in_maintenance" ? <Wrench className="size-3" aria-hidden /> : null}
      {t(`status.${status}`)}
    </Badge>
  );
}

export function ItemStatusBadge({ status }: { status: MaintenanceItemStatus }) {
  const { t } = useTranslation("fleet");
  return <Badge tone={status === "open" ? "warning" : "success"}>{t(`itemStatus.${status}`)}</Badge>;
}

const tone = (state: ExpiryState) =>
  state.kind === "expired" || state.kind === "today"
    ? "text-red-700"
    : state.kind === "soon"
      ? "text-amber-700"
      : "text-slate-500";

/** "Expires today", "Expires in N days", "Expired N days ago" (spec: Document Center wording). */
export function useExpiryText() {
  const { t } = useTranslation("fleet");
  return (state: ExpiryState | null) => {
    if (!state) return null;
    if (state.kind === "expired") return t("expiry.expired", { count: state.days });
    if (state.kind === "today") return t("expiry.today");
    if (state.kind === "soon") return t("expiry.soon", { count: state.days });
    return null;
  };
}

/** A date with its expiry warning under it (or beside it, `inline`). */
export function ExpiryDate({
  date,
  today,
  inline = false,
  testId,
}: {
  date: string | null;
  today: string;
  inline?: boolean;
  testId?: string;
}) {
  const text = useExpiryText();
  const state = expiryState(date, today);
  const warning = text(state);
  if (!date) return <span className="text-slate-500">—</span>;
  return (
    <span className={cn("min-w-0", inline ? "inline-flex flex-wrap items-baseline gap-x-2" : "grid")}>
      <time dateTime={date} className="whitespace-nowrap text-slate-900">
        {formatDay(date)}
      </time>
      {warning && state ? (
        <span className={cn("whitespace-nowrap text-xs font-medium", tone(state))} data-testid={testId}>
          {warning}
        </span>
      ) : null}
    </span>
  );
}

/** A trailer's next inspection: overdue, due today or due within 30 days. */
export function InspectionDate({ date, today }: { date: string | null; today: string }) {
  const { t } = useTranslation("fleet");
  const state = inspectionDueState(date, today);
  if (!date) return <span className="text-slate-500">—</span>;
  const warning = !state
    ? null
    : state.kind === "expired"
      ? t("inspection.overdue", { count: state.days })
      : state.kind === "today"
        ? t("inspection.today")
        : t("inspection.soon", { count: state.days });
  return (
    <span className="grid min-w-0">
      <time dateTime={date} className="whitespace-nowrap text-slate-900">
        {formatDay(date)}
      </time>
      {warning && state ? (
        <span
          className={cn("whitespace-nowrap text-xs font-medium", tone(state))}
          data-testid="inspection-due"
        >
          {warning}
        </span>
      ) : null}
    </span>
  );
}
