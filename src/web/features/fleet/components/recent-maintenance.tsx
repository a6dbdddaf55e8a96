import { can, routePath } from "@shared/access";
import type { MaintenanceSummary } from "@shared/fleet/vehicles.schema";
import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { formatDay, formatMoney, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { ItemStatusBadge } from "./fleet-badges";
import { InspectionOriginText } from "./inspection-origin";

const CompleteMaintenanceDialog = lazyDialog(() =>
  import("./complete-maintenance-dialog").then((m) => m.CompleteMaintenanceDialog),
);

/** The latest entries of an asset's log (open items first), each open one completable here. */
export function RecentMaintenance({
  items,
  assetLabel,
  logLink,
}: {
  items: MaintenanceSummary[];
  assetLabel: string;
  /** The full log, filtered to this asset. */
  logLink: string;
}) {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const canLog = can(me ?? null, "maintenance:log");
  const canRead = can(me ?? null, "maintenance:read");
  const [completing, setCompleting] = useState<MaintenanceSummary | null>(null);
  return (
    <div className="grid gap-3">
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
          {t("maintenance.noneYet")}
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-lg border border-slate-200"
          data-testid="recent-maintenance"
        >
          {items.map((m) => (
            <li key={m.id} className="flex flex-wrap items-start justify-between gap-2 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {t(`serviceTypes.${m.serviceType}`)}
                  <ItemStatusBadge status={m.status} />
                </p>
                <p className="text-xs text-slate-500">
                  {[
                    formatDay(m.serviceDate),
                    m.odometer !== null ? t("units.miles", { value: formatNumber(m.odometer) }) : null,
                    m.cost !== null ? formatMoney(m.cost) : null,
                    m.vendor || null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {m.origin ? <InspectionOriginText origin={m.origin} compact /> : null}
                {m.notes ? <p className="mt-0.5 line-clamp-2 text-sm text-slate-700">{m.notes}</p> : null}
              </div>
              {m.status === "open" && canLog ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setCompleting(m)}
                  data-testid="complete-item"
                >
                  <CircleCheck aria-hidden />
                  {t("maintenance.complete")}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canRead ? (
        <Link to={logLink} className="w-fit text-sm font-medium text-brand-700 hover:underline">
          {t("maintenance.viewLog")}
        </Link>
      ) : null}
      {completing ? (
        <CompleteMaintenanceDialog
          item={{ ...completing, assetLabel }}
          onOpenChange={(open) => !open && setCompleting(null)}
        />
      ) : null}
    </div>
  );
}

export const maintenanceLogLink = (filter: { vehicleId?: string; trailerId?: string }) =>
  `${routePath("maintenance")}?${new URLSearchParams(filter as Record<string, string>).toString()}`;
