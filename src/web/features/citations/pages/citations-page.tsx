import { can } from "@shared/access";
import {
  CITATION_SORTS,
  type CitationDetail,
  type CitationListItem,
  citationListQuerySchema,
} from "@shared/citations/citations.schema";
import { Paperclip, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { PeriodFilter, StatusFilter } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { useCreateParam } from "../../../lib/create-param";
import { formatMoney, formatNumber } from "../../../lib/format";
import { formatDay } from "../../../lib/format-day";
import { useMe } from "../../../lib/session";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportCitations, useCitationSummary, useCitations } from "../api/citations";
import { CitationDetailDialog } from "../components/citation-detail-dialog";
import { CitationStatusBadge, OverdueBadge } from "../components/citation-status-badge";
import { SafetyPicker } from "../components/safety-picker";
import { useSafetyMessages } from "../safety-messages";

const CitationFormDialog = lazyDialog(() =>
  import("../components/citation-form-dialog").then((m) => m.CitationFormDialog),
);

/** The status filter offers "overdue" beside the statuses: open and past the due date. */
const STATUS_FILTERS = ["open", "overdue", "paid", "disputed", "dismissed"] as const;
/** The screen's URL state: the API's `overdue` flag is one choice of the status filter. */
const screenSchema = citationListQuerySchema
  .omit({ overdue: true })
  .extend({ status: z.enum(STATUS_FILTERS).optional() });
type ScreenQuery = Omit<z.output<typeof screenSchema>, "page" | "pageSize"> & {
  page: number;
  pageSize: number;
};
const toApi = ({ status, ...rest }: Omit<ScreenQuery, "page" | "pageSize">) => ({
  ...rest,
  status: status === "overdue" ? undefined : status,
  overdue: status === "overdue" ? true : undefined,
});
const useCitationPage = ({ page, pageSize, ...filter }: ScreenQuery) =>
  useCitations({ ...toApi(filter), page, pageSize });
const FILTERS = ["status", "driverId", "from", "to"] as const;
/** The citation shown in the detail dialog (a link from a notification can open it). */
const EXTRA = { open: "" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Citations: staff record and follow every driver's; a driver sees their own and disputes them. */
export default function CitationsPage() {
  const { t } = useTranslation(["citations", "safety"]);
  const me = useMe().data;
  const staff = can(me ?? null, "citations:write");
  const messages = useSafetyMessages();

  const list = useListScreen(screenSchema, useCitationPage, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
    extra: EXTRA,
    // The driver filter is staff's: a driver's list is their own.
    narrow: (f) => (staff ? f : { ...f, driverId: undefined }),
  });
  const { filter, values, page, update, data } = list;
  const statusFilter = filter.status;
  const summary = useCitationSummary();

  const [form, setForm] = useState<{ citation?: CitationDetail } | null>(null);
  useCreateParam(() => setForm({}), staff);
  const openId = UUID.test(values.open) ? values.open : null;
  const openDetail = (id: string | null) => update({ open: id, page }, { replace: !id });

  const driverLabel =
    data?.items.find((c) => c.driverId === filter.driverId)?.driverName ?? t("filters.selectedDriver");
  const toggleStatus = (status: (typeof STATUS_FILTERS)[number]) =>
    update({ status: statusFilter === status ? null : status });

  const s = summary.data;

  return (
    <ListPage
      title={t(staff ? "list.title" : "list.driverTitle")}
      description={t(staff ? "list.description" : "list.driverDescription")}
      exportMenu={{
        testId: "export-citations",
        filtered: list.filtered,
        run: (format) => exportCitations(format, toApi(filter)),
        heading: { all: t("safety:export.all"), filtered: t("safety:export.filtered") },
        describe: (error) => messages.error(error),
      }}
      actions={
        staff ? (
          <Button className="flex-1 sm:flex-none" onClick={() => setForm({})} data-testid="new-citation">
            <Plus aria-hidden />
            {t("list.new")}
          </Button>
        ) : null
      }
    >
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

      <ListPanel
        list={list}
        search={{
          label: t("list.searchLabel"),
          hint: t(staff ? "list.searchHint" : "list.searchHintDriver"),
        }}
        filters={
          <>
            <StatusFilter
              list={list}
              name="status"
              options={STATUS_FILTERS}
              label={t("filters.status")}
              all={t("filters.allStatuses")}
              optionLabel={(st) => (st === "overdue" ? t("overdue") : t(`status.${st}`))}
              testId="filter-status"
            />
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
            <PeriodFilter list={list} label={(edge) => t(`filters.${edge}`)} testIdPrefix="filter" />
          </>
        }
        sortMenu={{
          columns: CITATION_SORTS.filter((c) => staff || c !== "driverName"),
          field: (column) => t(`sorts.${column}`),
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          title: t(staff ? "list.empty.title" : "list.empty.driverTitle"),
          text: t(staff ? "list.empty.text" : "list.empty.driverText"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
          action: staff ? (
            <Button size="sm" onClick={() => setForm({})}>
              <Plus aria-hidden />
              {t("list.new")}
            </Button>
          ) : null,
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "issuedOn", label: t("fields.issuedOn"), sort: "issuedOn", className: "pl-4" },
          ...(staff ? [{ key: "driver", label: t("fields.driver"), sort: "driverName" as const }] : []),
          { key: "violation", label: t("fields.violation") },
          {
            key: "fineAmount",
            label: t("fields.fineAmount"),
            sort: "fineAmount",
            className: "text-right [&>button]:ml-auto",
          },
          { key: "dueOn", label: t("fields.dueOn"), sort: "dueOn" },
          { key: "status", label: t("fields.status"), sort: "status", className: "pr-4" },
        ]}
        row={(c, _page, labels) => (
          <CitationRow citation={c} staff={staff} columns={labels} onOpen={() => openDetail(c.id)} />
        )}
      />

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
    </ListPage>
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
              <Paperclip className="size-3.5 shrink-0 text-slate-500" aria-label={t("list.hasFile")} />
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
