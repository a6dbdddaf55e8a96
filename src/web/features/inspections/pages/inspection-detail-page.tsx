import { canOpen, ROUTES, routePath } from "@shared/access";
import type { InspectionDetail } from "@shared/inspections/inspections.schema";
import { ArrowLeft, Check, ClipboardPlus, Wrench, X } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ListError } from "../../../components/list/list-states";
import { SentLateMark } from "../../../components/status/sent-late-mark";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/feedback";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { inspectionImageUrl, useAddInspectionPhotos, useInspection } from "../api/inspections";
import {
  InspectionStatusBadge,
  InspectionTypeBadge,
  useAssetDescription,
  useAssetName,
} from "../components/inspection-badges";
import { PhotoButtons, shrinkPhoto, usePhotoRules } from "../components/photo-picker";
import { useInspectionMessage } from "../inspection-messages";

export default function InspectionDetailPage() {
  const { t } = useTranslation("inspections");
  const { inspectionId = "" } = useParams();
  const inspection = useInspection(inspectionId);

  return (
    <div className="mx-auto grid w-full max-w-5xl grid-cols-1 gap-4 sm:gap-6">
      <Link
        to={ROUTES.inspections.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("detail.backToList")}
      </Link>
      {inspection.isError ? (
        <Card>
          <ListError
            title={isApiError(inspection.error, 404) ? t("detail.notFound") : t("detail.loadFailed")}
            description={describeError(inspection.error, t)}
            onRetry={() => void inspection.refetch()}
            retrying={inspection.isFetching}
          />
        </Card>
      ) : !inspection.data ? (
        <Card className="p-8">
          <Spinner label={t("common:loading")} />
        </Card>
      ) : (
        <InspectionView inspection={inspection.data} />
      )}
    </div>
  );
}

