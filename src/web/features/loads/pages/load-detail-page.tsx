import { can, canOpen, homePathFor, ROUTES, routePath } from "@shared/access";
import type { LoadDetail, LoadStatus } from "@shared/loads/loads.schema";
import { ArrowLeft, ArrowRight, Ban, Copy, Megaphone, Pencil, RefreshCcw, Undo2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { OfflineNotice } from "../../../components/offline-notice";
import { isEditable, LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, SectionCard } from "../../../components/ui/card";
import { lazyDialog, lazyPanel } from "../../../components/ui/lazy";
import { describePay } from "../../../lib/describe-pay";
import { formatDateTime, formatMoney, formatNumber, localToday } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { isUnreachable } from "../../../lib/use-online";
import { useInvalidateLoads, useLoad } from "../api/loads";
import { BolLinksPanel } from "../components/bol-links-panel";
import { DriverLoadActions } from "../components/driver-load-actions";
import { DriverPaperNotice } from "../components/driver-paper-notice";
import { InterestedDriversPanel } from "../components/interested-drivers-panel";
import { LoadFilesPanel } from "../components/load-files-panel";
import { DetailSkeleton, LoadLoadError } from "../components/load-skeletons";
import { NextStopCard } from "../components/next-stop-card";
import { StatusTimeline } from "../components/status-timeline";
import { StopsTimeline } from "../components/stops-timeline";

/** The IFTA state miles download after the page has rendered (decision 023). */
const StateMilesPanel = lazyPanel(() =>
  import("../components/state-miles-panel").then((m) => m.StateMilesPanel),
);
/** Loaded and empty miles, where they come from, the override (issue 40). */
const MilesPanel = lazyPanel(() => import("../components/miles-panel").then((m) => m.MilesPanel));
const TrackingLinkPanel = lazyPanel(() =>
  import("../components/tracking-link-panel").then((m) => m.TrackingLinkPanel),
);
/** The truck on a map with its ETA (issue 40): MapLibre downloads only when the panel shows. */
const LoadTrackingPanel = lazyPanel(() =>
  import("../../tracking/components/load-tracking-panel").then((m) => m.LoadTrackingPanel),
);
const ChangeStatusDialog = lazyDialog(() =>
  import("../components/change-status-dialog").then((m) => m.ChangeStatusDialog),
);

export default function LoadDetailPage() {
  const { t } = useTranslation("loads");
  const { loadId = "" } = useParams();
  const me = useMe().data;
  const load = useLoad(loadId);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <Link
        to={ROUTES.loads.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToList")}
      </Link>
      {can(me ?? null, "loads:write") ? null : <OfflineNotice shown={load} />}
      {/* What was kept stays on screen when the network fails (decision 062); the server's refusal (a
          load no longer the driver's: 404) replaces it. */}
      {load.isError && (!load.data || !isUnreachable(load.error)) ? (
        <LoadLoadError query={load} />
      ) : !load.data ? (
        <DetailSkeleton label={t("common:loading")} />
      ) : (
        <LoadView
          load={load.data}
          staff={can(me ?? null, "loads:write")}
          bolLinks={can(me ?? null, "bolLinks:manage")}
          tracking={
            can(me ?? null, "tracking:view") ? "staff" : can(me ?? null, "tracking:share") ? "driver" : null
          }
        />
      )}
    </div>
  );
}

function LoadView({
  load,
  staff,
  bolLinks,
  tracking,
}: {
  load: LoadDetail;
  staff: boolean;
  bolLinks: boolean;
  /** Who reads the tracking panel: dispatch (confirms crossings) or the load's own driver. */
  tracking: "staff" | "driver" | null;
}) {
  const { t } = useTranslation("loads");
  const navigate = useNavigate();
  const [statusDialog, setStatusDialog] = useState<{ preset?: LoadStatus } | null>(null);
  const canCancel = staff && load.allowedStatuses.includes("cancelled");
  const editable = isEditable(load.status);
  const changeable = load.allowedStatuses.filter((s) => s !== "cancelled").length > 0;
  const first = [...load.stops].sort((a, b) => a.sequence - b.sequence)[0];
  const onBoard = load.postedToBoard && load.status === "pending" && !load.driverId;
  const invalidateLoads = useInvalidateLoads();

  return (
    <>
      {staff ? null : <NextStopCard load={load} />}
      <Card className="overflow-hidden" data-testid="load-header">
        <div className="grid grid-cols-1 gap-4 p-5 sm:p-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1
                  className="font-mono text-2xl font-semibold tracking-tight text-slate-900"
                  data-testid="load-number"
                >
                  {load.loadNumber}
                </h1>
                <LoadStatusBadge status={load.status} className="px-2.5 py-1 text-sm" />
                {load.postedToBoard ? (
                  <Badge tone="info" className="gap-1">
                    <Megaphone className="size-3" aria-hidden />
                    {t("detail.onBoard")}
                  </Badge>
                ) : null}
              </div>
              <p className="mt-2 flex flex-wrap items-center gap-1.5 text-slate-700">
                <span className="font-medium">
                  {load.pickupCity}, {load.pickupState}
                </span>
                <ArrowRight className="size-4 text-slate-500" aria-hidden />
                <span className="font-medium">
                  {load.deliveryCity}, {load.deliveryState}
                </span>
              </p>
              {load.description ? <p className="mt-1 text-sm text-slate-500">{load.description}</p> : null}
            </div>
            {staff ? (
              <div className="grid grid-cols-2 gap-2 sm:flex sm:shrink-0 sm:flex-wrap sm:justify-end">
                {editable ? (
                  <Button asChild variant="outline">
                    <Link to={routePath("loadEdit", { loadId: load.id })} data-testid="edit-load">
                      <Pencil aria-hidden />
                      {t("common:actions.edit")}
                    </Link>
                  </Button>
                ) : null}
                <Button asChild variant="outline">
                  <Link to={`${routePath("loadNew")}?from=${load.id}`} data-testid="duplicate-load">
                    <Copy aria-hidden />
                    {t("detail.duplicate")}
                  </Link>
                </Button>
                <Button asChild variant="outline">
                  <Link to={`${routePath("loadNew")}?from=${load.id}&mode=return`} data-testid="return-load">
                    <Undo2 aria-hidden />
                    {t("detail.returnLoad")}
                  </Link>
                </Button>
                <Button
                  onClick={() => setStatusDialog({})}
                  disabled={!changeable}
                  data-testid="change-status"
                >
                  <RefreshCcw aria-hidden />
                  {t("detail.changeStatus")}
                </Button>
                {canCancel ? (
                  <Button
                    variant="outline"
                    className="col-span-2 border-red-200 text-red-700 hover:bg-red-50"
                    onClick={() => setStatusDialog({ preset: "cancelled" })}
                    data-testid="cancel-load"
                  >
                    <Ban aria-hidden />
                    {t("detail.cancelLoad")}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>

          {load.driverName ? (
            <DriverPaperNotice driverName={load.driverName} warnings={load.driverWarnings} />
          ) : null}
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 sm:grid-cols-3 lg:grid-cols-6">
            {staff ? <Fact label={t("fields.customer")}>{load.customerName ?? "—"}</Fact> : null}
            <Fact label={t("fields.driver")}>
              <span data-testid="load-driver">{load.driverName ?? t("list.unassigned")}</span>
            </Fact>
            <Fact label={t("fields.pickup")}>{first ? formatDateTime(load.pickupAt) : "—"}</Fact>
            <Fact label={t("fields.delivery")}>{formatDateTime(load.deliveryAt)}</Fact>
            <Fact label={t("fields.loadedMiles")}>
              {load.loadedMiles !== null ? t("units.miles", { value: formatNumber(load.loadedMiles) }) : "—"}
              {load.loadedMiles !== null && load.milesSource === "estimated" ? (
                <span className="ms-1 text-xs font-normal text-amber-700">({t("miles.estimated")})</span>
              ) : null}
            </Fact>
            <Fact label={t("fields.weightLbs")}>
              {load.weightLbs !== null ? t("units.lbs", { value: formatNumber(load.weightLbs) }) : "—"}
            </Fact>
            {load.equipmentType ? (
              <Fact label={t("fields.equipmentType")}>
                <span data-testid="load-equipment">
                  {t(`trailerTypes.${load.equipmentType}`)}
                  {load.tempMinF !== null && load.tempMaxF !== null
                    ? ` · ${t("units.tempRange", { min: formatNumber(load.tempMinF, 1), max: formatNumber(load.tempMaxF, 1) })}`
                    : ""}
                </span>
              </Fact>
            ) : null}
            {load.commodity ? <Fact label={t("fields.commodity")}>{load.commodity}</Fact> : null}
            {load.pieceCount !== null || load.palletCount !== null ? (
              <Fact label={t("fields.handlingUnits")}>
                {[
                  load.pieceCount !== null ? t("units.pieces", { count: load.pieceCount }) : null,
                  load.palletCount !== null ? t("units.pallets", { count: load.palletCount }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </Fact>
            ) : null}
            {load.poNumber ? <Fact label={t("fields.poNumber")}>{load.poNumber}</Fact> : null}
            {load.bolNumber ? <Fact label={t("fields.bolNumber")}>{load.bolNumber}</Fact> : null}
            <Fact label={t("fields.vehicle")}>{load.vehicleLabel ?? "—"}</Fact>
            <Fact label={t("fields.trailer")}>{load.trailerLabel ?? "—"}</Fact>
            {staff ? (
              <Fact label={t("fields.totalRate")}>
                <span className="font-semibold">{formatMoney(load.totalRate)}</span>
              </Fact>
            ) : null}
          </dl>
        </div>
        {load.driverActions.length > 0 ? (
          <div className="border-t border-slate-100 bg-slate-50 p-4 sm:p-5">
            <DriverLoadActions load={load} onDeclined={() => navigate(homePathFor("driver"))} />
          </div>
        ) : null}
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid grid-cols-1 content-start gap-6 lg:col-span-2">
          <SectionCard
            title={t("detail.stops")}
            description={t("detail.stopsCount", { count: load.stops.length })}
          >
            <StopsTimeline load={load} staff={staff} />
          </SectionCard>
          {staff ? (
            <SectionCard title={t("detail.charges")}>
              <ChargesTable load={load} />
            </SectionCard>
          ) : load.driverPay ? (
            <SectionCard title={t("detail.yourPay")}>
              <p className="text-2xl font-semibold tabular-nums text-slate-900">
                {formatMoney(load.driverPay)}
              </p>
              {load.payType && load.payRate ? (
                <p className="mt-1 text-sm text-slate-500">{describePay(t, load.payType, load.payRate)}</p>
              ) : null}
            </SectionCard>
          ) : null}
          <SectionCard title={t("detail.files")} description={t("detail.filesText")}>
            <LoadFilesPanel load={load} staff={staff} />
          </SectionCard>
          {load.notes ? (
            <SectionCard title={t("fields.notes")}>
              <p className="whitespace-pre-wrap text-sm text-slate-700">{load.notes}</p>
            </SectionCard>
          ) : null}
        </div>
        <div className="grid grid-cols-1 content-start gap-6">
          {tracking &&
          (load.status === "assigned" || load.status === "in_progress" || load.status === "completed") ? (
            <SectionCard title={t("detail.tracking")}>
              <LoadTrackingPanel
                loadId={load.id}
                canDecide={tracking === "staff"}
                onDecided={invalidateLoads}
              />
            </SectionCard>
          ) : null}
          {staff && onBoard ? (
            <SectionCard title={t("interests.title")} description={t("interests.text")}>
              <InterestedDriversPanel
                loadId={load.id}
                loadNumber={load.loadNumber}
                deliveryDay={load.deliveryAt ? localToday(new Date(load.deliveryAt)) : null}
              />
            </SectionCard>
          ) : null}
          <SectionCard title={t("miles.title")}>
            <MilesPanel
              loadId={load.id}
              canOverride={staff && load.status !== "cancelled"}
              delivered={load.status === "completed"}
            />
          </SectionCard>
          <SectionCard title={t("detail.timeline")}>
            <StatusTimeline events={load.timeline} />
          </SectionCard>
          {load.status === "in_progress" ||
          load.status === "completed" ||
          (staff && load.status === "assigned") ? (
            <SectionCard title={t("stateMiles.title")}>
              <StateMilesPanel loadId={load.id} />
            </SectionCard>
          ) : null}
          {staff ? (
            <SectionCard title={t("trackingLinks.title")} description={t("trackingLinks.text")}>
              <TrackingLinkPanel loadId={load.id} />
            </SectionCard>
          ) : null}
          {bolLinks ? (
            <SectionCard title={t("bolLinks.title")} description={t("bolLinks.text")}>
              <BolLinksPanel loadId={load.id} />
            </SectionCard>
          ) : null}
        </div>
      </div>

      {staff ? (
        <ChangeStatusDialog
          load={load}
          open={!!statusDialog}
          preset={statusDialog?.preset}
          onOpenChange={(open) => !open && setStatusDialog(null)}
        />
      ) : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The invoice billing the load: a link into the invoice list for those who may open it. */
function InvoiceRow({ invoiceNumber }: { invoiceNumber: string }) {
  const { t } = useTranslation("loads");
  const me = useMe().data;
  return (
    <div className="flex items-center justify-between gap-4 py-2">
      <dt className="text-slate-600">{t("fields.invoice")}</dt>
      <dd data-testid="load-invoice">
        {canOpen(me, "customerInvoices") ? (
          <Link
            to={`${ROUTES.customerInvoices.path}?q=${encodeURIComponent(invoiceNumber)}`}
            className="font-medium text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {invoiceNumber}
          </Link>
        ) : (
          invoiceNumber
        )}
      </dd>
    </div>
  );
}

function ChargesTable({ load }: { load: LoadDetail }) {
  const { t } = useTranslation("loads");
  const row = (label: string, value: string | null, strong = false) => (
    <div
      className={`flex items-center justify-between gap-4 py-2 ${strong ? "font-semibold text-slate-900" : ""}`}
    >
      <dt className={strong ? "" : "text-slate-600"}>{label}</dt>
      <dd className="tabular-nums">{value === null ? "—" : formatMoney(value)}</dd>
    </div>
  );
  return (
    <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
      <dl className="divide-y divide-slate-100 text-sm">
        {row(t("fields.baseRate"), load.baseRate)}
        {load.fuelSurcharge ? row(t("fields.fuelSurchargeIncluded"), load.fuelSurcharge) : null}
        {row(t("fields.lumperFee"), load.lumperFee)}
        {row(t("fields.detention"), load.detention)}
        {row(t("fields.otherCharges"), load.otherCharges)}
        {row(t("fields.totalRate"), load.totalRate, true)}
      </dl>
      <dl className="divide-y divide-slate-100 text-sm">
        {row(t("fields.customerRate"), load.customerRate)}
        {load.invoiceNumber ? <InvoiceRow invoiceNumber={load.invoiceNumber} /> : null}
        <div className="flex items-start justify-between gap-4 py-2">
          <dt className="text-slate-600">{t("fields.driverPay")}</dt>
          <dd className="text-right">
            <span className="tabular-nums" data-testid="driver-pay">
              {load.driverPay === null ? "—" : formatMoney(load.driverPay)}
            </span>
            {load.payType && load.payRate ? (
              <span className="block text-xs text-slate-500">
                {describePay(t, load.payType, load.payRate)}
                {load.payFromDriverDefault ? ` · ${t("pay.fromDefault")}` : ""}
              </span>
            ) : null}
          </dd>
        </div>
        <div className="flex items-center justify-between gap-4 py-2">
          <dt className="text-slate-600">{t("fields.fuelUsedGallons")}</dt>
          <dd className="tabular-nums">
            {load.fuelUsedGallons === null
              ? "—"
              : t("units.gallons", { value: formatNumber(load.fuelUsedGallons, 1) })}
          </dd>
        </div>
      </dl>
    </div>
  );
}
