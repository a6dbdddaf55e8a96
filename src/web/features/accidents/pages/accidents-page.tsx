import { ROUTES, routePath } from "@shared/access";
import {
  ACCIDENT_SORTS,
  type AccidentListItem,
  accidentListQuerySchema,
  CLAIM_STATUSES,
} from "@shared/accidents/accidents.schema";
import { Images, Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { chosenLabel, PeriodFilter, StatusFilter } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Button } from "../../../components/ui/button";
import { Select } from "../../../components/ui/input";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { SafetyPicker } from "../../citations/components/safety-picker";
import { useSafetyMessages } from "../../citations/safety-messages";
import { exportAccidents, useAccidentSummary, useAccidents } from "../api/accidents";
import { ClaimStatusBadge, InjuriesBadge } from "../components/claim-status-badge";

const FILTERS = ["claimStatus", "injuries", "driverId", "vehicleId", "from", "to"] as const;

/** Accidents and claims: every report, filtered and searched on the server, with its claim's state. */
export default function AccidentsPage() {
  const { t } = useTranslation(["accidents", "safety"]);
  const messages = useSafetyMessages();
  const list = useListScreen(accidentListQuerySchema, useAccidents, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
  });
  const { filter, update } = list;
  const summary = useAccidentSummary();
  const s = summary.data;

  return (
    <ListPage
      title={t("list.title")}
      description={t("list.description")}
      exportMenu={{
        testId: "export-accidents",
        filtered: list.filtered,
        run: (format) => exportAccidents(format, filter),
        heading: { all: t("safety:export.all"), filtered: t("safety:export.filtered") },
        describe: (error) => messages.error(error),
      }}
      actions={
        <Button asChild className="flex-1 sm:flex-none">
          <Link to={ROUTES.accidentNew.path} data-testid="new-accident">
            <Plus aria-hidden />
            {t("list.new")}
          </Link>
        </Button>
      }
    >
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SummaryTile
          label={t("summary.openClaims")}
          value={s ? formatNumber(s.openClaims) : "—"}
          tone={s && s.openClaims > 0 ? "warning" : "neutral"}
          onClick={() => update({ claimStatus: filter.claimStatus === "open" ? null : "open" })}
          active={filter.claimStatus === "open"}
          testId="summary-open-claims"
        />
        <SummaryTile
          label={t("summary.openClaimAmount")}
          value={s ? formatMoney(s.openClaimAmount) : "—"}
          testId="summary-open-amount"
        />
        <SummaryTile
          label={t("summary.thisYear")}
          value={s ? formatNumber(s.accidentsThisYear) : "—"}
          testId="summary-this-year"
        />
        <SummaryTile
          label={t("summary.injuriesThisYear")}
          value={s ? formatNumber(s.injuriesThisYear) : "—"}
          tone={s && s.injuriesThisYear > 0 ? "danger" : "neutral"}
          onClick={() => update({ injuries: filter.injuries === true ? null : "true" })}
          active={filter.injuries === true}
          testId="summary-injuries"
        />
      </div>

      <ListPanel
        list={list}
        search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
        filters={
          <>
            <StatusFilter
              list={list}
              name="claimStatus"
              options={CLAIM_STATUSES}
              label={t("filters.claimStatus")}
              all={t("filters.allClaims")}
              optionLabel={(st) => t(`claimStatus.${st}`)}
              testId="filter-claim-status"
            />
            <Select
              aria-label={t("filters.injuries")}
              value={filter.injuries === undefined ? "" : String(filter.injuries)}
              onChange={(e) => update({ injuries: e.target.value })}
              className="lg:w-auto"
            >
              <option value="">{t("filters.injuriesAny")}</option>
              <option value="true">{t("filters.injuriesYes")}</option>
              <option value="false">{t("filters.injuriesNo")}</option>
            </Select>
            <SafetyPicker
              kind="drivers"
              aria-label={t("filters.driver")}
              placeholder={t("filters.allDrivers")}
              value={filter.driverId ?? null}
              selectedLabel={chosenLabel(list, "driver", t("filters.selected"))}
              onChange={(id) => update({ driverId: id })}
              className="lg:w-48"
            />
            <SafetyPicker
              kind="vehicles"
              aria-label={t("filters.vehicle")}
              placeholder={t("filters.allVehicles")}
              value={filter.vehicleId ?? null}
              selectedLabel={chosenLabel(list, "vehicle", t("filters.selected"))}
              onChange={(id) => update({ vehicleId: id })}
              className="lg:w-40"
            />
            <PeriodFilter list={list} label={(edge) => t(`filters.${edge}`)} />
          </>
        }
        sortMenu={{
          columns: ACCIDENT_SORTS,
          field: (column) => t(`sorts.${column}`),
        }}
        errorTitle={t("list.fetchFailed")}
        empty={{
          ...emptyCopy(t, "list.empty"),
          action: (
            <Button asChild size="sm">
              <Link to={ROUTES.accidentNew.path}>
                <Plus aria-hidden />
                {t("list.new")}
              </Link>
            </Button>
          ),
        }}
        tableLabel={t("list.title")}
        columns={[
          { key: "reference", label: t("fields.reference"), sort: "reference", className: "pl-4" },
          { key: "occurredAt", label: t("fields.occurredAt"), sort: "occurredAt" },
          { key: "location", label: t("fields.location") },
          { key: "driver", label: t("fields.driver"), sort: "driverName" },
          { key: "equipment", label: t("fields.equipment") },
          {
            key: "claimAmount",
            label: t("fields.claimAmount"),
            sort: "claimAmount",
            className: "text-right [&>button]:ml-auto",
          },
          { key: "claimStatus", label: t("fields.claimStatus"), sort: "claimStatus", className: "pr-4" },
        ]}
        row={(a, _page, labels) => <AccidentRow accident={a} columns={labels} />}
      />
    </ListPage>
  );
}