function InspectionView({ inspection }: { inspection: InspectionDetail }) {
  const { t } = useTranslation("inspections");
  const me = useMe().data;
  const name = useAssetName();
  const describeAsset = useAssetDescription();
  const failed = inspection.checklist.filter((e) => e.result === "fail");
  const passed = inspection.checklist.filter((e) => e.result === "pass");

  return (
    <>
      <Card data-testid="inspection-header">
        <div className="grid gap-4 p-4 sm:p-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1
                  className="text-2xl font-semibold tracking-tight text-slate-900"
                  data-testid="inspection-asset"
                >
                  {name(inspection)}
                </h1>
                <InspectionStatusBadge status={inspection.overallStatus} className="px-2.5 py-1 text-sm" />
                <InspectionTypeBadge type={inspection.type} />
              </div>
              <p className="mt-1 text-sm text-slate-500">
                {describeAsset({
                  description: inspection.assetDescription,
                  trailerType: inspection.trailerType,
                })}
              </p>
            </div>
            <Link
              to={routePath("inspectionNew")}
              className="inline-flex h-10 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
            >
              <ClipboardPlus className="size-4" aria-hidden />
              {t("list.new")}
            </Link>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 border-t border-slate-100 pt-4 sm:grid-cols-3 lg:grid-cols-5">
            <Fact label={t("fields.inspectedAt")}>
              <time dateTime={inspection.inspectedAt}>{formatDateTime(inspection.inspectedAt)}</time>
            </Fact>
            <Fact label={t("fields.inspector")}>{inspection.inspectorName}</Fact>
            <Fact label={t("fields.driver")}>{inspection.driverName ?? "—"}</Fact>
            {inspection.assetType === "vehicle" ? (
              <Fact label={t("fields.odometer")}>
                {inspection.odometer !== null
                  ? t("units.miles", { value: formatNumber(inspection.odometer) })
                  : "—"}
              </Fact>
            ) : null}
            <Fact label={t("fields.location")}>{inspection.location || "—"}</Fact>
          </dl>
        </div>
      </Card>

      {inspection.maintenanceItems.length > 0 ? (
        <Card className="border-amber-200 bg-amber-50" data-testid="inspection-maintenance">
          <CardHeader className="p-4 pb-2 sm:p-5 sm:pb-2">
            <CardTitle className="flex items-center gap-2 text-amber-900">
              <Wrench className="size-4" aria-hidden />
              {t("detail.maintenanceTitle")}
            </CardTitle>
            <CardDescription className="text-amber-900/80">{t("detail.maintenanceText")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2 p-4 pt-0 sm:p-5 sm:pt-0">
            {inspection.maintenanceItems.map((item) => (
              <div key={item.id} className="rounded-md border border-amber-200 bg-white p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={item.status === "open" ? "warning" : "success"}>
                    {t(`maintenance.${item.status}`, { defaultValue: item.status })}
                  </Badge>
                  <span className="font-medium text-slate-900">
                    {t(`maintenance.serviceTypes.${item.serviceType}`, { defaultValue: item.serviceType })}
                  </span>
                  <time className="text-xs text-slate-500" dateTime={item.createdAt}>
                    {formatDateTime(item.createdAt)}
                  </time>
                </div>
                <p className="mt-1 whitespace-pre-line text-slate-700">{item.notes}</p>
              </div>
            ))}
            {me && canOpen(me, "maintenance") ? (
              <Link
                to={`${ROUTES.maintenance.path}?${inspection.assetType === "vehicle" ? "vehicleId" : "trailerId"}=${encodeURIComponent(inspection.assetId)}`}
                className="w-fit text-sm font-medium text-amber-900 underline-offset-4 hover:underline"
                data-testid="open-maintenance"
              >
                {t("detail.openMaintenance")}
              </Link>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      <div className="grid gap-4 sm:gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader className="p-4 pb-3 sm:p-5 sm:pb-3">
            <CardTitle>{t("form.sections.checklist")}</CardTitle>
            <CardDescription>
              {t("detail.checklistSummary", { passed: passed.length, failed: failed.length })}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 p-4 pt-0 sm:p-5 sm:pt-0">
            {failed.length > 0 ? (
              <ul className="grid gap-2" data-testid="failed-items">
                {failed.map((e) => (
                  <li key={e.item} className="flex gap-3 rounded-md border border-red-200 bg-red-50 p-3">
                    <X className="mt-0.5 size-4 shrink-0 text-red-600" aria-label={t("checklist.fail")} />
                    <div className="min-w-0">
                      <p className="font-medium text-red-900">{t(`items.${e.item}.label`)}</p>
                      <p className="text-sm text-red-800">{e.note}</p>
                    </div>
                  </li>
                ))}
              </ul>
            ) : null}
            <ul className="grid gap-x-4 gap-y-1.5 sm:grid-cols-2">
              {passed.map((e) => (
                <li key={e.item} className="flex items-start gap-2 text-sm text-slate-700">
                  <Check
                    className="mt-0.5 size-4 shrink-0 text-emerald-600"
                    aria-label={t("checklist.pass")}
                  />
                  <span>
                    {t(`items.${e.item}.label`)}
                    {e.note ? <span className="block text-xs text-slate-500">{e.note}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <div className="grid content-start gap-4 sm:gap-6">
          <Card>
            <CardHeader className="p-4 pb-3 sm:p-5 sm:pb-3">
              <CardTitle>{t("fields.comments")}</CardTitle>
            </CardHeader>
            <CardContent className="p-4 pt-0 sm:p-5 sm:pt-0">
              <p
                className={cn(
                  "whitespace-pre-line text-sm",
                  inspection.comments ? "text-slate-800" : "text-slate-500",
                )}
              >
                {inspection.comments || t("detail.noComments")}
              </p>
            </CardContent>
          </Card>
          <PhotosCard inspection={inspection} />
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {/* Filed offline on the phone: when it was filed there, and the mark says when it came (issue 41). */}
            {t("detail.filedBy", {
              name: inspection.createdByName ?? "—",
              when: formatDateTime(inspection.late ? inspection.occurredAt : inspection.createdAt),
            })}
            <SentLateMark record={inspection} />
          </p>
        </div>
      </div>
    </>
  );
}

function PhotosCard({ inspection }: { inspection: InspectionDetail }) {
  const { t } = useTranslation("inspections");
  const add = useAddInspectionPhotos(inspection.id);
  const accept = usePhotoRules(inspection.images.length);
  const known = useInspectionMessage();

  const onPick = async (files: File[]) => {
    const ok = accept(files);
    if (!ok.length) return;
    try {
      await add.mutateAsync(await Promise.all(ok.map(shrinkPhoto)));
      notify({ title: t("photos.added"), variant: "success" });
    } catch (error) {
      notify({
        title: t("photos.addFailed"),
        description: error instanceof Error ? (known(error.message) ?? error.message) : undefined,
        variant: "error",
      });
    }
  };

  return (
    <Card>
      <CardHeader className="p-4 pb-3 sm:p-5 sm:pb-3">
        <CardTitle>{t("form.sections.photos")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 p-4 pt-0 sm:p-5 sm:pt-0">
        {inspection.images.length === 0 ? (
          <p className="text-sm text-slate-500">{t("detail.noPhotos")}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2" data-testid="inspection-photos">
            {inspection.images.map((image) => (
              <li key={image.id}>
                <a
                  href={inspectionImageUrl(inspection.id, image.id)}
                  target="_blank"
                  rel="noreferrer"
                  className="block aspect-square overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                  aria-label={t("photos.open", { name: image.fileName })}
                >
                  <img
                    src={inspectionImageUrl(inspection.id, image.id)}
                    alt={image.fileName}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
        {inspection.canAddImages ? (
          <PhotoButtons onPick={(files) => void onPick(files)} busy={add.isPending} />
        ) : null}
      </CardContent>
    </Card>
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
