import type { PortalFile } from "@shared/portal/portal.schema";
import { CheckCircle2, Clock, Download, FileText, MapPin, Truck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Alert, Spinner } from "../../../components/ui/feedback";
import { describeError, isApiError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { formatInZone } from "../../../lib/format-zone";
import { notify } from "../../../lib/toast";
import { LivePosition } from "../../tracking/components/live-position";
import { downloadPortalFile, usePortalLoad } from "../api/portal";
import { PortalTrackingLink } from "./portal-tracking-link";

/** One of the customer's loads: where it is, its stops, its history and its BOL/POD. */
export function PortalLoadDialog({ loadId, onClose }: { loadId: string | null; onClose: () => void }) {
  const { t } = useTranslation(["portal", "loads"]);
  const load = usePortalLoad(loadId);
  const [downloading, setDownloading] = useState<string | null>(null);
  const data = load.data;

  const fetchFile = async (file: PortalFile) => {
    if (!loadId) return;
    setDownloading(file.id);
    try {
      await downloadPortalFile(loadId, file.id, file.fileName);
    } catch (error) {
      notify({ title: t("load.downloadFailed"), description: describeError(error, t), variant: "error" });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Dialog
      open={!!loadId}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={data ? t("load.title", { number: data.loadNumber }) : t("load.loading")}
      closeLabel={t("common:actions.close")}
      className="max-w-2xl"
    >
      {load.isError ? (
        <Alert tone="danger">
          {isApiError(load.error, 404) ? t("load.notFound") : describeError(load.error, t)}
        </Alert>
      ) : !data ? (
        <Spinner label={t("common:loading")} />
      ) : (
        <div className="grid gap-5" data-testid="portal-load-detail">
          <div className="flex flex-wrap items-center gap-2">
            <LoadStatusBadge status={data.status} className="px-2.5 py-1 text-sm" />
            {data.requestNumber ? (
              <span className="text-xs text-slate-500">
                {t("load.fromRequest", { number: data.requestNumber })}
              </span>
            ) : null}
          </div>
          <div className="grid gap-3 rounded-md bg-slate-50 p-4 sm:grid-cols-2">
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {data.deliveredAt ? t("load.delivered") : t("load.eta")}
              </p>
              <p className="text-lg font-semibold text-slate-900" data-testid="portal-load-eta">
                {formatInZone(data.deliveredAt ?? data.deliveryAt, data.deliveryTimeZone)}
              </p>
            </div>
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
                {t("load.freight")}
              </p>
              <p className="text-sm text-slate-800">{data.description || "—"}</p>
              {data.weightLbs !== null ? (
                <p className="text-xs text-slate-500">
                  {t("load.weight", { value: formatNumber(data.weightLbs) })}
                </p>
              ) : null}
            </div>
            <p className="flex items-center gap-1.5 text-sm text-slate-600 sm:col-span-2">
              <Truck className="size-4 text-slate-500" aria-hidden />
              {data.status === "in_progress"
                ? t("load.onTheWay", { time: formatDateTime(data.startedAt) })
                : data.driverAssigned
                  ? t("load.driverAssigned")
                  : data.status === "pending"
                    ? t("load.awaitingDriver")
                    : null}
            </p>
          </div>

          <LivePosition live={data.live} />

          <section aria-labelledby="portal-stops">
            <h3 id="portal-stops" className="mb-2 text-sm font-semibold text-slate-900">
              {t("load.stops")}
            </h3>
            <ol className="grid gap-3">
              {data.stops.map((s) => (
                <li key={s.sequence} className="flex gap-3">
                  <MapPin
                    className={cn(
                      "mt-0.5 size-4 shrink-0",
                      s.type === "pickup" ? "text-sky-600" : "text-emerald-600",
                    )}
                    aria-hidden
                  />
                  <div className="text-sm">
                    <p className="font-medium text-slate-900">
                      {t(`load.stopType.${s.type}`)} · {s.locationName}
                    </p>
                    <p className="text-slate-600">
                      {s.address}, {s.city}, {s.state} {s.postalCode}
                    </p>
                    <p className="text-xs text-slate-500" data-testid="portal-stop-time">
                      {formatInZone(s.scheduledAt, s.timeZone)}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="portal-history">
            <h3 id="portal-history" className="mb-2 text-sm font-semibold text-slate-900">
              {t("load.history")}
            </h3>
            <ol className="grid gap-2 border-l border-slate-200 pl-4">
              {data.timeline.map((e) => (
                <li key={`${e.status}-${e.at}`} className="relative text-sm">
                  <span
                    className="absolute -left-[21px] top-1.5 size-2 rounded-full bg-brand-600"
                    aria-hidden
                  />
                  <span className="font-medium text-slate-800">{t(`loads:status.${e.status}`)}</span>
                  <span className="ml-2 text-xs text-slate-500">{formatDateTime(e.at)}</span>
                </li>
              ))}
            </ol>
          </section>

          {loadId ? <PortalTrackingLink key={loadId} loadId={loadId} /> : null}

          <section aria-labelledby="portal-docs">
            <h3 id="portal-docs" className="mb-2 text-sm font-semibold text-slate-900">
              {t("load.documents")}
            </h3>
            {data.documents.length === 0 ? (
              <p className="flex items-center gap-1.5 text-sm text-slate-500">
                <Clock className="size-4" aria-hidden />
                {t("load.noDocuments")}
              </p>
            ) : (
              <ul className="grid gap-2">
                {data.documents.map((f) => (
                  <li
                    key={f.id}
                    className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2"
                  >
                    <span className="flex min-w-0 items-center gap-2 text-sm">
                      {f.kind === "pod" ? (
                        <CheckCircle2 className="size-4 shrink-0 text-emerald-600" aria-hidden />
                      ) : (
                        <FileText className="size-4 shrink-0 text-slate-500" aria-hidden />
                      )}
                      <span className="font-medium">{t(`load.fileKind.${f.kind}`)}</span>
                      <span className="truncate text-slate-500">{f.fileName}</span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => void fetchFile(f)}
                      disabled={downloading === f.id}
                      data-testid={`download-${f.kind}`}
                    >
                      {downloading === f.id ? <Spinner className="text-current" /> : <Download aria-hidden />}
                      {t("load.download")}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