function AccidentRow({
  accident: a,
  columns,
}: {
  accident: AccidentListItem;
  columns: Record<string, string>;
}) {
  const { t } = useTranslation(["accidents", "safety"]);
  const equipment = [a.vehicleLabel, a.trailerLabel].filter(Boolean).join(" · ");
  return (
    <Tr className={cn(stacked.row, "relative cursor-pointer")} data-testid="accident-row">
      <Td className={cn(stacked.primary, "pl-4")}>
        <div className="flex items-center justify-between gap-3">
          {/* The link's overlay makes the whole row (or card) open the accident. */}
          <Link
            to={routePath("accidentDetail", { accidentId: a.id })}
            className="whitespace-nowrap font-mono text-sm font-semibold text-brand-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-inset focus-visible:after:ring-brand-500"
          >
            {a.reference}
          </Link>
          <span className="flex gap-1 lg:hidden">
            <ClaimStatusBadge status={a.claimStatus} />
            {a.injuries ? <InjuriesBadge /> : null}
          </span>
        </div>
        <p className="mt-1 truncate text-sm text-slate-700 lg:hidden">{a.location}</p>
      </Td>
      <Td data-label={columns.occurredAt} className={cn(stacked.cell, "text-slate-700 lg:whitespace-nowrap")}>
        <time dateTime={a.occurredAt}>{formatDateTime(a.occurredAt)}</time>
      </Td>
      <Td data-label={columns.location} className={cn(stacked.cell, "max-lg:hidden")}>
        <span className="grid min-w-0 max-w-xs">
          <span className="truncate text-slate-900">{a.location}</span>
          <span className="flex items-center gap-2 text-xs text-slate-500">
            {a.injuries ? <InjuriesBadge /> : null}
            {a.imageCount ? (
              <span className="inline-flex items-center gap-1">
                <Images className="size-3.5" aria-hidden />
                {t("list.photos", { count: a.imageCount })}
              </span>
            ) : null}
          </span>
        </span>
      </Td>
      <Td data-label={columns.driver} className={cn(stacked.cell, "text-slate-700")}>
        <span className="truncate">{a.driverName ?? "—"}</span>
      </Td>
      <Td data-label={columns.equipment} className={cn(stacked.cell, "text-slate-700 lg:whitespace-nowrap")}>
        {equipment || "—"}
      </Td>
      <Td
        data-label={columns.claimAmount}
        className={cn(
          stacked.cell,
          "text-right font-medium tabular-nums text-slate-900 lg:whitespace-nowrap",
        )}
      >
        {a.claimAmount === null ? "—" : formatMoney(a.claimAmount)}
      </Td>
      <Td data-label={columns.claimStatus} className={cn(stacked.cell, "pr-4 max-lg:hidden")}>
        <ClaimStatusBadge status={a.claimStatus} />
      </Td>
    </Tr>
  );
}
