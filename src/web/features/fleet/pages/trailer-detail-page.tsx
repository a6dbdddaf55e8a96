import { can, ROUTES } from "@shared/access";
import type { TrailerDetail } from "@shared/fleet/trailers.schema";
import { ArrowLeft, ClipboardPlus, Pencil, Trash2, Wrench } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyDialog } from "../../../components/ui/lazy";
import { formatDateTime, formatDay, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useDeleteAsset, useTrailer } from "../api/fleet";
import { DetailError, DetailSkeleton, Fact } from "../components/detail-states";
import { DocumentsPanel } from "../components/documents-panel";
import { AssetStatusBadge, InspectionDate } from "../components/fleet-badges";
import { maintenanceLogLink, RecentMaintenance } from "../components/recent-maintenance";
import { useFleetMessages } from "../fleet-messages";

const MaintenanceFormDialog = lazyDialog(() =>
  import("../components/maintenance-form-dialog").then((m) => m.MaintenanceFormDialog),
);
const TrailerFormDialog = lazyDialog(() =>
  import("../components/trailer-form-dialog").then((m) => m.TrailerFormDialog),
);

export default function TrailerDetailPage() {
  const { t } = useTranslation("fleet");
  const { trailerId = "" } = useParams();
  const trailer = useTrailer(trailerId);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <Link
        to={ROUTES.trailers.path}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t("trailers.back")}
      </Link>
      {trailer.isError ? (
        <DetailError query={trailer} backTo={ROUTES.trailers.path} backLabel={t("trailers.back")} />
      ) : !trailer.data ? (
        <DetailSkeleton label={t("common:loading")} />
      ) : (
        <TrailerView trailer={trailer.data} />
      )}
    </div>
  );
}

function TrailerView({ trailer: tr }: { trailer: TrailerDetail }) {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const navigate = useNavigate();
  const messages = useFleetMessages();
  const staff = me?.role !== "driver";
  const [dialog, setDialog] = useState<"edit" | "log" | "defect" | "delete" | null>(null);
  const remove = useDeleteAsset("trailers");

  return (
    <>
      <Card>
        <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-2">
              <h1
                className="text-2xl font-semibold tracking-tight text-slate-900"
                data-testid="trailer-title"
              >
                {tr.identifier}
              </h1>
              <AssetStatusBadge status={tr.status} />
            </div>
            <p className="mt-1 text-sm text-slate-500">
              {[t(`trailerTypes.${tr.type}`), tr.size, tr.year].filter(Boolean).join(" · ")}
              {tr.assignedDriverName ? ` · ${t("vehicles.drivenBy", { name: tr.assignedDriverName })}` : ""}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {tr.canLogMaintenance ? (
              <>
                <Button onClick={() => setDialog("log")} className="flex-1 sm:flex-none">
                  <Wrench aria-hidden />
                  {t("maintenance.log")}
                </Button>
                <Button variant="outline" onClick={() => setDialog("defect")} className="flex-1 sm:flex-none">
                  <ClipboardPlus aria-hidden />
                  {t("maintenance.report")}
                </Button>
              </>
            ) : null}
            {tr.canEdit ? (
              <Button variant="outline" onClick={() => setDialog("edit")} data-testid="edit-trailer">
                <Pencil aria-hidden />
                {t("common:actions.edit")}
              </Button>
            ) : null}
            {can(me ?? null, "fleet:delete") ? (
              <Button
                variant="ghost"
                className="text-red-600 hover:bg-red-50"
                onClick={() => setDialog("delete")}
                aria-label={t("trailers.delete")}
              >
                <Trash2 aria-hidden />
              </Button>
            ) : null}
          </div>
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>{t("maintenance.recent")}</CardTitle>
          </CardHeader>
          <CardContent>
            <RecentMaintenance
              items={tr.recentMaintenance}
              assetLabel={tr.identifier}
              logLink={maintenanceLogLink({ trailerId: tr.id })}
            />
          </CardContent>
        </Card>
        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("trailer.details")}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-4">
                <Fact label={t("fields.lastInspectionOn")}>{formatDay(tr.lastInspectionOn)}</Fact>
                <Fact label={t("fields.nextInspectionOn")}>
                  <InspectionDate date={tr.nextInspectionOn} today={tr.today} />
                </Fact>
                <Fact label={t("fields.vin")}>
                  <span className="font-mono text-xs">{tr.vin ?? "—"}</span>
                </Fact>
                <Fact label={t("fields.plate")}>
                  <span className="font-mono">
                    {tr.plateNumber || "—"}
                    {tr.plateState ? ` · ${tr.plateState}` : ""}
                  </span>
                </Fact>
                <Fact label={t("fields.assignedDriver")}>
                  {tr.assignedDriverName ?? t("vehicles.unassigned")}
                  {tr.assignedSince ? (
                    <span className="block text-xs text-slate-500">
                      {t("vehicles.since", { date: formatDateTime(tr.assignedSince) })}
                    </span>
                  ) : null}
                </Fact>
                <Fact label={t("vehicles.openItemsLabel")}>{formatNumber(tr.openItems)}</Fact>
                {tr.notes ? (
                  <div className="col-span-2">
                    <Fact label={t("fields.notes")}>
                      <span className="whitespace-pre-line">{tr.notes}</span>
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
                kind="trailers"
                assetId={tr.id}
                documents={tr.documents}
                today={tr.today}
                canEdit={tr.canEdit}
              />
            </CardContent>
          </Card>
        </div>
      </div>

      {dialog === "edit" ? (
        <TrailerFormDialog trailer={tr} onOpenChange={(open) => !open && setDialog(null)} />
      ) : null}
      {dialog === "log" || dialog === "defect" ? (
        <MaintenanceFormDialog
          asset={{ assetType: "trailer", id: tr.id, label: tr.identifier }}
          staff={staff}
          defaultStatus={dialog === "defect" ? "open" : "completed"}
          onOpenChange={(open) => !open && setDialog(null)}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("trailers.deleteTitle", { identifier: tr.identifier })}
        description={t("trailers.deleteText")}
        confirmLabel={t("common:actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(tr.id, {
            onSuccess: () => {
              notify({ title: t("trailers.deleted"), description: tr.identifier, variant: "success" });
              navigate(ROUTES.trailers.path);
            },
            onError: (error) => {
              setDialog(null);
              notify({
                title: t("trailers.deleteFailed"),
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
