import {
  LOAD_REQUEST_SORTS,
  LOAD_REQUEST_STATUSES,
  loadRequestListQuerySchema,
  type StaffLoadRequest,
} from "@shared/portal/load-requests.schema";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Badge } from "../../../components/ui/badge";
import { Select } from "../../../components/ui/input";
import { lazyDialog } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportLoadRequests, useLoadRequests } from "../api/portal";

const ReviewRequestDialog = lazyDialog(() =>
  import("../components/review-request-dialog").then((m) => m.ReviewRequestDialog),
);

/** Pending first: what dispatch came here for. "all" shows every status (no status for the API). */
const screenSchema = loadRequestListQuerySchema.extend({
  status: z.enum([...LOAD_REQUEST_STATUSES, "all"]).default("pending"),
});
type ScreenFilter = Omit<z.output<typeof screenSchema>, "page" | "pageSize">;
const toApi = ({ status, ...rest }: ScreenFilter) => ({
  ...rest,
  status: status === "all" ? undefined : status,
});
const useRequestPage = ({ page, pageSize, ...filter }: ScreenFilter & { page: number; pageSize: number }) =>
  useLoadRequests({ ...toApi(filter), page, pageSize });
const FILTERS = ["status", "customerId"] as const;
/** The request open in the review dialog. */
const EXTRA = { request: "" };
const REQUEST_TONE = { pending: "warning", accepted: "success", declined: "neutral" } as const;
const UUID = /^[0-9a-f-]{36}$/i;

/** Dispatch's queue of customers' portal requests: review, accept (a load is made) or decline. */
export default function LoadRequestsPage() {
  const { t } = useTranslation("portal");
  const list = useListScreen(screenSchema, useRequestPage, {
    filters: FILTERS,
    fetchFailed: t("staff.fetchFailed"),
    extra: EXTRA,
  });
  const { filter, values, update } = list;
  const open = (id: string) => update({ request: id }, { replace: true });

  return (
    <ListPage
      title={t("staff.title")}
      description={t("staff.description")}
      exportMenu={{
        testId: "export-requests",
        filtered: list.filtered,
        run: (format) => exportLoadRequests(format, toApi(filter)),
        heading: { all: t("staff.exportAll"), filtered: t("staff.exportFiltered") },
      }}
    >
      <ListPanel
        list={list}
        search={{ label: t("staff.searchLabel"), hint: t("staff.searchHint") }}
        filters={
          <Select
            aria-label={t("staff.statusFilter")}
            value={filter.status}
            onChange={(e) => update({ status: e.target.value })}
            className="lg:w-auto"
            data-testid="request-status-filter"
          >
            <option value="all">{t("requests.allStatuses")}</option>
            {LOAD_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`requests.status.${s}`)}
              </option>
            ))}
          </Select>
        }
        sortMenu={{
          columns: LOAD_REQUEST_SORTS,
          field: (column) => t(`staff.sorts.${column}`),
        }}
        errorTitle={t("staff.fetchFailed")}
        empty={{
          title: t("staff.empty"),
          text: t("staff.emptyText"),
          filteredTitle: t("staff.emptyFiltered"),
          filteredText: t("staff.emptyFilteredText"),
        }}
        tableLabel={t("staff.title")}
        columns={[
          { key: "request", label: t("staff.columns.request"), sort: "requestNumber", className: "pl-4" },
          { key: "customer", label: t("staff.columns.customer") },
          { key: "route", label: t("staff.columns.route") },
          { key: "pickup", label: t("staff.columns.pickup"), sort: "pickupAt" },
          { key: "freight", label: t("staff.columns.freight") },
          { key: "status", label: t("staff.columns.status"), sort: "status", className: "pr-4" },
        ]}
        row={(r, _page, labels) => <RequestRow request={r} columns={labels} onOpen={() => open(r.id)} />}
      />
      <ReviewRequestDialog
        requestId={UUID.test(values.request) ? values.request : null}
        onClose={() => update({ request: null }, { replace: true })}
      />
    </ListPage>
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
          <ArrowRight className="size-3.5 text-slate-500" aria-hidden />
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
