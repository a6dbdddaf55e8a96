import { LOAD_STATUSES, type LoadStatus } from "@shared/loads/loads.schema";
import {
  LOAD_REQUEST_STATUSES,
  type LoadRequest,
  myLoadRequestQuerySchema,
} from "@shared/portal/load-requests.schema";
import {
  PORTAL_LOAD_SORTS,
  type PortalLoadItem,
  type PortalLoadPage,
  type PortalLoadSort,
  portalLoadListQuerySchema,
} from "@shared/portal/portal.schema";
import { ArrowRight, CheckCircle2, ClipboardList, Package, PackagePlus, Receipt, Truck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPage } from "../../../components/list/list-page";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { LoadStatusBadge } from "../../../components/status/load-status-badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/tabs";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { formatInZone } from "../../../lib/format-zone";
import { type ListScreen, useListScreen } from "../../../lib/use-list-screen";
import { exportPortalLoads, useMyRequests, usePortalLoads, usePortalSummary } from "../api/portal";
import { PortalBilling } from "../components/portal-billing";

const PortalLoadDialog = lazyDialog(() =>
  import("../components/portal-load-dialog").then((m) => m.PortalLoadDialog),
);
const RequestLoadDialog = lazyDialog(() =>
  import("../components/request-load-dialog").then((m) => m.RequestLoadDialog),
);

const TABS = ["loads", "requests", "billing"] as const;
type Tab = (typeof TABS)[number];
// The page's own URL state beside its lists: the open tab, the load whose dialog is open, the request
// just sent (highlighted). The loads and the requests lists read theirs through their shared schemas.
const PORTAL_PARAMS = { tab: "loads", load: "", request: "" };
const isTab = (value: string): value is Tab => (TABS as readonly string[]).includes(value);

