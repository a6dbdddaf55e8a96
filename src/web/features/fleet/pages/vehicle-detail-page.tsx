import { can, ROUTES } from "@shared/access";
import { vehicleExpiryAlerts } from "@shared/fleet/fleet-alerts";
import type { Schedule, VehicleDetail } from "@shared/fleet/vehicles.schema";
import { AlertTriangle, ArrowLeft, CalendarClock, ClipboardPlus, Pencil, Trash2, Wrench } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyDialog } from "../../../components/ui/lazy";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatDay, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useDeleteAsset, useVehicle } from "../api/fleet";
import { DetailError, DetailSkeleton, Fact } from "../components/detail-states";
import { DocumentsPanel } from "../components/documents-panel";
import {
  AssetStatusBadge,
  ExpiryDate,
  MaintenanceStatusBadge,
  useExpiryText,
} from "../components/fleet-badges";
import { maintenanceLogLink, RecentMaintenance } from "../components/recent-maintenance";
import { useFleetMessages } from "../fleet-messages";

const MaintenanceFormDialog = lazyDialog(() =>
  import("../components/maintenance-form-dialog").then((m) => m.MaintenanceFormDialog),
);
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
  const { t } = useTranslation("fleet");
  const { vehicleId = "" } = useParams();
  const vehicle = useVehicle(vehicleId);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <Link
        to={ROUTES.vehicles.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("vehicles.back")}
      </Link>
      {vehicle.isError ? (
        <DetailError query={vehicle} backTo={ROUTES.vehicles.path} backLabel={t("vehicles.back")} />
      ) : !vehicle.data ? (
        <DetailSkeleton label={t("common:loading")} />
      ) : (
        <VehicleView vehicle={vehicle.data} />
      )}
    </div>
  );
}

