import { can } from "@shared/access";
import {
  CITATION_SORTS,
  CITATION_STATUSES,
  type CitationDetail,
  type CitationFilterInput,
  type CitationListItem,
  type CitationSort,
} from "@shared/citations/citations.schema";
import { Paperclip, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateRangeFilter } from "../../../components/list/date-range-filter";
import { ExportMenu } from "../../../components/list/export-menu";
import { ListPagination } from "../../../components/list/list-pagination";
import { ListContent } from "../../../components/list/list-states";
import { ListToolbar } from "../../../components/list/list-toolbar";
import { SortSelect } from "../../../components/list/sort-select";
import { SortableHeader, type SortDir } from "../../../components/list/sortable-header";
import { stacked } from "../../../components/list/stacked-table";
import { PageHeader } from "../../../components/page-header";
import { SummaryTile } from "../../../components/summary-tile";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { EmptyState } from "../../../components/ui/feedback";
import { Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatMoney, formatNumber } from "../../../lib/format";
import { formatDay } from "../../../lib/format-day";
import { useMe } from "../../../lib/session";
import { useErrorToast } from "../../../lib/use-error-toast";
import { useListParams } from "../../../lib/use-list-params";
import { useRetainedData } from "../../../lib/use-retained-data";
import { exportCitations, useCitationSummary, useCitations } from "../api/citations";
import { CitationDetailDialog } from "../components/citation-detail-dialog";
import { CitationFormDialog } from "../components/citation-form-dialog";
import { CitationStatusBadge, OverdueBadge } from "../components/citation-status-badge";
import { SafetyPicker } from "../components/safety-picker";
import { useSafetyMessages } from "../safety-messages";

