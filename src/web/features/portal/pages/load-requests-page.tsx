import {
  LOAD_REQUEST_SORTS,
  LOAD_REQUEST_STATUSES,
  type LoadRequestFilter,
  type LoadRequestSort,
  type StaffLoadRequest,
} from "@shared/portal/load-requests.schema";
import { ArrowRight, Download, FileSpreadsheet, FileText } from "lucide-react";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { SearchInput } from "../../../components/list/search-input";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { EmptyState, Spinner } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { describeError } from "../../../lib/api-errors";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useExport } from "../../../lib/use-export";
import { useListParams } from "../../../lib/use-list-params";
import { useRetainedData } from "../../../lib/use-retained-data";
import {
  type ExportFormat,
  exportLoadRequests,
  type StaffRequestQuery,
  useLoadRequests,
} from "../api/portal";
import { ReviewRequestDialog } from "../components/review-request-dialog";

/** Pending first: what dispatch came here for. "all" shows every status. */
const PARAM_DEFAULTS = {
  q: "",
  status: "pending",
  customerId: "",
  sort: "createdAt",
  dir: "desc",
  request: "",
};
const REQUEST_TONE = { pending: "warning", accepted: "success", declined: "neutral" } as const;

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;
const UUID = /^[0-9a-f-]{36}$/i;