function VehicleView({ vehicle: v }: { vehicle: VehicleDetail }) {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const navigate = useNavigate();
  const messages = useFleetMessages();
  const expiryText = useExpiryText();
  const staff = me?.role !== "driver";
  const [dialog, setDialog] = useState<
    "edit" | "schedules" | "log" | "defect" | "delete" | "odometer" | null
  >(null);
  const remove = useDeleteAsset("vehicles");
  const alerts = vehicleExpiryAlerts(v, v.today);
  const late = v.schedules.filter((s) => s.status !== "good");
  const title = t("vehicles.unit", { unit: v.unitNumber });

  return (
    <>
      <Card data-testid="vehicle-header">
        <div className="grid gap-4 p-5 sm:p-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1
                  className="text-2xl font-semibold tracking-tight text-slate-900"
                  data-testid="vehicle-title"
                >
                  {title}
                </h1>
                <AssetStatusBadge status={v.status} />
                <MaintenanceStatusBadge status={v.maintenanceStatus} className="px-2.5 py-1 text-sm" />
              </div>
              <p className="mt-1 text-sm text-slate-500">
                {[v.year, v.make, v.model].filter(Boolean).join(" ") || "—"}
                {v.assignedDriverName ? ` · ${t("vehicles.drivenBy", { name: v.assignedDriverName })}` : ""}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {v.canLogMaintenance ? (
                <>
                  <Button
                    onClick={() => setDialog("log")}
                    className="flex-1 sm:flex-none"
                    data-testid="log-maintenance"
                  >
                    <Wrench aria-hidden />
                    {t("maintenance.log")}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => setDialog("defect")}
                    className="flex-1 sm:flex-none"
                    data-testid="report-defect"
                  >
                    <ClipboardPlus aria-hidden />
                    {t("maintenance.report")}
                  </Button>
                </>
              ) : null}
              {v.canEdit ? (
                <Button variant="outline" onClick={() => setDialog("edit")} data-testid="edit-vehicle">
                  <Pencil aria-hidden />
                  {t("common:actions.edit")}
                </Button>
              ) : null}
              {can(me ?? null, "fleet:delete") ? (
                <Button
                  variant="ghost"
                  className="text-red-600 hover:bg-red-50"
                  onClick={() => setDialog("delete")}
                  aria-label={t("vehicles.delete")}
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
            </div>
          </div>
          {alerts.length > 0 || late.length > 0 ? (
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
          ) : null}
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid content-start gap-6 lg:col-span-2">
          <Card>
            <CardHeader className="flex flex-row items-start justify-between gap-3">
              <div>
                <CardTitle>{t("schedules.title")}</CardTitle>
                <CardDescription>{t("schedules.cardDescription")}</CardDescription>
              </div>
              {v.canEdit ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setDialog("schedules")}
                  data-testid="edit-schedules"
                >
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
                            <span className="font-medium text-slate-900">
                              {t(`serviceTypes.${s.serviceType}`)}
                            </span>
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

          <Card>
            <CardHeader>
              <CardTitle>{t("maintenance.recent")}</CardTitle>
            </CardHeader>
            <CardContent>
              <RecentMaintenance
                items={v.recentMaintenance}
                assetLabel={v.unitNumber}
                logLink={maintenanceLogLink({ vehicleId: v.id })}
              />
            </CardContent>
          </Card>
        </div>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("vehicle.details")}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-4">
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
                  <span data-testid="vehicle-mileage">
                    {t("units.miles", { value: formatNumber(v.mileage) })}
                  </span>
                  {v.canEdit ? (
                    <button
                      type="button"
                      className="ml-2 text-xs font-medium text-brand-700 hover:underline"
                      onClick={() => setDialog("odometer")}
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
                <Fact label={t("fields.assignedDriver")}>
                  {v.assignedDriverName ?? t("vehicles.unassigned")}
                  {v.assignedSince ? (
                    <span className="block text-xs text-slate-500">
                      {t("vehicles.since", { date: formatDateTime(v.assignedSince) })}
                    </span>
                  ) : null}
                </Fact>
                <Fact label={t("vehicles.openItemsLabel")}>{formatNumber(v.openItems)}</Fact>
                {v.notes ? (
                  <div className="col-span-2">
                    <Fact label={t("fields.notes")}>
                      <span className="whitespace-pre-line">{v.notes}</span>
                    </Fact>
                  </div>
                ) : null}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>{t("documents.title")}</CardTitle>
            </CardHeader>
            <CardContent>
              <DocumentsPanel
                kind="vehicles"
                assetId={v.id}
                documents={v.documents}
                today={v.today}
                canEdit={v.canEdit}
              />
            </CardContent>
          </Card>
        </div>
      </div>

      {dialog === "edit" ? (
        <VehicleFormDialog vehicle={v} onOpenChange={(open) => !open && setDialog(null)} />
      ) : null}
      {dialog === "odometer" ? (
        <OdometerDialog
          vehicleId={v.id}
          unitNumber={v.unitNumber}
          mileage={v.mileage}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog === "schedules" ? (
        <SchedulesDialog
          vehicleId={v.id}
          unitNumber={v.unitNumber}
          schedules={v.schedules}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      {dialog === "log" || dialog === "defect" ? (
        <MaintenanceFormDialog
          asset={{ assetType: "vehicle", id: v.id, label: v.unitNumber }}
          staff={staff}
          defaultStatus={dialog === "defect" ? "open" : "completed"}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("vehicles.deleteTitle", { unit: v.unitNumber })}
        description={t("vehicles.deleteText")}
        confirmLabel={t("common:actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(v.id, {
            onSuccess: () => {
              notify({ title: t("vehicles.deleted"), description: title, variant: "success" });
              navigate(ROUTES.vehicles.path);
            },
            onError: (error) => {
              setDialog(null);
              notify({
                title: t("vehicles.deleteFailed"),
                description: messages.error(error),
                variant: "error",
              });
            },
          })
        }
      />
    </>
  );
}

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
