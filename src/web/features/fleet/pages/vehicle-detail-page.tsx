import { ROUTES } from "@shared/access";
import { vehicleExpiryAlerts } from "@shared/fleet/fleet-alerts";
import type { Schedule, VehicleDetail } from "@shared/fleet/vehicles.schema";
import { AlertTriangle, CalendarClock, Pencil } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyDialog } from "../../../components/ui/lazy";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDay, formatNumber } from "../../../lib/format";
import { useVehicle } from "../api/fleet";
import { type AssetDetailKind, AssetDetailPage } from "../assets/asset-detail-page";
import { Fact } from "../components/detail-states";
import { ExpiryDate, MaintenanceStatusBadge, useExpiryText } from "../components/fleet-badges";

const OdometerDialog = lazyDialog(() =>
  import("../components/odometer-dialog").then((m) => m.OdometerDialog),
);
const SchedulesDialog = lazyDialog(() =>
  import("../components/schedules-dialog").then((m) => m.SchedulesDialog),
);
const VehicleFormDialog = lazyDialog(() =>
  import("../components/vehicle-form-dialog").then((m) => m.VehicleFormDialog),
);

export default function VehicleDetailPage() {
  return <AssetDetailPage kind={vehicleDetail} />;
}

/** A truck's own dialogs, opened from its schedules card and its odometer fact. */
type VehicleDialog = "schedules" | "odometer";
type Part = { asset: VehicleDetail; open: (dialog: VehicleDialog) => void };

/** Papers expiring or expired, and services due or overdue, under the header. */
function VehicleAlerts({ asset: v }: { asset: VehicleDetail }) {
  const { t } = useTranslation("fleet");
  const expiryText = useExpiryText();
  const alerts = vehicleExpiryAlerts(v, v.today);
  const late = v.schedules.filter((s) => s.status !== "good");
  return alerts.length > 0 || late.length > 0 ? (
    <ul
      className="grid gap-1.5 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="vehicle-alerts"
    >
      {alerts.map((a) => (
        <li key={a.kind} className="flex items-center gap-2">
          <AlertTriangle className="size-4 shrink-0" aria-hidden />
          <span>
            {t(`alerts.${a.kind}`)}: {expiryText(a.state)} ({formatDay(a.date)})
          </span>
        </li>
      ))}
      {late.map((s) => (
        <li key={s.id} className="flex items-center gap-2">
          <CalendarClock className="size-4 shrink-0" aria-hidden />
          <span>
            {t(`serviceTypes.${s.serviceType}`)}: <DueText schedule={s} />
          </span>
        </li>
      ))}
    </ul>
  ) : null;
}

