import { can } from "@shared/access";
import { nextPeriod, type PayPeriod, previousPeriod } from "@shared/settlements/pay";
import {
  SETTLEMENT_SORTS,
  SETTLEMENT_STATUSES,
  settlementListQuerySchema,
} from "@shared/settlements/settlements.schema";
import { ChevronLeft, ChevronRight, FileStack, Settings2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterGroup } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { emptyCopy, ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { SummaryTile } from "../../../components/summary-tile";
import { Tabs, TabsList, TabsTrigger } from "../../../components/tabs";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { lazyDialog, lazyPanel } from "../../../components/ui/lazy";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import { useMe } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { useListScreen } from "../../../lib/use-list-screen";
import { useGenerate, usePaySettings, useSettlements } from "../api/settlements";
import { EscrowDueNotice } from "../components/escrow-due-notice";
import { periodLabel, STATUS_TONES } from "../components/settlement-format";
import { useSettlementMessages } from "../settlements-messages";

const SettlementDialog = lazyDialog(() =>
  import("../components/settlement-dialog").then((m) => m.SettlementDialog),
);
const PaySettingsDialog = lazyDialog(() =>
  import("../components/pay-settings-dialog").then((m) => m.PaySettingsDialog),
);
const DeductionsPanel = lazyPanel(() =>
  import("../components/deductions-panel").then((m) => m.DeductionsPanel),
);

const EXTRA_PARAMS = { settlement: "", tab: "" };
const FILTERS = ["status", "driverId", "from", "to"] as const;

/**
 * /accounting/settlements: drivers' pay per period. Generate the period's drafts, open one to see
 * each load's pay computation and add additions or deductions, approve (locks), pay (the ledger's
 * driver-pay expense), void; the pay rules and the standing deductions (escrow, leases, advances).
 */
export default function SettlementsPage() {
  const { t } = useTranslation("settlements");
  const me = useMe().data;
  const mayApprove = can(me ?? null, "settlements:approve");
  const messages = useSettlementMessages();
  const list = useListScreen(settlementListQuerySchema, useSettlements, {
    filters: FILTERS,
    fetchFailed: t("list.fetchFailed"),
    extra: EXTRA_PARAMS,
  });
  const { filter, values, update, data } = list;
  const tab = values.tab === "deductions" ? "deductions" : "settlements";
  const settings = usePaySettings().data;
  const generate = useGenerate();
  const [chosen, setChosen] = useState<PayPeriod | null>(null);
  // Settings → Company links here with `?paySettings=1`: the pay rules open at once.
  const [editingSettings, setEditingSettings] = useState(
    () => new URLSearchParams(window.location.search).get("paySettings") === "1",
  );
  const period = chosen ?? data?.currentPeriod ?? null;
  const rule = settings ? { frequency: settings.frequency, endWeekday: settings.endWeekday } : null;

  const open = (id: string | null) => update({ settlement: id }, { replace: !id });

  const runGenerate = () =>
    period &&
    generate.mutate(
      { periodStart: period.start, periodEnd: period.end },
      {
        onSuccess: (r) =>
          notify({
            title: t("generate.done"),
            description:
              r.created || r.updated
                ? t("generate.summary", { created: r.created, updated: r.updated })
                : t("generate.nothing"),
            variant: "success",
          }),
        onError: (error) =>
          notify({ title: t("generate.failed"), description: messages.error(error), variant: "error" }),
      },
    );

  const cols = {
    settlement: t("list.columns.settlement"),
    period: t("list.columns.period"),
    loads: t("list.columns.loads"),
    gross: t("list.columns.gross"),
    deductions: t("list.columns.deductions"),
    net: t("list.columns.net"),
    status: t("list.columns.status"),
  };
  const driverLabel = data?.items.find((s) => s.driver.id === filter.driverId)?.driver.fullName;

  return (
    <ListPage
      title={t("title")}
      description={t("description")}
      actions={
        mayApprove ? (
          <Button
            variant="outline"
            className="flex-1 sm:flex-none"
            onClick={() => setEditingSettings(true)}
            data-testid="pay-settings"
          >
            <Settings2 aria-hidden />
            {t("settings.open")}
          </Button>
        ) : null
      }
    >
      <section
        aria-label={t("generate.label")}
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
      >
        <div className="flex items-center gap-2">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("generate.previous")}
            disabled={!period || !rule}
            onClick={() => period && rule && setChosen(previousPeriod(period, rule))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <div className="grid min-w-0 text-center sm:text-left">
            <span className="text-xs font-medium uppercase tracking-wide text-slate-500">
              {settings ? t(`frequencies.${settings.frequency}`) : t("generate.period")}
            </span>
            <span className="font-semibold text-slate-900" data-testid="pay-period">
              {period ? periodLabel(period) : "…"}
            </span>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("generate.next")}
            disabled={!period || !rule}
            onClick={() => period && rule && setChosen(nextPeriod(period, rule))}
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <Button onClick={runGenerate} disabled={!period || generate.isPending} data-testid="generate-drafts">
          <FileStack aria-hidden />
          {generate.isPending ? t("generate.running") : t("generate.action")}
        </Button>
      </section>

      {mayApprove ? <EscrowDueNotice /> : null}

      {data ? (
        <section
          aria-label={t("totals.label")}
          className="grid gap-3 sm:grid-cols-3"
          data-testid="settlement-totals"
        >
          <SummaryTile
            label={t("totals.drafts")}
            value={String(data.totals.draft)}
            onClick={() => update({ status: filter.status === "draft" ? null : "draft" })}
            active={filter.status === "draft"}
            testId="tile-drafts"
          />
          <SummaryTile
            label={t("totals.approved")}
            value={formatMoney(data.totals.approvedNet)}
            hint={t("totals.approvedCount", { count: data.totals.approved })}
            tone={data.totals.approved ? "warning" : "neutral"}
            onClick={() => update({ status: filter.status === "approved" ? null : "approved" })}
            active={filter.status === "approved"}
            testId="tile-approved"
          />
          <SummaryTile
            label={t("totals.paidThisMonth")}
            value={formatMoney(data.totals.paidThisMonth)}
            testId="tile-paid"
          />
        </section>
      ) : null}

      <Tabs value={tab} onValueChange={(v) => update({ tab: v === "settlements" ? null : v })}>
        <TabsList aria-label={t("tabs.label")} className="mb-0">
          <TabsTrigger value="settlements">{t("tabs.settlements")}</TabsTrigger>
          <TabsTrigger value="deductions">{t("tabs.deductions")}</TabsTrigger>
        </TabsList>
      </Tabs>

      {tab === "deductions" ? (
        <DeductionsPanel mayEdit={mayApprove} />
      ) : (
        <ListPanel
          list={list}
          search={{ label: t("list.searchLabel"), hint: t("list.searchHint") }}
          filters={
            <FilterGroup
              list={list}
              words={(word) => t(`list.filters.${word}`)}
              statuses={[
                {
                  name: "status",
                  options: SETTLEMENT_STATUSES,
                  label: t("list.filters.status"),
                  all: t("list.filters.allStatuses"),
                  optionLabel: (s) => t(`statuses.${s}`),
                },
              ]}
              driver={{ className: "lg:w-48", selected: driverLabel }}
              period
            />
          }
          sortMenu={{
            columns: SETTLEMENT_SORTS,
            field: (column) => t(`list.sorts.${column}`),
            directions: ["desc", "asc"],
          }}
          errorTitle={t("list.fetchFailed")}
          empty={emptyCopy(t, "list.empty")}
          tableLabel={t("title")}
          columns={[
            { label: cols.settlement, sort: "driver", className: "pl-4" },
            { label: cols.period, sort: "periodEnd" },
            { label: cols.loads, className: "text-right" },
            { label: cols.gross, className: "text-right" },
            { label: cols.deductions, className: "text-right" },
            { label: cols.net, sort: "net", className: "text-right [&>button]:ml-auto" },
            { label: cols.status, sort: "status", className: "pr-4" },
          ]}
          row={(s) => (
            <Tr
              className={cn(stacked.row, "cursor-pointer hover:bg-slate-50")}
              onClick={() => open(s.id)}
              data-testid={`settlement-row-${s.id}`}
            >
              <Td className={cn(stacked.primary, "pl-4")}>
                <div className="flex items-start justify-between gap-3">
                  <button
                    type="button"
                    className="grid min-w-0 text-left"
                    onClick={(e) => {
                      e.stopPropagation();
                      open(s.id);
                    }}
                  >
                    <span className="font-medium text-brand-700 hover:underline">{s.driver.fullName}</span>
                    <span className="text-sm text-slate-600">
                      {s.number} · {t(`workerTypes.${s.driver.workerType}`)}
                    </span>
                  </button>
                  <span className="shrink-0 font-semibold tabular-nums lg:hidden">{formatMoney(s.net)}</span>
                </div>
              </Td>
              <Td data-label={cols.period} className={cn(stacked.cell, "whitespace-nowrap text-sm")}>
                {periodLabel({ start: s.periodStart, end: s.periodEnd })}
              </Td>
              <Td data-label={cols.loads} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                {s.loadCount}
                {s.missingPay ? (
                  <Badge tone="warning" className="ml-2">
                    {t("list.missingPay", { count: s.missingPay })}
                  </Badge>
                ) : null}
              </Td>
              <Td data-label={cols.gross} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                {formatMoney(s.gross)}
              </Td>
              <Td data-label={cols.deductions} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
                {formatMoney(s.deductions)}
              </Td>
              <Td
                data-label={cols.net}
                className={cn(stacked.cell, "font-semibold tabular-nums max-lg:hidden lg:text-right")}
              >
                {formatMoney(s.net)}
              </Td>
              <Td data-label={cols.status} className={cn(stacked.cell, "pr-4")}>
                <Badge tone={STATUS_TONES[s.status]}>{t(`statuses.${s.status}`)}</Badge>
              </Td>
            </Tr>
          )}
        />
      )}

      {values.settlement ? (
        <SettlementDialog id={values.settlement} onClose={() => open(null)} mayApprove={mayApprove} />
      ) : null}
      <PaySettingsDialog open={editingSettings} onOpenChange={setEditingSettings} />
    </ListPage>
  );
}