const PARAM_DEFAULTS = {
  q: "",
  status: "",
  driverId: "",
  from: "",
  to: "",
  sort: "issuedOn",
  dir: "desc",
  /** The citation shown in the detail dialog (a link from a notification can open it). */
  open: "",
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The status filter offers "overdue" beside the statuses: open and past the due date. */
const STATUS_FILTERS = ["open", "overdue", "paid", "disputed", "dismissed"] as const;

const oneOf = <T extends string>(list: readonly T[], value: string): T | undefined =>
  (list as readonly string[]).includes(value) ? (value as T) : undefined;

/** Citations: staff record and follow every driver's; a driver sees their own and disputes them. */
export default function CitationsPage() {
  const { t } = useTranslation(["citations", "safety"]);
  const me = useMe().data;
  const staff = can(me ?? null, "citations:write");
  const messages = useSafetyMessages();

  const { values, page, pageSize, update } = useListParams(PARAM_DEFAULTS);
  const sort: CitationSort = oneOf(CITATION_SORTS, values.sort) ?? "issuedOn";
  const dir: SortDir = values.dir === "asc" ? "asc" : "desc";
  const statusFilter = oneOf(STATUS_FILTERS, values.status);
  const filter: Partial<CitationFilterInput> = {
    q: values.q || undefined,
    status: statusFilter === "overdue" ? undefined : oneOf(CITATION_STATUSES, values.status),
    overdue: statusFilter === "overdue" ? "true" : undefined,
    driverId: staff && UUID.test(values.driverId) ? values.driverId : undefined,
    from: DATE.test(values.from) ? values.from : undefined,
    to: DATE.test(values.to) ? values.to : undefined,
    sort,
    dir,
  };
  const list = useCitations({ ...filter, page, pageSize });
  const summary = useCitationSummary();
  useErrorToast(list, t("list.fetchFailed"));
  const { data, retained } = useRetainedData(list);

  const [form, setForm] = useState<{ citation?: CitationDetail } | null>(null);
  const openId = UUID.test(values.open) ? values.open : null;
  const openDetail = (id: string | null) => update({ open: id, page }, { replace: !id });

  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const onSort = (column: CitationSort, nextDir: SortDir) => update({ sort: column, dir: nextDir });
  const filtered = !!(filter.q || statusFilter || filter.driverId || filter.from || filter.to);
  const activeFilters = [statusFilter, filter.driverId, filter.from, filter.to].filter(Boolean).length;
  const clear = () => update({ q: null, status: null, driverId: null, from: null, to: null });
  const driverLabel =
    data?.items.find((c) => c.driverId === filter.driverId)?.driverName ?? t("filters.selectedDriver");
  const toggleStatus = (status: (typeof STATUS_FILTERS)[number]) =>
    update({ status: statusFilter === status ? null : status });

  const columns = {
    issuedOn: t("fields.issuedOn"),
    driver: t("fields.driver"),
    violation: t("fields.violation"),
    fineAmount: t("fields.fineAmount"),
    dueOn: t("fields.dueOn"),
    status: t("fields.status"),
  };
  const s = summary.data;

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6">
      <PageHeader
        title={t(staff ? "list.title" : "list.driverTitle")}
        description={t(staff ? "list.description" : "list.driverDescription")}
        actions={
          <>
            <ExportMenu
              testId="export-citations"
              filtered={filtered}
              run={(format) => exportCitations(format, filter)}
              heading={{ all: t("safety:export.all"), filtered: t("safety:export.filtered") }}
              describe={(error) => messages.error(error)}
            />
            {staff ? (
              <Button className="flex-1 sm:flex-none" onClick={() => setForm({})} data-testid="new-citation">
                <Plus aria-hidden />
                {t("list.new")}
              </Button>
            ) : null}
          </>
        }
      />

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryTile
          label={t("summary.open")}
          value={s ? formatNumber(s.open) : "—"}
          tone="info"
          onClick={() => toggleStatus("open")}
          active={statusFilter === "open"}
          testId="summary-open"
        />
        <SummaryTile
          label={t("summary.overdue")}
          value={s ? formatNumber(s.overdue) : "—"}
          tone={s && s.overdue > 0 ? "danger" : "neutral"}
          onClick={() => toggleStatus("overdue")}
          active={statusFilter === "overdue"}
          testId="summary-overdue"
        />
        <SummaryTile
          label={t("summary.disputed")}
          value={s ? formatNumber(s.disputed) : "—"}
          tone={s && s.disputed > 0 ? "warning" : "neutral"}
          onClick={() => toggleStatus("disputed")}
          active={statusFilter === "disputed"}
          testId="summary-disputed"
        />
        <SummaryTile
          label={t("summary.unpaidFines")}
          value={s ? formatMoney(s.unpaidFines) : "—"}
          hint={t("summary.unpaidFinesHint")}
          testId="summary-unpaid"
        />
      </div>

      <Card className="overflow-hidden">
        <ListToolbar
          search={values.q}
          onSearch={onSearch}
          searchLabel={t("list.searchLabel")}
          searchHint={t(staff ? "list.searchHint" : "list.searchHintDriver")}
          activeFilters={activeFilters}
          filtered={filtered}
          onClear={clear}
          updating={!!(list.isFetching && data)}
        >
          <Select
            aria-label={t("filters.status")}
            value={statusFilter ?? ""}
            onChange={(e) => update({ status: e.target.value })}
            className="lg:w-auto"
            data-testid="filter-status"
          >
            <option value="">{t("filters.allStatuses")}</option>
            {STATUS_FILTERS.map((st) => (
              <option key={st} value={st}>
                {st === "overdue" ? t("overdue") : t(`status.${st}`)}
              </option>
            ))}
          </Select>
          {staff ? (
            <SafetyPicker
              kind="drivers"
              aria-label={t("filters.driver")}
              placeholder={t("filters.allDrivers")}
              value={filter.driverId ?? null}
              selectedLabel={filter.driverId ? driverLabel : undefined}
              onChange={(id) => update({ driverId: id })}
              className="lg:w-52"
            />
          ) : null}
          <SortSelect
            label={t("safety:list.sortBy")}
            columns={CITATION_SORTS.filter((c) => staff || c !== "driverName")}
            sort={sort}
            dir={dir}
            onSort={onSort}
            optionLabel={(column, d) =>
              t("safety:list.sortOption", {
                field: t(`sorts.${column}`),
                dir: t(`safety:list.dir.${d}`),
              })
            }
          />
          <DateRangeFilter
            from={filter.from}
            to={filter.to}
            label={(edge) => t(`filters.${edge}`)}
            onChange={update}
            testIdPrefix="filter"
          />
        </ListToolbar>

        <ListContent
          query={list}
          data={data}
          errorTitle={t("list.fetchFailed")}
          empty={
            <EmptyState
              title={
                filtered
                  ? t("list.empty.filteredTitle")
                  : t(staff ? "list.empty.title" : "list.empty.driverTitle")
              }
              description={
                filtered
                  ? t("list.empty.filteredText")
                  : t(staff ? "list.empty.text" : "list.empty.driverText")
              }
              action={
                filtered ? (
                  <Button variant="outline" size="sm" onClick={clear}>
                    {t("common:actions.clearFilters")}
                  </Button>
                ) : staff ? (
                  <Button size="sm" onClick={() => setForm({})}>
                    <Plus aria-hidden />
                    {t("list.new")}
                  </Button>
                ) : null
              }
            />
          }
        >
          {(page) => (
            <>
              <Table className={stacked.table} aria-label={t("list.title")}>
                <THead className={stacked.head}>
                  <tr>
                    <SortableHeader column="issuedOn" sort={sort} dir={dir} onSort={onSort} className="pl-4">
                      {columns.issuedOn}
                    </SortableHeader>
                    {staff ? (
                      <SortableHeader column="driverName" sort={sort} dir={dir} onSort={onSort}>
                        {columns.driver}
                      </SortableHeader>
                    ) : null}
                    <Th>{columns.violation}</Th>
                    <SortableHeader
                      column="fineAmount"
                      sort={sort}
                      dir={dir}
                      onSort={onSort}
                      className="text-right [&>button]:ml-auto"
                    >
                      {columns.fineAmount}
                    </SortableHeader>
                    <SortableHeader column="dueOn" sort={sort} dir={dir} onSort={onSort}>
                      {columns.dueOn}
                    </SortableHeader>
                    <SortableHeader column="status" sort={sort} dir={dir} onSort={onSort} className="pr-4">
                      {columns.status}
                    </SortableHeader>
                  </tr>
                </THead>
                <TBody className={cn(stacked.body, retained && "opacity-60 transition-opacity")}>
                  {page.items.map((c) => (
                    <CitationRow
                      key={c.id}
                      citation={c}
                      staff={staff}
                      columns={columns}
                      onOpen={() => openDetail(c.id)}
                    />
                  ))}
                </TBody>
              </Table>
              <ListPagination of={page} onChange={update} />
            </>
          )}
        </ListContent>
      </Card>

      <CitationDetailDialog
        id={openId}
        staff={staff}
        onOpenChange={(o) => !o && openDetail(null)}
        onEdit={(citation) => {
          // One dialog at a time: the form replaces the detail, which comes back after saving.
          openDetail(null);
          setForm({ citation });
        }}
      />
      {staff ? (
        <CitationFormDialog
          open={!!form}
          citation={form?.citation}
          onOpenChange={(o) => !o && setForm(null)}
          onSaved={(saved) => {
            if (form?.citation) openDetail(saved.id);
          }}
        />
      ) : null}
    </div>
  );
}