/** What is due when: the truck's maintenance schedules. */
function VehicleSchedules({ asset: v, open }: Part) {
  const { t } = useTranslation("fleet");
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div>
          <CardTitle>{t("schedules.title")}</CardTitle>
          <CardDescription>{t("schedules.cardDescription")}</CardDescription>
        </div>
        {v.canEdit ? (
          <Button variant="outline" size="sm" onClick={() => open("schedules")} data-testid="edit-schedules">
            <Pencil aria-hidden />
            {t("schedules.edit")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {v.schedules.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-500">
            {t("schedules.noneYet")}
          </p>
        ) : (
          <Table aria-label={t("schedules.title")} data-testid="schedules">
            <THead>
              <tr>
                <Th>{t("fields.serviceType")}</Th>
                <Th className="max-sm:hidden">{t("schedules.interval")}</Th>
                <Th className="max-sm:hidden">{t("schedules.last")}</Th>
                <Th>{t("schedules.next")}</Th>
              </tr>
            </THead>
            <TBody>
              {v.schedules.map((s) => (
                <Tr key={s.id} data-testid={`schedule-${s.serviceType}`}>
                  <Td>
                    <span className="grid gap-1">
                      <span className="font-medium text-slate-900">{t(`serviceTypes.${s.serviceType}`)}</span>
                      <MaintenanceStatusBadge status={s.status} className="w-fit" />
                    </span>
                  </Td>
                  <Td className="text-sm text-slate-700 max-sm:hidden">
                    {[
                      s.intervalMiles
                        ? t("schedules.everyMilesValue", { value: formatNumber(s.intervalMiles) })
                        : null,
                      s.intervalDays ? t("schedules.everyDaysValue", { count: s.intervalDays }) : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </Td>
                  <Td className="text-sm text-slate-700 max-sm:hidden">
                    {s.lastServiceDate ? formatDay(s.lastServiceDate) : "—"}
                    {s.lastServiceOdometer !== null ? (
                      <span className="block text-xs text-slate-500">
                        {t("units.miles", { value: formatNumber(s.lastServiceOdometer) })}
                      </span>
                    ) : null}
                  </Td>
                  <Td className="text-sm">
                    <span className="grid">
                      <span className="text-slate-900">
                        {[
                          s.dueDate ? formatDay(s.dueDate) : null,
                          s.dueOdometer !== null
                            ? t("units.miles", { value: formatNumber(s.dueOdometer) })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(" · ") || "—"}
                      </span>
                      <span
                        className={cn(
                          "text-xs",
                          s.status === "overdue"
                            ? "text-red-700"
                            : s.status === "due"
                              ? "text-amber-700"
                              : "text-slate-500",
                        )}
                      >
                        <DueText schedule={s} />
                      </span>
                    </span>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** A truck's facts: papers, odometer (with its correction), VIN, fuel, tires, transponder. */
function VehicleFacts({ asset: v, open }: Part) {
  const { t } = useTranslation("fleet");
  return (
    <>
      <Fact label={t("fields.plate")}>
        <span className="font-mono">
          {v.plateNumber || "—"}
          {v.plateState ? ` · ${v.plateState}` : ""}
        </span>
      </Fact>
      <Fact label={t("fields.plateExpiresOn")}>
        <ExpiryDate date={v.plateExpiresOn} today={v.today} testId="plate-warning" />
      </Fact>
      <Fact label={t("fields.insuranceExpiresOn")}>
        <ExpiryDate date={v.insuranceExpiresOn} today={v.today} testId="insurance-warning" />
      </Fact>
      <Fact label={t("fields.mileage")}>
        <span data-testid="vehicle-mileage">{t("units.miles", { value: formatNumber(v.mileage) })}</span>
        {v.canEdit ? (
          <button
            type="button"
            className="ml-2 text-xs font-medium text-brand-700 hover:underline"
            onClick={() => open("odometer")}
            data-testid="correct-odometer"
          >
            {t("odometer.correct")}
          </button>
        ) : null}
      </Fact>
      <Fact label={t("fields.vin")}>
        <span className="font-mono text-xs">{v.vin ?? "—"}</span>
      </Fact>
      <Fact label={t("fields.fuelType")}>{t(`fuelTypes.${v.fuelType}`)}</Fact>
      <Fact label={t("fields.lastTireChangeOn")}>{formatDay(v.lastTireChangeOn)}</Fact>
      <Fact label={t("fields.transponder")}>{v.transponder ?? "—"}</Fact>
      <Fact label={t("fields.telematicsId")}>{v.telematicsId ?? "—"}</Fact>
    </>
  );
}

function VehicleDialogs({
  asset: v,
  dialog,
  close,
}: {
  asset: VehicleDetail;
  dialog: VehicleDialog | null;
  close: () => void;
}) {
  const onOpenChange = (open: boolean) => !open && close();
  if (dialog === "odometer") {
    return (
      <OdometerDialog
        vehicleId={v.id}
        unitNumber={v.unitNumber}
        mileage={v.mileage}
        onOpenChange={onOpenChange}
      />
    );
  }
  if (dialog === "schedules") {
    return (
      <SchedulesDialog
        vehicleId={v.id}
        unitNumber={v.unitNumber}
        schedules={v.schedules}
        onOpenChange={onOpenChange}
      />
    );
  }
  return null;
}

const vehicleDetail: AssetDetailKind<VehicleDetail, VehicleDialog> = {
  name: "vehicle",
  words: "vehicles",
  param: "vehicleId",
  listPath: ROUTES.vehicles.path,
  useAsset: useVehicle,
  title: (v, t) => t("vehicles.unit", { unit: v.unitNumber }),
  label: (v) => v.unitNumber,
  deleteTitle: (v, t) => t("vehicles.deleteTitle", { unit: v.unitNumber }),
  subtitle: (v) => [v.year, v.make, v.model].filter(Boolean).join(" ") || "—",
  logFilter: (v) => ({ vehicleId: v.id }),
  Badges: ({ asset }) => (
    <MaintenanceStatusBadge status={asset.maintenanceStatus} className="px-2.5 py-1 text-sm" />
  ),
  Alerts: VehicleAlerts,
  Sections: VehicleSchedules,
  Facts: VehicleFacts,
  Dialogs: VehicleDialogs,
  FormDialog: ({ asset, onOpenChange }) => <VehicleFormDialog vehicle={asset} onOpenChange={onOpenChange} />,
};

/** "Due in 12 days · 1,720 mi left", "Overdue by 3 days", "Never serviced". */
function DueText({ schedule: s }: { schedule: Schedule }) {
  const { t } = useTranslation("fleet");
  const parts: string[] = [];
  if (s.daysLeft !== null) {
    parts.push(
      s.daysLeft < 0
        ? t("due.daysOverdue", { count: -s.daysLeft })
        : s.daysLeft === 0
          ? t("due.today")
          : t("due.daysLeft", { count: s.daysLeft }),
    );
  }
  if (s.milesLeft !== null) {
    parts.push(
      s.milesLeft < 0
        ? t("due.milesOverdue", { value: formatNumber(-s.milesLeft) })
        : t("due.milesLeft", { value: formatNumber(s.milesLeft) }),
    );
  }
  if (parts.length === 0) return <>{t("due.never")}</>;
  return <span data-testid="due-text">{parts.join(" · ")}</span>;
}
