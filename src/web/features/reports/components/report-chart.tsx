import type { ReportChart, ReportTable } from "@shared/reports/reports.schema";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ReportFormatter } from "./report-format";

/** Series colours (the PDF draws with the same). */
export const CHART_COLORS = [
  "#2563eb",
  "#94a3b8",
  "#0f9982",
  "#ea580c",
  "#7c3aed",
  "#db2777",
  "#ca8a04",
  "#0891b2",
];

/** At most this many rows are drawn; the table view lists them all. */
const MAX_ROWS = 15;

/**
 * One chart of a report, drawn by Recharts from its table: bars run across (long names stay
 * readable on a phone), a pie for shares. The page offers the same figures as a table.
 */
export function ReportChartView({
  chart,
  table,
  fmt,
  seriesName,
  title,
}: {
  chart: ReportChart;
  table: ReportTable;
  fmt: ReportFormatter;
  seriesName: (key: string) => string;
  title: string;
}) {
  const series = chart.series
    .map((key) => ({ key, index: table.columns.findIndex((c) => c.key === key) }))
    .filter((s) => s.index >= 0);
  const data = table.rows.slice(0, MAX_ROWS).map((r) => {
    const point: Record<string, string | number> = { name: fmt.label(r.label) };
    for (const s of series) point[s.key] = Number(r.values[s.index] ?? 0);
    return point;
  });
  const formatOf = (key: string) => table.columns.find((c) => c.key === key)?.format ?? "number";
  const tooltip = (value: unknown, name: unknown) => {
    const key = series.find((s) => seriesName(s.key) === name)?.key ?? series[0]?.key ?? "";
    return [fmt.format(String(value), formatOf(key)), String(name)] as [string, string];
  };

  if (chart.kind === "pie") {
    const s = series[0];
    const slices = data.filter((d) => Number(d[s.key]) > 0);
    return (
      <figure aria-label={title} className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <PieChart>
            <Pie
              data={slices}
              dataKey={s.key}
              nameKey="name"
              innerRadius="45%"
              outerRadius="80%"
              isAnimationActive={false}
            >
              {slices.map((d, i) => (
                <Cell key={String(d.name)} fill={CHART_COLORS[i % CHART_COLORS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(v) => fmt.format(String(v), formatOf(s.key))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
          </PieChart>
        </ResponsiveContainer>
      </figure>
    );
  }

  const height = Math.max(160, data.length * (series.length * 16 + 14) + 60);
  return (
    <figure aria-label={title} className="w-full" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 4, right: 16, top: 4, bottom: 4 }}>
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis
            type="number"
            tickFormatter={(v) => fmt.format(String(v), formatOf(series[0]?.key ?? ""))}
            tick={{ fontSize: 11, fill: "#64748b" }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={120}
            tick={{ fontSize: 11, fill: "#334155" }}
            interval={0}
          />
          <Tooltip formatter={tooltip} />
          {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={seriesName(s.key)}
              fill={CHART_COLORS[i % CHART_COLORS.length]}
              stackId={chart.kind === "stacked-bar" ? "stack" : undefined}
              radius={2}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
