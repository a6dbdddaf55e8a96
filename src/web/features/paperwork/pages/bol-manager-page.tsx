import { canOpen, routePath } from "@shared/access";
import { PAPERWORK_STATUSES, type PaperworkStatus } from "@shared/loads/loads.schema";
import {
  PAPERWORK_MERGE_MAX,
  PAPERWORK_SORTS,
  type PaperworkLoad,
  paperworkQuerySchema,
} from "@shared/paperwork/paperwork.schema";
import {
  Ban,
  BellRing,
  CheckCircle2,
  Eye,
  FileDown,
  FileImage,
  FileText,
  Link2,
  SquareArrowOutUpRight,
} from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { RowMenu } from "../../../components/list/row-menu";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { DropdownMenuItem, DropdownMenuSeparator } from "../../../components/ui/dropdown-menu";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatNumber } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import {
  downloadMergedPaperwork,
  usePaperwork,
  useRequestPaperwork,
  useVerifyPaperwork,
} from "../api/paperwork";
import { usePaperworkMessages } from "../paperwork-messages";

const PaperworkReviewDialog = lazyDialog(() =>
  import("../components/paperwork-review-dialog").then((m) => m.PaperworkReviewDialog),
);
const RejectPaperworkDialog = lazyDialog(() =>
  import("../components/reject-paperwork-dialog").then((m) => m.RejectPaperworkDialog),
);
const PaperworkLinkDialog = lazyDialog(() =>
  import("../components/paperwork-link-dialog").then((m) => m.PaperworkLinkDialog),
);

const FILTERS = ["status", "customerId", "driverId", "from", "to"] as const;

export const PAPERWORK_TONES: Record<PaperworkStatus, "warning" | "info" | "success" | "danger"> = {
  missing: "warning",
  received: "info",
  verified: "success",
  rejected: "danger",
};