/** Dispatch's queue of customers' portal requests: review, accept (a load is made) or decline. */
export default function LoadRequestsPage() {
  const { t } = useTranslation("portal");
  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const sort: LoadRequestSort = oneOf(LOAD_REQUEST_SORTS, values.sort) ?? "createdAt";
  const dir: SortDir = values.dir === "asc" ? "asc" : "desc";
  const filter: Partial<LoadRequestFilter> = {
    q: values.q || undefined,
    status: oneOf(LOAD_REQUEST_STATUSES, values.status),
    customerId: UUID.test(values.customerId) ? values.customerId : undefined,
    sort,
    dir,
  };
  const query: StaffRequestQuery = { ...filter, page, pageSize };
  const requests = useLoadRequests(query);
  useErrorToast(requests, t("staff.fetchFailed"));
  const { data, retained } = useRetainedData(requests);

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: LoadRequestSort, next: SortDir) => update({ sort: column, dir: next });
  const filtered = !!(filter.q || filter.customerId || values.status !== "pending");
  const clear = () => update({ q: null, status: null, customerId: null });
  const open = (id: string) => update({ request: id }, { replace: true });

  const { exporting, runExport } = useExport((format: ExportFormat) => exportLoadRequests(format, filter), {
    title: t("staff.exportFailed"),
    describe: (error) => describeError(error, t),
  });

  const columns = {
    request: t("staff.columns.request"),
    customer: t("staff.columns.customer"),
    route: t("staff.columns.route"),
    pickup: t("staff.columns.pickup"),
    freight: t("staff.columns.freight"),
    status: t("staff.columns.status"),
  };

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t("staff.title")}
        description={t("staff.description")}
        actions={
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" className="flex-1 sm:flex-none">
                {exporting ? <Spinner className="text-current" /> : <Download aria-hidden />}
                {t("staff.export")}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuLabel>{t("staff.exportFiltered")}</DropdownMenuLabel>
              <DropdownMenuItem onSelect={() => void runExport("csv")} disabled={!!exporting}>
                <FileText aria-hidden />
                {t("loads.exportCsv")}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => void runExport("xlsx")} disabled={!!exporting}>
                <FileSpreadsheet aria-hidden />
                {t("loads.exportXlsx")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        }
      />
      <Card className="overflow-hidden">
        <div className="grid gap-3 border-b border-slate-100 p-4 sm:flex sm:flex-wrap sm:items-center">
          <SearchInput
            value={values.q}
            onSearch={onSearch}
            label={t("staff.searchLabel")}
            hint={t("staff.searchHint")}
            className="min-w-0 sm:flex-1"
          />
          <Select
            aria-label={t("staff.statusFilter")}
            value={values.status}
            onChange={(e) => update({ status: e.target.value })}
            className="sm:w-auto"
            data-testid="request-status-filter"
          >
            <option value="all">{t("requests.allStatuses")}</option>
            {LOAD_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`requests.status.${s}`)}
              </option>
            ))}
          </Select>
          <SortSelect
            label={t("loads.sortBy")}
            columns={LOAD_REQUEST_SORTS}
            sort={sort}
            dir={dir}
            onSort={onSort}
            optionLabel={(column, d) =>
              t("loads.sortOption", { field: t(`staff.sorts.${column}`), dir: t(`loads.dir.${d}`) })
            }
            className="sm:w-auto lg:hidden"
          />
          <div className="flex items-center gap-2 empty:hidden">
            {requests.isFetching && data ? (
              <Spinner label={t("common:list.updating")} className="text-xs" />
            ) : null}
            {filtered ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                {t("common:actions.clearFilters")}
              </Button>
            ) : null}
          </div>
        </div>
        <ListContent
          query={requests}
          data={data}
          errorTitle={t("staff.fetchFailed")}
          empty={
            <EmptyState
              title={t(filtered ? "staff.emptyFiltered" : "staff.empty")}
              description={t(filtered ? "staff.emptyFilteredText" : "staff.emptyText")}
            />
          }
        >
          {(p) => (
            <>
              <Table className={stacked.table} aria-label={t("staff.title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader
                      column="requestNumber"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="pl-4"
                    >
                      {columns.request}
                    </SortableHeader>
                    <Th>{columns.customer}</Th>
                    <Th>{columns.route}</Th>
                    <SortableHeader column="pickupAt" sort={sort} dir={dir} onSort={onSort}>
                      {columns.pickup}
                    </SortableHeader>
                    <Th>{columns.freight}</Th>
                    <SortableHeader column="status" sort={sort} dir={dir} onSort={onSort} className="pr-4">
                      {columns.status}
                    </SortableHeader>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60")}>
                  {p.items.map((r) => (
                    <RequestRow key={r.id} request={r} columns={columns} onOpen={() => open(r.id)} />
                  ))}
                </TBody>
              </Table>
              <ListPagination of={p} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>
      <ReviewRequestDialog
        requestId={UUID.test(values.request) ? values.request : null}
        onClose={() => update({ request: null }, { replace: true })}
      />
    </div>
  );
}

function RequestRow({
  request: r,
  columns,
  onOpen,
}: {
  request: StaffLoadRequest;
  columns: Record<string, string>;
  onOpen: () => void;
}) {
  const { t } = useTranslation("portal");
  return (
    <Tr className={cn(stacked.row, "relative")} data-testid={`request-row-${r.requestNumber}`}>
      <Td className={cn(stacked.primary, "pl-4")}>
        <button
          type="button"
          onClick={onOpen}
          className="font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
        >
          {r.requestNumber}
        </button>
        <p className="text-xs text-slate-500">
          {t("requests.sentAt", { time: formatDateTime(r.createdAt) })}
        </p>
      </Td>
      <Td data-label={columns.customer} className={cn(stacked.cell, "text-slate-800")}>
        {r.customerName}
      </Td>
      <Td data-label={columns.route} className={stacked.cell}>
        <span className="inline-flex items-center gap-1 text-slate-700">
          {r.pickup.city}, {r.pickup.state}
          <ArrowRight className="size-3.5 text-slate-400" aria-hidden />
          {r.delivery.city}, {r.delivery.state}
        </span>
      </Td>
      <Td data-label={columns.pickup} className={cn(stacked.cell, "whitespace-nowrap text-slate-700")}>
        {formatDateTime(r.pickup.at)}
      </Td>
      <Td data-label={columns.freight} className={stacked.cell}>
        <span className="grid text-right lg:text-left">
          <span className="truncate text-slate-800 lg:max-w-56">{r.commodity}</span>
          <span className="text-xs text-slate-500">
            {t(`equipment.${r.equipmentType}`)}
            {r.weightLbs !== null ? ` · ${t("load.weight", { value: formatNumber(r.weightLbs) })}` : ""}
          </span>
        </span>
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "pr-4")}>
        <Badge tone={REQUEST_TONE[r.status]}>{t(`requests.status.${r.status}`)}</Badge>
      </Td>
    </Tr>
  );
}
