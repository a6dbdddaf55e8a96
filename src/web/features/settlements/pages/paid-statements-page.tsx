import { PAID_STATEMENT_SORTS, paidStatementQuerySchema } from "@shared/settlements/settlements.schema";
import { useTranslation } from "react-i18next";
import { EntityFilter, PeriodFilter } from "../../../components/list/filter-group";
import { ListPage } from "../../../components/list/list-page";
import { ListPanel } from "../../../components/list/list-panel";
import { stacked } from "../../../components/list/stacked-table";
import { Input } from "../../../components/ui/input";
import { Td, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDate, formatMoney } from "../../../lib/format";
import { useListScreen } from "../../../lib/use-list-screen";
import { exportPaidStatements, usePaidStatements } from "../api/settlements";
import { periodLabel } from "../components/settlement-format";
import { SettlementPdfButton } from "../components/settlement-pdf-button";
import { useSettlementMessages } from "../settlements-messages";

const FILTERS = ["driverId", "month", "from", "to"] as const;

/** "November 2026" in the reader's language. */
const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-15T12:00:00Z`),
  );

/**
 * /accounting/statements: the paid statements (spec §3 Statement — driver, month, statement date,
 * loads included, total paid), one per paid settlement, with the driver's year-to-date; the
 * statement's PDF and the list as CSV or Excel.
 */
export default function PaidStatementsPage() {
  const { t, i18n } = useTranslation("settlements");
  const messages = useSettlementMessages();
  const list = useListScreen(paidStatementQuerySchema, usePaidStatements, {
    filters: FILTERS,
    fetchFailed: t("statements.fetchFailed"),
  });
  const { filter, update, data } = list;
  const cols = {
    driver: t("statements.columns.driver"),
    month: t("statements.columns.month"),
    date: t("statements.columns.date"),
    loads: t("statements.columns.loads"),
    paid: t("statements.columns.paid"),
    ytd: t("statements.columns.ytd"),
  };
  const driverLabel = data?.items.find((s) => s.driver.id === filter.driverId)?.driver.fullName;

  return (
    <ListPage
      title={t("statements.title")}
      description={t("statements.description")}
      exportMenu={{
        testId: "export-statements",
        filtered: list.filtered,
        run: (format) => exportPaidStatements(format, filter),
        heading: { all: t("statements.exportAll"), filtered: t("statements.exportFiltered") },
        describe: (error) => messages.error(error),
      }}
    >
      <ListPanel
        list={list}
        search={{ label: t("statements.searchLabel"), hint: t("list.searchHint") }}
        filters={
          <>
            <EntityFilter
              list={list}
              entity="driver"
              label={t("list.filters.driver")}
              all={t("list.filters.allDrivers")}
              selected={driverLabel}
              className="lg:w-48"
            />
            <Input
              type="month"
              aria-label={t("statements.month")}
              value={filter.month ?? ""}
              onChange={(e) => update({ month: e.target.value })}
              className="lg:w-44"
            />
            <PeriodFilter list={list} label={(edge) => t(`statements.${edge}`)} />
          </>
        }
        summary={(page) => (
          <div
            className="border-b border-slate-100 px-4 py-2 text-right text-sm text-slate-600"
            data-testid="statements-total"
          >
            {t("statements.total", { count: page.totals.count, amount: formatMoney(page.totals.totalPaid) })}
          </div>
        )}
        sortMenu={{
          columns: PAID_STATEMENT_SORTS,
          field: (column) => t(`statements.sorts.${column}`),
          directions: ["desc", "asc"],
        }}
        errorTitle={t("statements.fetchFailed")}
        empty={{
          title: t("statements.emptyTitle"),
          text: t("statements.emptyText"),
          filteredTitle: t("list.empty.filteredTitle"),
          filteredText: t("list.empty.filteredText"),
        }}
        tableLabel={t("statements.title")}
        columns={[
          { label: cols.driver, sort: "driver", className: "pl-4" },
          { label: cols.month },
          { label: cols.date, sort: "statementDate" },
          { label: cols.loads, className: "text-right" },
          { label: cols.paid, sort: "totalPaid", className: "text-right [&>button]:ml-auto" },
          { label: cols.ytd, className: "text-right" },
          { label: <span className="sr-only">{t("pdf.download")}</span>, className: "pr-4" },
        ]}
        row={(s) => (
          <Tr className={stacked.row} data-testid={`statement-row-${s.number}`}>
            <Td className={cn(stacked.primary, "pl-4")}>
              <div className="flex items-start justify-between gap-3">
                <span className="grid min-w-0">
                  <span className="font-medium text-slate-900">{s.driver.fullName}</span>
                  <span className="text-sm text-slate-600">
                    {s.number} · {periodLabel({ start: s.periodStart, end: s.periodEnd })}
                  </span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums lg:hidden">
                  {formatMoney(s.totalPaid)}
                </span>
              </div>
            </Td>
            <Td data-label={cols.month} className={cn(stacked.cell, "whitespace-nowrap text-sm capitalize")}>
              {monthName(s.month, i18n.language)}
            </Td>
            <Td data-label={cols.date} className={cn(stacked.cell, "whitespace-nowrap text-sm")}>
              {formatDate(s.statementDate)}
            </Td>
            <Td data-label={cols.loads} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
              <span title={s.loadNumbers.join(", ")}>{s.loadsIncluded}</span>
            </Td>
            <Td
              data-label={cols.paid}
              className={cn(stacked.cell, "font-semibold tabular-nums max-lg:hidden lg:text-right")}
            >
              {formatMoney(s.totalPaid)}
            </Td>
            <Td data-label={cols.ytd} className={cn(stacked.cell, "tabular-nums lg:text-right")}>
              {formatMoney(s.yearToDatePaid)}
            </Td>
            <Td className={cn(stacked.corner, "pr-4 text-right")}>
              <SettlementPdfButton id={s.id} number={s.number} size="sm" />
            </Td>
          </Tr>
        )}
      />
    </ListPage>
  );
}