function CitationRow({
  citation: c,
  staff,
  columns,
  onOpen,
}: {
  citation: CitationListItem;
  staff: boolean;
  columns: Record<string, string>;
  onOpen: () => void;
}) {
  const { t } = useTranslation(["citations", "safety"]);
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid="citation-row">
      <Td className={cn(stacked.primary, "pl-4 lg:whitespace-nowrap")}>
        <div className="flex items-center justify-between gap-3">
          {/* The button's overlay makes the whole row (or card) open the citation. */}
          <button
            type="button"
            onClick={onOpen}
            className="text-left text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500 lg:font-medium lg:text-slate-900"
            aria-label={t("list.open", { violation: c.violation, date: formatDay(c.issuedOn) })}
          >
            {formatDay(c.issuedOn)}
          </button>
          <span className="flex gap-1 lg:hidden">
            <CitationStatusBadge status={c.status} />
            {c.overdue ? <OverdueBadge /> : null}
          </span>
        </div>
        <p className="mt-1 text-sm text-slate-700 lg:hidden">{c.violation}</p>
      </Td>
      {staff ? (
        <Td data-label={columns.driver} className={cn(stacked.cell, "text-slate-700")}>
          <span className="truncate">{c.driverName}</span>
        </Td>
      ) : null}
      <Td data-label={columns.violation} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="grid min-w-0 max-w-md">
          <span className="flex items-center gap-1.5 truncate text-slate-900">
            <span className="truncate">{c.violation}</span>
            {c.hasFile ? (
              <Paperclip className="size-3.5 shrink-0 text-slate-400" aria-label={t("list.hasFile")} />
            ) : null}
          </span>
          <span className="truncate text-xs text-slate-500">
            {[c.citationNumber, `${c.city}, ${c.state}`].filter(Boolean).join(" · ")}
          </span>
        </span>
      </Td>
      <Td
        data-label={columns.fineAmount}
        className={cn(
          stacked.cell,
          "text-right font-medium tabular-nums text-slate-900 lg:whitespace-nowrap",
        )}
      >
        {formatMoney(c.fineAmount)}
      </Td>
      <Td data-label={columns.dueOn} className={cn(stacked.cell, "lg:whitespace-nowrap")}>
        <span className={cn(c.overdue ? "font-semibold text-red-700" : "text-slate-700")}>
          {formatDay(c.dueOn)}
        </span>
      </Td>
      <Td data-label={columns.status} className={cn(stacked.cell, "pr-4 max-lg:hidden")}>
        <span className="flex flex-wrap gap-1">
          <CitationStatusBadge status={c.status} />
          {c.overdue ? <OverdueBadge /> : null}
        </span>
      </Td>
    </Tr>
  );
}
