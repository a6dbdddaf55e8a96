import { can } from "@shared/access";
import type { VehicleStatus } from "@shared/fleet/fleet.schema";
import type { FleetDocument, MaintenanceSummary } from "@shared/fleet/vehicles.schema";
import { ArrowLeft, ClipboardPlus, Pencil, Trash2, Wrench } from "lucide-react";
import { type ComponentType, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { lazyDialog } from "../../../components/ui/lazy";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useDeleteAsset } from "../api/fleet";
import { DetailError, DetailSkeleton, Fact } from "../components/detail-states";
import { DocumentsPanel } from "../components/documents-panel";
import { AssetStatusBadge } from "../components/fleet-badges";
import { maintenanceLogLink, RecentMaintenance } from "../components/recent-maintenance";
import { useFleetMessages } from "../fleet-messages";
import type { AssetName, AssetWords } from "./asset-kind";

const MaintenanceFormDialog = lazyDialog(() =>
  import("../components/maintenance-form-dialog").then((m) => m.MaintenanceFormDialog),
);

/** What both kinds' detail answers hold (`vehicleDetailSchema`, `trailerDetailSchema`). */
type AssetDetail = {
  id: string;
  status: VehicleStatus;
  openItems: number;
  assignedDriverName: string | null;
  assignedSince: string | null;
  notes: string | null;
  documents: FleetDocument[];
  recentMaintenance: MaintenanceSummary[];
  today: string;
  canEdit: boolean;
  canLogMaintenance: boolean;
};

type T = (key: string, values?: Record<string, unknown>) => string;

/** What a kind's own parts get: the asset, and a way to open one of the kind's own dialogs. */
type Part<D, X> = ComponentType<{ asset: D; open: (dialog: X) => void }>;

/** A kind's detail page: its words, its query, and its own parts of the page. */
export type AssetDetailKind<D extends AssetDetail, X extends string = never> = {
  name: AssetName;
  words: AssetWords;
  /** The route's parameter (`/fleet/vehicles/:vehicleId`). */
  param: "vehicleId" | "trailerId";
  listPath: string;
  useAsset: (id: string) => {
    data: D | undefined;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
    isFetching: boolean;
  };
  /** The page's heading ("Unit 101", "TR-9"). */
  title: (asset: D, t: T) => string;
  /** The asset's short name: the maintenance dialog's asset, the recent maintenance's link. */
  label: (asset: D) => string;
  /** "Delete unit 101?" */
  deleteTitle: (asset: D, t: T) => string;
  /** Under the heading, before who drives it ("2021 Freightliner Cascadia"; "Dry van · 53 ft"). */
  subtitle: (asset: D, t: T) => string;
  /** The maintenance log filtered to this asset. */
  logFilter: (asset: D) => { vehicleId?: string; trailerId?: string };
  /** Beside the status badge (a truck's maintenance status). */
  Badges?: ComponentType<{ asset: D }>;
  /** Under the header (a truck's expiring papers and late services). */
  Alerts?: ComponentType<{ asset: D }>;
  /** The main column's sections above the recent maintenance (a truck's schedules). */
  Sections?: Part<D, X>;
  /** The details card's facts before who has it, its open items and notes. */
  Facts: Part<D, X>;
  /** The kind's own dialogs (a truck's odometer and schedules), each shown while open. */
  Dialogs?: ComponentType<{ asset: D; dialog: X | null; close: () => void }>;
  FormDialog: ComponentType<{ asset: D; onOpenChange: (open: boolean) => void }>;
};

/** A vehicle's or trailer's page: back to the list, then the asset (or its error or skeleton). */
export function AssetDetailPage<D extends AssetDetail, X extends string>({
  kind,
}: {
  kind: AssetDetailKind<D, X>;
}) {
  const { t } = useTranslation("fleet");
  const id = useParams()[kind.param] ?? "";
  const asset = kind.useAsset(id);
  const back = t(`${kind.words}.back`);
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6">
      <Link
        to={kind.listPath}
        className="inline-flex w-fit items-center gap-1.5 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {back}
      </Link>
      {asset.isError ? (
        <DetailError query={asset} backTo={kind.listPath} backLabel={back} />
      ) : !asset.data ? (
        <DetailSkeleton label={t("common:loading")} />
      ) : (
        <AssetView kind={kind} asset={asset.data} />
      )}
    </div>
  );
}

const SHARED = ["edit", "log", "defect", "delete"] as const;
type Shared = (typeof SHARED)[number];