/** The customer's home: their shipments, documents, requests, invoices and statements. */
export default function CustomerPortalPage() {
  const { t } = useTranslation(["portal", "loads"]);
  const summary = usePortalSummary();
  // The loads are the portal's main list: the page holds it (the tabs share its page and size).
  const loads = useListScreen(portalLoadListQuerySchema, usePortalLoads, {
    filters: ["status"],
    fetchFailed: t("loads.fetchFailed"),
    extra: PORTAL_PARAMS,
  });
  const { values, update } = loads;
  const tab: Tab = isTab(values.tab) ? values.tab : "loads";
  const [requesting, setRequesting] = useState(false);
  const s = summary.data;

  return (
    <ListPage
      title={s?.companyName ? t("title", { company: s.companyName }) : t("titlePlain")}
      description={t("description")}
      actions={
        <Button
          onClick={() => setRequesting(true)}
          className="flex-1 sm:flex-none"
          data-testid="request-load"
        >
          <PackagePlus aria-hidden />
          {t("requestLoad")}
        </Button>
      }
    >
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="portal-summary">
        <SummaryCard icon={<Package aria-hidden />} label={t("summary.active")} value={s?.activeLoads} />
        <SummaryCard icon={<Truck aria-hidden />} label={t("summary.inTransit")} value={s?.inTransit} />
        <SummaryCard
          icon={<CheckCircle2 aria-hidden />}
          label={t("summary.delivered")}
          value={s?.deliveredLast30Days}
        />
        <SummaryCard
          icon={<ClipboardList aria-hidden />}
          label={t("summary.pendingRequests")}
          value={s?.pendingRequests}
        />
      </dl>
      {s?.nextDelivery ? (
        <div className="-mt-3 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
          <p>
            {t("summary.nextDelivery", {
              number: s.nextDelivery.loadNumber,
              time: formatDateTime(s.nextDelivery.deliveryAt),
            })}
          </p>
          {/* A button of its own, not a word in the sentence: a thumb's 44 px on a phone. */}
          <Button
            variant="link"
            className="h-auto p-0 font-medium max-sm:px-2"
            onClick={() => update({ load: s.nextDelivery?.loadId ?? null }, { replace: true })}
            data-testid="track-next-delivery"
          >
            {t("summary.track")}
          </Button>
        </div>
      ) : null}

      <Tabs value={tab} onValueChange={(next) => update({ tab: next, q: null, status: null })}>
        <TabsList aria-label={t("tabsLabel")}>
          <TabsTrigger value="loads" data-testid="tab-loads">
            <Package aria-hidden />
            {t("tabs.loads")}
          </TabsTrigger>
          <TabsTrigger value="requests" data-testid="tab-requests">
            <ClipboardList aria-hidden />
            {t("tabs.requests")}
          </TabsTrigger>
          <TabsTrigger value="billing" data-testid="tab-billing">
            <Receipt aria-hidden />
            {t("tabs.billing")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="loads" className="pt-4">
          <LoadsTab
            list={loads}
            status={loads.filter.status}
            setStatus={(status) => update({ status })}
            open={(id) => update({ load: id }, { replace: true })}
          />
        </TabsContent>
        <TabsContent value="requests" className="pt-4">
          <RequestsTab
            highlight={values.request}
            onNew={() => setRequesting(true)}
            openLoad={(id) => update({ load: id }, { replace: true })}
          />
        </TabsContent>
        <TabsContent value="billing" className="pt-4">
          <PortalBilling />
        </TabsContent>
      </Tabs>

      <PortalLoadDialog
        loadId={values.load || null}
        onClose={() => update({ load: null }, { replace: true })}
      />
      <RequestLoadDialog
        open={requesting}
        onOpenChange={setRequesting}
        onCreated={(r) => update({ tab: "requests", request: r.id, status: null })}
      />
    </ListPage>
  );
}

function SummaryCard({ icon, label, value }: { icon: ReactNode; label: string; value: number | undefined }) {
  return (
    // A <dl>'s group holds only its <dt> and <dd>: the icon sits inside the term, placed beside both.
    <Card className="relative min-w-0 py-4 pr-4 pl-16">
      <dt className="truncate text-xs font-medium text-slate-500">
        <span className="absolute left-4 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full bg-brand-50 text-brand-700 [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-xl font-semibold tabular-nums text-slate-900">
        {value === undefined ? "…" : formatNumber(value)}
      </dd>
    </Card>
  );
}

function LoadsTab({
  list,
  status,
  setStatus,
  open,
}: {
  list: ListScreen<PortalLoadSort, PortalLoadPage>;
  status: LoadStatus | undefined;
  setStatus: (status: string) => void;
  open: (id: string) => void;
}) {
  const { t } = useTranslation(["portal", "loads"]);
  const { query: loads, data, retained, sort, dir, onSort, onSearch, search, filtered, clear } = list;
  const columns = {
    load: t("loads.columns.load"),
    status: t("loads.columns.status"),
    pickup: t("loads.columns.pickup"),
    delivery: t("loads.columns.delivery"),
    eta: t("loads.columns.eta"),
    pod: t("loads.columns.pod"),
  };

  return (
    <Card className="overflow-hidden">
      <div className="grid gap-3 border-b border-slate-100 p-4 sm:flex sm:flex-wrap sm:items-center">
        <SearchInput
          value={search}
          onSearch={onSearch}
          label={t("loads.searchLabel")}
          hint={t("loads.searchHint")}
          className="min-w-0 sm:flex-1"
        />
        <Select
          aria-label={t("loads.statusFilter")}
          value={status ?? ""}
          onChange={(e) => setStatus(e.target.value)}
          className="sm:w-auto"
          data-testid="portal-status-filter"
        >
          <option value="">{t("loads.allStatuses")}</option>
          {LOAD_STATUSES.map((st) => (
            <option key={st} value={st}>
              {t(`loads:status.${st}`)}
            </option>
          ))}
        </Select>
        <SortSelect
          columns={PORTAL_LOAD_SORTS}
          sort={sort}
          dir={dir}
          onSort={onSort}
          field={(column) => t(`loads.sorts.${column}`)}
          className="sm:w-auto lg:hidden"
        />
        <div className="flex items-center gap-2">
          {loads.isFetching && data ? (
            <Spinner label={t("common:list.updating")} className="text-xs" />
          ) : null}
          {filtered ? (
            <Button variant="ghost" size="sm" onClick={clear}>
              {t("common:actions.clearFilters")}
            </Button>
          ) : null}
          <ExportMenu
            filtered={filtered}
            run={(format) => exportPortalLoads(format, { q: search || undefined, status, sort, dir })}
            heading={{ all: t("loads.exportAll"), filtered: t("loads.exportFiltered") }}
          />
        </div>
      </div>
      <ListContent
        query={loads}
        data={data}
        errorTitle={t("loads.fetchFailed")}
        empty={
          <EmptyState
            title={t(filtered ? "loads.emptyFiltered" : "loads.empty")}
            description={t(filtered ? "loads.emptyFilteredText" : "loads.emptyText")}
          />
        }
      >
        {(p) => (
          <>
            <Table className={stacked.table} aria-label={t("tabs.loads")}>
              <THead className={stacked.head}>
                <tr>
                  <SortableHeader column="loadNumber" sort={sort} dir={dir} onSort={onSort} className="pl-4">
                    {columns.load}
                  </SortableHeader>
                  <SortableHeader column="status" sort={sort} dir={dir} onSort={onSort}>
                    {columns.status}
                  </SortableHeader>
                  <SortableHeader column="pickupAt" sort={sort} dir={dir} onSort={onSort}>
                    {columns.pickup}
                  </SortableHeader>
                  <SortableHeader column="deliveryAt" sort={sort} dir={dir} onSort={onSort}>
                    {columns.delivery}
                  </SortableHeader>
                  <Th className="pr-4 text-right">{columns.pod}</Th>
                </tr>
              </THead>
              <TBody className={cn(stacked.body, retained && "opacity-60")}>
                {p.items.map((l) => (
                  <LoadRow key={l.id} load={l} columns={columns} onOpen={() => open(l.id)} />
                ))}
              </TBody>
            </Table>
            <ListPagination of={p} onChange={list.update} />
          </>
        )}
      </ListContent>
    </Card>
  );
}

function LoadRow({
  load: l,
  columns,
  onOpen,
}: {
  load: PortalLoadItem;
  columns: Record<string, string>;
  onOpen: () => void;
}) {
  const { t } = useTranslation(["portal", "loads"]);
  return (
    <Tr className={cn(stacked.row, "relative")} data-testid={`portal-load-${l.loadNumber}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          <button
            type="button"
            onClick={onOpen}
            className="font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {l.loadNumber}
          </button>
          <span className="lg:hidden">
            <LoadStatusBadge status={l.status} />
          </span>
        </div>
        <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
          <span className="truncate">
            {l.pickupCity}, {l.pickupState}
          </span>
          <ArrowRight className="size-3.5 shrink-0 text-slate-500" aria-hidden />
          <span className="truncate">
            {l.deliveryCity}, {l.deliveryState}
          </span>
        </p>
        {l.description ? (
          <p className="truncate text-xs text-slate-500 lg:max-w-64">{l.description}</p>
        ) : null}
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "max-lg:hidden")}>
        <LoadStatusBadge status={l.status} />
      </Td>
      <Td
        data-label={columns.pickup}
        className={cn(stacked.cell, "text-slate-700 lg:whitespace-nowrap")}
        data-testid="portal-row-pickup"
      >
        {formatInZone(l.pickupAt, l.pickupTimeZone)}
      </Td>
      <Td
        data-label={l.deliveredAt ? t("loads.deliveredAt") : columns.eta}
        className={cn(stacked.cell, "lg:whitespace-nowrap")}
      >
        <span className="grid text-right lg:text-left">
          <span className="text-slate-900" data-testid="portal-row-delivery">
            {formatInZone(l.deliveredAt ?? l.deliveryAt, l.deliveryTimeZone)}
          </span>
          <span className="text-xs text-slate-500 max-lg:hidden">
            {l.deliveredAt ? t("loads.deliveredAt") : t("loads.columns.eta")}
          </span>
        </span>
      </Td>
      <Td data-label={columns.pod} className={cn(stacked.cell, "pr-4 text-right")}>
        {l.hasPod ? (
          <Badge tone="success">{t("loads.podReady")}</Badge>
        ) : (
          <span className="text-xs text-slate-500">{t("loads.podPending")}</span>
        )}
      </Td>
    </Tr>
  );
}

function RequestsTab({
  highlight,
  onNew,
  openLoad,
}: {
  highlight: string;
  onNew: () => void;
  openLoad: (loadId: string) => void;
}) {
  const { t } = useTranslation(["portal", "loads"]);
  const {
    query: requests,
    data,
    retained,
    filter,
    update,
  } = useListScreen(myLoadRequestQuerySchema, useMyRequests, {
    filters: ["status"],
    fetchFailed: t("requests.fetchFailed"),
  });
  const status = filter.status;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 p-4">
        <Select
          aria-label={t("requests.statusFilter")}
          value={status ?? ""}
          onChange={(e) => update({ status: e.target.value })}
          className="sm:w-auto"
        >
          <option value="">{t("requests.allStatuses")}</option>
          {LOAD_REQUEST_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`requests.status.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <ListContent
        query={requests}
        data={data}
        errorTitle={t("requests.fetchFailed")}
        empty={
          <EmptyState
            title={t("requests.empty")}
            description={t("requests.emptyText")}
            action={
              <Button size="sm" onClick={onNew}>
                <PackagePlus aria-hidden />
                {t("requestLoad")}
              </Button>
            }
          />
        }
      >
        {(p) => (
          <>
            <ul className={cn("divide-y divide-slate-100", retained && "opacity-60")}>
              {p.items.map((r) => (
                <RequestItem key={r.id} request={r} highlighted={r.id === highlight} onOpenLoad={openLoad} />
              ))}
            </ul>
            <ListPagination of={p} onChange={update} />
          </>
        )}
      </ListContent>
    </Card>
  );
}

const REQUEST_TONE = { pending: "warning", accepted: "success", declined: "neutral" } as const;

function RequestItem({
  request: r,
  highlighted,
  onOpenLoad,
}: {
  request: LoadRequest;
  highlighted: boolean;
  onOpenLoad: (loadId: string) => void;
}) {
  const { t } = useTranslation(["portal", "loads"]);
  return (
    <li
      className={cn("grid gap-2 px-4 py-4 sm:grid-cols-[1fr_auto]", highlighted && "bg-brand-50/60")}
      data-testid={`my-request-${r.requestNumber}`}
      data-status={r.status}
    >
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm font-semibold text-slate-900">{r.requestNumber}</span>
          <Badge tone={REQUEST_TONE[r.status]}>{t(`requests.status.${r.status}`)}</Badge>
          <span className="text-xs text-slate-500">
            {t("requests.sentAt", { time: formatDateTime(r.createdAt) })}
          </span>
        </div>
        <p className="flex flex-wrap items-center gap-1.5 text-sm text-slate-700">
          {r.pickup.city}, {r.pickup.state}
          <ArrowRight className="size-3.5 text-slate-500" aria-hidden />
          {r.delivery.city}, {r.delivery.state}
        </p>
        <p className="text-xs text-slate-500">
          {t("requests.window", {
            pickup: formatDateTime(r.pickup.at),
            delivery: formatDateTime(r.delivery.at),
          })}{" "}
          · {r.commodity} · {t(`equipment.${r.equipmentType}`)}
        </p>
        {r.status === "declined" && r.declineReason ? (
          <p className="text-sm text-slate-700">
            <span className="font-medium">{t("requests.reason")}</span> {r.declineReason}
          </p>
        ) : null}
      </div>
      {r.load ? (
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => onOpenLoad(r.load?.id ?? "")}
        >
          <Truck aria-hidden />
          {t("requests.trackLoad", { number: r.load.loadNumber })}
        </Button>
      ) : null}
    </li>
  );
}