/** /accounting/bol-manager: every load's BOL and POD — review, reject, ask, and download as one PDF. */
export default function BolManagerPage() {
  const { t } = useTranslation(["paperwork", "loads"]);
  const messages = usePaperworkMessages();
  const me = useMe().data;
  const list = useListScreen(paperworkQuerySchema, usePaperwork, {
    filters: FILTERS,
    fetchFailed: t("fetchFailed"),
  });
  const { filter, update, data } = list;
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [reviewingId, setReviewingId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PaperworkLoad | null>(null);
  const [linking, setLinking] = useState<PaperworkLoad | null>(null);
  const [downloading, setDownloading] = useState(false);
  const verify = useVerifyPaperwork();
  const request = useRequestPaperwork();
  // The viewer follows the list's fresh copy, so a decision shows at once.
  const reviewing = data?.items.find((l) => l.id === reviewingId) ?? null;

  const toggle = (loads: PaperworkLoad[], on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      for (const l of loads) on ? next.set(l.id, l.loadNumber) : next.delete(l.id);
      return next;
    });

  const onVerify = (load: PaperworkLoad) =>
    verify.mutate(load.id, {
      onSuccess: () => notify({ title: t("verifyDone"), description: load.loadNumber, variant: "success" }),
      onError: (err) =>
        notify({ title: t("verifyFailed"), description: messages.error(err), variant: "error" }),
    });
  const onRequest = (load: PaperworkLoad) =>
    request.mutate(
      { loadId: load.id },
      {
        onSuccess: () =>
          notify({
            title: t("requestDone"),
            description: t("requestDoneText", { name: load.driverName, number: load.loadNumber }),
            variant: "success",
          }),
        onError: (err) =>
          notify({ title: t("requestFailed"), description: messages.error(err), variant: "error" }),
      },
    );
  const onDownload = async () => {
    setDownloading(true);
    try {
      await downloadMergedPaperwork([...selected.keys()]);
    } catch (err) {
      notify({ title: t("downloadFailed"), description: messages.error(err), variant: "error" });
    } finally {
      setDownloading(false);
    }
  };

  const cols = {
    load: t("columns.load"),
    parties: t("columns.parties"),
    documents: t("columns.documents"),
    status: t("columns.status"),
  };
  const pageItems = data?.items ?? [];
  const allOnPage = pageItems.length > 0 && pageItems.every((l) => selected.has(l.id));
  const tooMany = selected.size > PAPERWORK_MERGE_MAX;
  const openLoad = canOpen(me, "loadDetail");

  return (
    <ListPage title={t("title")} description={t("description")}>
      {data ? (
        <section
          aria-label={t("tilesLabel")}
          className="grid grid-cols-2 gap-3 lg:grid-cols-4"
          data-testid="paperwork-tiles"
        >
          {PAPERWORK_STATUSES.map((s) => (
            <SummaryTile
              key={s}
              label={t(`statuses.${s}`)}
              value={formatNumber(data.counts[s])}
              hint={t(`statusHints.${s}`)}
              tone={s === "rejected" ? "danger" : s === "missing" ? "warning" : "neutral"}
              onClick={() => update({ status: filter.status === s ? null : s })}
              active={filter.status === s}
              testId={`paperwork-tile-${s}`}
            />
          ))}
        </section>
      ) : null}

      <ListPanel
        list={list}
        search={{ label: t("searchLabel"), hint: t("searchHint") }}
        filters={
          <FilterGroup
            list={list}
            words={(word) => t(`filters.${word}`)}
            statuses={[
              {
                name: "status",
                options: PAPERWORK_STATUSES,
                label: t("filters.status"),
                all: t("filters.allStatuses"),
                optionLabel: (s) => t(`statuses.${s}`),
                testId: "paperwork-status-filter",
              },
            ]}
            customer
            driver={{ className: "lg:w-48" }}
            period
          />
        }
        sortMenu={{
          columns: PAPERWORK_SORTS,
          field: (column) => t(`sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        above={
          selected.size ? (
            <div
              className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-slate-50 px-4 py-3"
              data-testid="paperwork-selection"
            >
              <span className="text-sm font-medium text-slate-900">
                {t("selected", { count: selected.size })}
              </span>
              {tooMany ? (
                <span className="text-sm text-red-700" role="alert">
                  {t("validation.selectMax")}
                </span>
              ) : null}
              <Button variant="ghost" size="sm" onClick={() => setSelected(new Map())}>
                {t("clearSelection")}
              </Button>
              <Button
                size="sm"
                className="ml-auto"
                disabled={downloading || tooMany}
                onClick={onDownload}
                data-testid="paperwork-download"
              >
                <FileDown aria-hidden />
                {t("downloadSelected")}
              </Button>
            </div>
          ) : undefined
        }
        errorTitle={t("fetchFailed")}
        empty={emptyCopy(t, "empty")}
        tableLabel={t("title")}
        columns={[
          {
            label: (
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={allOnPage}
                onChange={(e) => toggle(pageItems, e.target.checked)}
                aria-label={t("selectPage")}
              />
            ),
            className: "w-10 pl-4",
          },
          { label: cols.load, sort: "deliveredAt" },
          { label: cols.parties, sort: "customer" },
          { label: cols.documents },
          { label: cols.status },
          { label: <span className="sr-only">{t("columns.actions")}</span>, className: "pr-4" },
        ]}
        row={(l) => {
          const p = l.paperwork;
          const canDecide = p.status !== "missing";
          return (
            <Tr className={stacked.row} data-testid={`paperwork-row-${l.loadNumber}`} data-status={p.status}>
              <Td className="pl-4 max-lg:absolute max-lg:left-4 max-lg:top-4 max-lg:p-0">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={selected.has(l.id)}
                  onChange={(e) => toggle([l], e.target.checked)}
                  aria-label={t("selectLoad", { number: l.loadNumber })}
                />
              </Td>
              <Td className={cn(stacked.primary, "max-lg:pl-7")}>
                <span className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2">
                    {openLoad ? (
                      <Link
                        to={routePath("loadDetail", { loadId: l.id })}
                        className="font-mono text-sm font-medium text-brand-700 hover:underline"
                      >
                        {l.loadNumber}
                      </Link>
                    ) : (
                      <span className="font-mono text-sm font-medium text-slate-900">{l.loadNumber}</span>
                    )}
                    <Badge tone={PAPERWORK_TONES[p.status]} className="lg:hidden">
                      {t(`statuses.${p.status}`)}
                    </Badge>
                  </span>
                  <span className="truncate text-sm text-slate-600">
                    {l.pickupCity}, {l.pickupState} → {l.deliveryCity}, {l.deliveryState}
                  </span>
                  <span className="text-xs text-slate-500">
                    {l.deliveredAt ? t("delivered", { date: formatDate(l.deliveredAt) }) : t("onTheRoad")}
                  </span>
                </span>
              </Td>
              <Td data-label={cols.parties} className={cn(stacked.cell, "text-sm")}>
                <span className="grid min-w-0 max-lg:justify-items-end">
                  <span className="truncate">{l.customerName ?? "—"}</span>
                  <span className="truncate text-slate-600">{l.driverName ?? t("unassigned")}</span>
                </span>
              </Td>
              <Td data-label={cols.documents} className={stacked.cell}>
                {l.files.length ? (
                  <button
                    type="button"
                    onClick={() => setReviewingId(l.id)}
                    className="grid min-h-9 min-w-0 justify-items-start gap-0.5 text-left text-sm text-brand-700 hover:underline max-lg:justify-items-end"
                  >
                    {/* The name adds the action and the load before the files it shows (label in name). */}
                    <span className="sr-only">{`${t("actions.review")} ${l.loadNumber}`}</span>
                    {l.files.slice(-2).map((f) => {
                      const Icon = f.contentType.startsWith("image/") ? FileImage : FileText;
                      return (
                        <span key={f.id} className="flex min-w-0 max-w-56 items-center gap-1.5">
                          <Icon className="size-3.5 shrink-0" aria-hidden />
                          <span className="shrink-0 font-medium">{t(`loads:files.kinds.${f.kind}`)}</span>
                          <span className="truncate text-slate-600 max-lg:hidden">{f.fileName}</span>
                        </span>
                      );
                    })}
                    {l.files.length > 2 ? (
                      <span className="text-xs text-slate-500">+{formatNumber(l.files.length - 2)}</span>
                    ) : null}
                  </button>
                ) : (
                  <span className="text-sm text-slate-500">{t("noDocuments")}</span>
                )}
              </Td>
              <Td data-label={cols.status} className={cn(stacked.cell, "max-lg:hidden")}>
                <span className="grid max-w-64 justify-items-start gap-1">
                  <Badge tone={PAPERWORK_TONES[p.status]}>{t(`statuses.${p.status}`)}</Badge>
                  {p.status === "rejected" && p.reason ? (
                    <span className="line-clamp-2 text-xs text-slate-600" data-testid="paperwork-reason">
                      {p.reason}
                    </span>
                  ) : null}
                  {p.reviewedByName && p.reviewedAt ? (
                    <span className="text-xs text-slate-500">
                      {t("reviewedBy", { name: p.reviewedByName, date: formatDate(p.reviewedAt) })}
                    </span>
                  ) : null}
                  {p.requestedAt ? (
                    <span className="text-xs text-slate-500">
                      {t("requestedOn", { date: formatDate(p.requestedAt) })}
                    </span>
                  ) : null}
                </span>
              </Td>
              <Td className={cn(stacked.corner, "pr-4 text-right")}>
                <RowMenu label={t("actions.menu", { number: l.loadNumber })}>
                  {l.files.length ? (
                    <DropdownMenuItem onSelect={() => setReviewingId(l.id)}>
                      <Eye aria-hidden />
                      {t("actions.review")}
                    </DropdownMenuItem>
                  ) : null}
                  {canDecide && p.status !== "verified" ? (
                    <DropdownMenuItem onSelect={() => onVerify(l)}>
                      <CheckCircle2 aria-hidden />
                      {t("actions.verify")}
                    </DropdownMenuItem>
                  ) : null}
                  {canDecide && p.status !== "rejected" ? (
                    <DropdownMenuItem onSelect={() => setRejecting(l)} className="text-red-700">
                      <Ban aria-hidden />
                      {t("actions.reject")}
                    </DropdownMenuItem>
                  ) : null}
                  <DropdownMenuSeparator />
                  {l.driverCanBeAsked ? (
                    <DropdownMenuItem onSelect={() => onRequest(l)}>
                      <BellRing aria-hidden />
                      {t("actions.request")}
                    </DropdownMenuItem>
                  ) : null}
                  <DropdownMenuItem onSelect={() => setLinking(l)}>
                    <Link2 aria-hidden />
                    {t("actions.link")}
                  </DropdownMenuItem>
                  {openLoad ? (
                    <DropdownMenuItem asChild>
                      <Link to={routePath("loadDetail", { loadId: l.id })}>
                        <SquareArrowOutUpRight aria-hidden />
                        {t("actions.openLoad")}
                      </Link>
                    </DropdownMenuItem>
                  ) : null}
                </RowMenu>
              </Td>
            </Tr>
          );
        }}
      />

      <PaperworkReviewDialog
        open={!!reviewing}
        onOpenChange={(o) => !o && setReviewingId(null)}
        load={reviewing}
        onVerify={onVerify}
        onReject={(l) => setRejecting(l)}
        verifying={verify.isPending}
      />
      <RejectPaperworkDialog
        open={!!rejecting}
        onOpenChange={(o) => !o && setRejecting(null)}
        load={rejecting}
      />
      <PaperworkLinkDialog open={!!linking} onOpenChange={(o) => !o && setLinking(null)} load={linking} />
    </ListPage>
  );
}