function AssetView<D extends AssetDetail, X extends string>({
  kind,
  asset: a,
}: {
  kind: AssetDetailKind<D, X>;
  asset: D;
}) {
  const { t } = useTranslation("fleet");
  const me = useMe().data;
  const navigate = useNavigate();
  const messages = useFleetMessages();
  const staff = me?.role !== "driver";
  const [dialog, setDialog] = useState<Shared | X | null>(null);
  const close = () => setDialog(null);
  const onClose = (open: boolean) => !open && close();
  // One of the kind's own dialogs, when that is what is open.
  const own = dialog === null || (SHARED as readonly string[]).includes(dialog) ? null : (dialog as X);
  const remove = useDeleteAsset(kind.words);
  const { name, words, Badges, Alerts, Sections, Facts, Dialogs, FormDialog } = kind;
  const title = kind.title(a, t);
  const label = kind.label(a);

  return (
    <>
      <Card data-testid={`${name}-header`}>
        <div className="grid gap-4 p-5 sm:p-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h1
                  className="text-2xl font-semibold tracking-tight text-slate-900"
                  data-testid={`${name}-title`}
                >
                  {title}
                </h1>
                <AssetStatusBadge status={a.status} />
                {Badges ? <Badges asset={a} /> : null}
              </div>
              <p className="mt-1 text-sm text-slate-500">
                {kind.subtitle(a, t)}
                {a.assignedDriverName ? ` · ${t("vehicles.drivenBy", { name: a.assignedDriverName })}` : ""}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {a.canLogMaintenance ? (
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
              {a.canEdit ? (
                <Button variant="outline" onClick={() => setDialog("edit")} data-testid={`edit-${name}`}>
                  <Pencil aria-hidden />
                  {t("common:actions.edit")}
                </Button>
              ) : null}
              {can(me ?? null, "fleet:delete") ? (
                <Button
                  variant="ghost"
                  className="text-red-600 hover:bg-red-50"
                  onClick={() => setDialog("delete")}
                  aria-label={t(`${words}.delete`)}
                >
                  <Trash2 aria-hidden />
                </Button>
              ) : null}
            </div>
          </div>
          {Alerts ? <Alerts asset={a} /> : null}
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        {/* Alone, the history card is as tall as the side column; under sections, as tall as it needs. */}
        <div className={cn("grid gap-6 lg:col-span-2", Sections && "content-start")}>
          {Sections ? <Sections asset={a} open={setDialog} /> : null}
          <Card>
            <CardHeader>
              <CardTitle>{t("maintenance.recent")}</CardTitle>
            </CardHeader>
            <CardContent>
              <RecentMaintenance
                items={a.recentMaintenance}
                assetLabel={label}
                logLink={maintenanceLogLink(kind.logFilter(a))}
              />
            </CardContent>
          </Card>
        </div>

        <div className="grid content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t(`${name}.details`)}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-2 gap-4">
                <Facts asset={a} open={setDialog} />
                <Fact label={t("fields.assignedDriver")}>
                  {a.assignedDriverName ?? t("vehicles.unassigned")}
                  {a.assignedSince ? (
                    <span className="block text-xs text-slate-500">
                      {t("vehicles.since", { date: formatDateTime(a.assignedSince) })}
                    </span>
                  ) : null}
                </Fact>
                <Fact label={t("vehicles.openItemsLabel")}>{formatNumber(a.openItems)}</Fact>
                {a.notes ? (
                  <div className="col-span-2">
                    <Fact label={t("fields.notes")}>
                      <span className="whitespace-pre-line">{a.notes}</span>
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
                kind={words}
                assetId={a.id}
                documents={a.documents}
                today={a.today}
                canEdit={a.canEdit}
              />
            </CardContent>
          </Card>
        </div>
      </div>

      {dialog === "edit" ? <FormDialog asset={a} onOpenChange={onClose} /> : null}
      {Dialogs ? <Dialogs asset={a} dialog={own} close={close} /> : null}
      {dialog === "log" || dialog === "defect" ? (
        <MaintenanceFormDialog
          asset={{ assetType: name, id: a.id, label }}
          staff={staff}
          defaultStatus={dialog === "defect" ? "open" : "completed"}
          onOpenChange={onClose}
        />
      ) : null}
      <ConfirmDialog
        open={dialog === "delete"}
        onOpenChange={onClose}
        title={kind.deleteTitle(a, t)}
        description={t(`${words}.deleteText`)}
        confirmLabel={t("common:actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(a.id, {
            onSuccess: () => {
              notify({ title: t(`${words}.deleted`), description: title, variant: "success" });
              navigate(kind.listPath);
            },
            onError: (error) => {
              close();
              notify({
                title: t(`${words}.deleteFailed`),
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
