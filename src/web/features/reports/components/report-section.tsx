import type { ReportChart, ReportFigure, ReportSection, ReportTable } from "@shared/reports/reports.schema";
import { ArrowDownRight, ArrowRight, ArrowUpRight, ChartBar, Table2, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/feedback";
import { lazyPanel } from "../../../components/ui/lazy";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import type { ReportFormatter } from "./report-format";

/** Recharts downloads after the figures and tables have rendered (decision 023). */
const ReportChartView = lazyPanel(() => import("./report-chart").then((m) => m.ReportChartView));

export function ReportSectionView({
  section,
  fmt,
  hintValues,
}: {
  section: ReportSection;
  fmt: ReportFormatter;
  hintValues: Record<string, string>;
}) {
  const { t } = useTranslation("reports");
  const charted = new Set(section.charts.map((c) => c.table));
  const titleId = `report-section-${section.key}`;
  return (
    <section aria-labelledby={titleId} className="grid gap-4" data-testid={`report-section-${section.key}`}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {t(`sections.${section.key}`)}
      </h2>
      {section.warnings.length ? (
        <Alert tone="warning">
          <ul className="grid gap-1" data-testid="report-warnings">
            {section.warnings.map((w) => (
              <li key={w.key} className="flex items-start gap-2">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{fmt.note(w)}</span>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {section.figures.length ? (
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
          {section.figures.map((f) => (
            <FigureTile key={f.key} figure={f} fmt={fmt} hintValues={hintValues} />
          ))}
        </div>
      ) : null}
      {section.charts.length || section.tables.length ? (
        <div className="grid gap-4 xl:grid-cols-2">
          {section.charts.map((c) => {
            const table = section.tables.find((x) => x.key === c.table);
            return table ? <ChartCard key={c.key} chart={c} table={table} fmt={fmt} /> : null;
          })}
          {section.tables
            .filter((x) => !charted.has(x.key))
            .map((x) => (
              <TableCard key={x.key} table={x} fmt={fmt} />
            ))}
        </div>
      ) : null}
    </section>
  );
}

function changeOf(f: ReportFigure): { text: string; direction: "up" | "down" | "same" } | null {
  if (f.value === null || f.previous === null) return null;
  const value = Number(f.value);
  const previous = Number(f.previous);
  if (f.format === "percent") {
    const points = Math.round((value - previous) * 10) / 10;
    return { text: `${Math.abs(points)}`, direction: points > 0 ? "up" : points < 0 ? "down" : "same" };
  }
  if (!previous) return value === 0 ? { text: "0", direction: "same" } : null;
  const pct = Math.round(((value - previous) / Math.abs(previous)) * 1000) / 10;
  return { text: `${Math.abs(pct)}`, direction: pct > 0 ? "up" : pct < 0 ? "down" : "same" };
}

/** A KPI: the figure, its change against the previous period (green when it is good news), the previous value. */
function FigureTile({
  figure: f,
  fmt,
  hintValues,
}: {
  figure: ReportFigure;
  fmt: ReportFormatter;
  hintValues: Record<string, string>;
}) {
  const { t } = useTranslation("reports");
  const change = changeOf(f);
  const good =
    change && change.direction !== "same" && f.higherIsBetter !== null
      ? (change.direction === "up") === f.higherIsBetter
      : null;
  const hint = t(`hints.${f.key}`, { ...hintValues, defaultValue: "" });
  const Icon =
    change?.direction === "up" ? ArrowUpRight : change?.direction === "down" ? ArrowDownRight : ArrowRight;
  const changeText =
    change &&
    (change.direction === "same"
      ? t("view.same")
      : t(change.direction === "up" ? "view.up" : "view.down", {
          value:
            f.format === "percent"
              ? t("view.points", { value: fmt.format(change.text, "number") })
              : fmt.format(change.text, "percent"),
        }));
  const body = (
    <>
      <span className="text-xs font-medium uppercase tracking-wide text-slate-500">
        {t(`figures.${f.key}`)}
      </span>
      {f.incomplete ? (
        <span
          className="inline-flex items-start gap-1 text-sm font-semibold text-amber-800 [overflow-wrap:anywhere]"
          data-testid="figure-value"
          data-incomplete="true"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {fmt.note(f.incomplete)}
        </span>
      ) : (
        <span
          className="text-base font-semibold tabular-nums text-slate-900 [overflow-wrap:anywhere] sm:text-xl xl:text-2xl"
          data-testid="figure-value"
        >
          {fmt.format(f.value, f.format)}
        </span>
      )}
      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs">
        {changeText ? (
          <span
            className={cn(
              "inline-flex items-center gap-0.5 font-medium",
              good === true ? "text-emerald-700" : good === false ? "text-red-700" : "text-slate-600",
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            {changeText}
          </span>
        ) : null}
        <span className="text-slate-500">
          {f.previous !== null
            ? t("view.previous", { value: fmt.format(f.previous, f.format) })
            : t("view.noPrevious")}
        </span>
      </span>
      {hint ? <span className="text-xs text-slate-500">{hint}</span> : null}
    </>
  );
  const className =
    "grid min-w-0 content-start gap-1 rounded-lg border border-slate-200 bg-white p-4 text-left shadow-sm";
  return f.link ? (
    <Link
      to={f.link}
      className={cn(
        className,
        "transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
      )}
      title={t("view.open")}
      data-testid={`figure-${f.key}`}
    >
      {body}
    </Link>
  ) : (
    <div className={className} data-testid={`figure-${f.key}`}>
      {body}
    </div>
  );
}

function CardFrame({
  title,
  actions,
  children,
  testId,
  wide,
}: {
  title: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
  testId: string;
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        "grid min-w-0 content-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm",
        wide && "xl:col-span-2",
      )}
      data-testid={testId}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A chart with its accessible table view one click away. */
function ChartCard({ chart, table, fmt }: { chart: ReportChart; table: ReportTable; fmt: ReportFormatter }) {
  const { t } = useTranslation("reports");
  const [view, setView] = useState<"chart" | "table">("chart");
  const title = t(`tables.${table.key}`);
  const toggle = (
    <fieldset className="inline-flex rounded-md border border-slate-200 p-0.5">
      <legend className="sr-only">{title}</legend>
      {(["chart", "table"] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => setView(v)}
          className={cn(
            "inline-flex min-h-8 items-center gap-1 rounded px-2 text-xs font-medium",
            view === v ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100",
          )}
          data-testid={`view-${v}-${table.key}`}
        >
          {v === "chart" ? (
            <ChartBar className="size-3.5" aria-hidden />
          ) : (
            <Table2 className="size-3.5" aria-hidden />
          )}
          {t(`view.${v}`)}
        </button>
      ))}
    </fieldset>
  );
  const hasData = table.rows.some((r) =>
    chart.series.some((s) => Number(r.values[table.columns.findIndex((c) => c.key === s)] ?? 0) !== 0),
  );
  return (
    <CardFrame title={title} actions={toggle} testId={`chart-${chart.key}`} wide={table.columns.length >= 6}>
      {view === "table" ? (
        <ReportTableView table={table} fmt={fmt} />
      ) : hasData ? (
        <ReportChartView
          chart={chart}
          table={table}
          fmt={fmt}
          title={title}
          seriesName={(k) => t(`columns.${k}`)}
        />
      ) : (
        <p className="py-8 text-center text-sm text-slate-500">{t("empty.chart")}</p>
      )}
    </CardFrame>
  );
}

function TableCard({ table, fmt }: { table: ReportTable; fmt: ReportFormatter }) {
  const { t } = useTranslation("reports");
  return (
    <CardFrame
      title={t(`tables.${table.key}`)}
      testId={`table-${table.key}`}
      wide={table.columns.length >= 4}
    >
      <ReportTableView table={table} fmt={fmt} />
    </CardFrame>
  );
}

const isText = (format: string) => format === "label" || format === "text" || format === "date";

/** A report table: the label column links to the rows behind it; numbers right-aligned; a total row. */
export function ReportTableView({ table, fmt }: { table: ReportTable; fmt: ReportFormatter }) {
  const { t } = useTranslation("reports");
  if (!table.rows.length)
    return <p className="py-6 text-center text-sm text-slate-500">{t("empty.table")}</p>;
  return (
    <div className="grid gap-2">
      <div className="-mx-4 overflow-x-auto px-4">
        <Table className="min-w-full text-sm">
          <THead>
            <Tr>
              <Th scope="col">{t(`columns.${table.labelHeader}`)}</Th>
              {table.columns.map((c) => (
                <Th key={c.key} scope="col" className={cn(!isText(c.format) && "text-right")}>
                  {t(`columns.${c.key}`)}
                </Th>
              ))}
            </Tr>
          </THead>
          <TBody>
            {table.rows.map((r, n) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for one answer; labels may repeat (a truck with two services due).
              <Tr key={n}>
                <th
                  scope="row"
                  className="min-w-32 px-3 py-2.5 text-left align-middle font-medium text-slate-900"
                >
                  {r.link ? (
                    <Link to={r.link} className="text-brand-700 underline-offset-2 hover:underline">
                      {fmt.label(r.label)}
                    </Link>
                  ) : (
                    fmt.label(r.label)
                  )}
                </th>
                {table.columns.map((c, i) => (
                  <Td
                    key={c.key}
                    className={cn("whitespace-nowrap", !isText(c.format) && "text-right tabular-nums")}
                  >
                    {fmt.format(r.values[i] ?? null, c.format, c.labelKind)}
                  </Td>
                ))}
              </Tr>
            ))}
            {table.total ? (
              <Tr className="bg-slate-50 font-semibold">
                <th scope="row" className="px-3 py-2.5 text-left align-middle">
                  {t("total")}
                </th>
                {table.columns.map((c, i) => (
                  <Td
                    key={c.key}
                    className={cn(
                      c.incomplete ? "min-w-40 text-right text-xs text-amber-800" : "whitespace-nowrap",
                      !isText(c.format) && !c.incomplete && "text-right tabular-nums",
                    )}
                    data-incomplete={c.incomplete ? "true" : undefined}
                  >
                    {c.incomplete
                      ? fmt.note(c.incomplete)
                      : table.total?.[i] === null
                        ? ""
                        : fmt.format(table.total?.[i] ?? null, c.format, c.labelKind)}
                  </Td>
                ))}
              </Tr>
            ) : null}
          </TBody>
        </Table>
      </div>
      {table.truncated ? <p className="text-xs text-slate-500">{t("truncated")}</p> : null}
    </div>
  );
}
