import { AGING_BUCKETS, addDays } from "@shared/invoices/invoices.schema";
import type { Statement, StatementFormat } from "@shared/statements/statements.schema";
import { Download, FileSpreadsheet, FileText, FileType } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { stacked } from "../../../components/list/stacked-table";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { Spinner } from "../../../components/ui/feedback";
import { Input, Label, Select } from "../../../components/ui/input";
import { Table, TBody, Td, THead, Th, Tr } from "../../../components/ui/table";
import { cn } from "../../../lib/cn";
import { formatDay, formatMoney, localToday } from "../../../lib/format";
import type { Period } from "../api/statements";

// ---- Period

export const PERIOD_PRESETS = [
  "thisMonth",
  "lastMonth",
  "thisQuarter",
  "thisYear",
  "lastYear",
  "custom",
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The days of a preset period, in the browser's calendar. */
export function presetPeriod(preset: Exclude<PeriodPreset, "custom">, today = localToday()): Period {
  const [y, m] = today.split("-").map(Number);
  const first = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;
  switch (preset) {
    case "thisMonth":
      return { from: first(y, m), to: today };
    case "lastMonth": {
      const start = m === 1 ? first(y - 1, 12) : first(y, m - 1);
      return { from: start, to: addDays(first(y, m), -1) };
    }
    case "thisQuarter":
      return { from: first(y, Math.floor((m - 1) / 3) * 3 + 1), to: today };
    case "thisYear":
      return { from: first(y, 1), to: today };
    case "lastYear":
      return { from: first(y - 1, 1), to: `${y - 1}-12-31` };
  }
}

export function presetOf(period: Period): PeriodPreset {
  for (const p of PERIOD_PRESETS) {
    if (p === "custom") continue;
    const days = presetPeriod(p);
    if (days.from === period.from && days.to === period.to) return p;
  }
  return "custom";
}

/** A preset (this month, last month, …) or two days of one's own. */
export function PeriodPicker({
  value,
  onChange,
  className,
}: {
  value: Period;
  onChange: (period: Period) => void;
  className?: string;
}) {
  const { t } = useTranslation(["statements", "invoices"]);
  const id = useId();
  const [custom, setCustom] = useState(false);
  const preset = custom ? "custom" : presetOf(value);
  return (
    <div className={cn("grid gap-3 sm:grid-cols-3 sm:items-end", className)}>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-preset`} className="text-xs text-slate-500">
          {t("period.label")}
        </Label>
        <Select
          id={`${id}-preset`}
          value={preset}
          onChange={(e) => {
            const next = e.target.value as PeriodPreset;
            setCustom(next === "custom");
            if (next !== "custom") onChange(presetPeriod(next));
          }}
          data-testid="period-preset"
        >
          {PERIOD_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`period.${p}`)}
            </option>
          ))}
        </Select>
      </div>
      {(["from", "to"] as const).map((edge) => (
        <div key={edge} className="grid gap-1">
          <Label htmlFor={`${id}-${edge}`} className="text-xs text-slate-500">
            {t(`period.${edge}`)}
          </Label>
          <Input
            id={`${id}-${edge}`}
            type="date"
            value={value[edge]}
            min={edge === "to" ? value.from : undefined}
            max={edge === "from" ? value.to : undefined}
            onChange={(e) => {
              if (!e.target.value) return;
              setCustom(true);
              onChange({ ...value, [edge]: e.target.value });
            }}
            data-testid={`period-${edge}`}
          />
        </div>
      ))}
    </div>
  );
}

// ---- Downloads

export function StatementDownloads({
  onDownload,
  disabled,
}: {
  onDownload: (format: StatementFormat) => Promise<void>;
  disabled?: boolean;
}) {
  const { t } = useTranslation(["statements", "invoices"]);
  const [busy, setBusy] = useState(false);
  const run = async (format: StatementFormat) => {
    setBusy(true);
    try {
      await onDownload(format);
    } finally {
      setBusy(false);
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={disabled || busy} data-testid="statement-download">
          {busy ? <Spinner className="text-current" /> : <Download aria-hidden />}
          {t("download.button")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => void run("pdf")} data-testid="statement-download-pdf">
          <FileType aria-hidden />
          {t("download.pdf")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run("csv")} data-testid="statement-download-csv">
          <FileText aria-hidden />
          {t("download.csv")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run("xlsx")} data-testid="statement-download-xlsx">
          <FileSpreadsheet aria-hidden />
          {t("download.xlsx")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// ---- The statement

const BUCKET_TONES: Record<(typeof AGING_BUCKETS)[number], string> = {
  current: "border-emerald-200 bg-emerald-50 text-emerald-900",
  days1to30: "border-amber-200 bg-amber-50 text-amber-900",
  days31to60: "border-orange-200 bg-orange-50 text-orange-900",
  days61to90: "border-red-200 bg-red-50 text-red-900",
  over90: "border-red-300 bg-red-100 text-red-950",
};

/** Summary, aging as of the period end, the activity with running balance, and open invoices. */
export function StatementView({ statement: s, dimmed }: { statement: Statement; dimmed?: boolean }) {
  const { t } = useTranslation(["statements", "invoices"]);
  const cols = {
    date: t("fields.date"),
    activity: t("fields.activity"),
    invoice: t("fields.invoice"),
    details: t("fields.details"),
    charges: t("fields.charges"),
    payments: t("fields.payments"),
    balance: t("fields.balance"),
  };
  return (
    <div className={cn("grid gap-5", dimmed && "opacity-60 transition-opacity")} data-testid="statement-view">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile label={t("summary.opening", { date: formatDay(s.from) })} value={s.openingBalance} />
        <Tile label={t("summary.invoiced")} value={s.invoiced} />
        <Tile label={t("summary.paid")} value={s.paid} />
        <Tile
          label={t("summary.closing", { date: formatDay(s.to) })}
          value={s.closingBalance}
          strong
          testId="closing-balance"
        />
      </dl>

      <section className="grid gap-2" aria-labelledby="aging-title">
        <h3 id="aging-title" className="text-sm font-semibold text-slate-900">
          {t("aging.title", { date: formatDay(s.to) })}
        </h3>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          {AGING_BUCKETS.map((b) => (
            <div
              key={b}
              className={cn("rounded-md border px-3 py-2", BUCKET_TONES[b])}
              data-testid={`aging-${b}`}
            >
              <dt className="text-xs font-medium">{t(`aging.${b}`)}</dt>
              <dd className="text-sm font-semibold tabular-nums">{formatMoney(s.aging[b])}</dd>
            </div>
          ))}
          <div className="rounded-md border border-slate-300 bg-slate-900 px-3 py-2 text-white">
            <dt className="text-xs font-medium text-slate-300">{t("aging.total")}</dt>
            <dd className="text-sm font-semibold tabular-nums">{formatMoney(s.aging.total)}</dd>
          </div>
        </dl>
      </section>

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t("activity.title")}</h3>
        <div className="overflow-hidden rounded-lg border border-slate-200">
          <Table className={stacked.table} aria-label={t("activity.title")}>
            <THead className={stacked.head}>
              <tr>
                <Th className="pl-4">{cols.date}</Th>
                <Th>{cols.activity}</Th>
                <Th>{cols.invoice}</Th>
                <Th>{cols.details}</Th>
                <Th className="text-right">{cols.charges}</Th>
                <Th className="text-right">{cols.payments}</Th>
                <Th className="pr-4 text-right">{cols.balance}</Th>
              </tr>
            </THead>
            <TBody className={stacked.body}>
              <Tr className={cn(stacked.row, "bg-slate-50/70")}>
                <Td className={cn(stacked.primary, "pl-4 font-medium")} colSpan={6}>
                  {t("activity.opening", { date: formatDay(s.from) })}
                </Td>
                <Td
                  data-label={cols.balance}
                  className={cn(stacked.cell, "pr-4 text-right font-medium tabular-nums")}
                >
                  {formatMoney(s.openingBalance)}
                </Td>
              </Tr>
              {s.entries.length === 0 ? (
                <Tr className={stacked.row}>
                  <Td colSpan={7} className="px-4 py-6 text-center text-sm text-slate-500 max-lg:block">
                    {t("activity.empty")}
                  </Td>
                </Tr>
              ) : (
                s.entries.map((e) => (
                  <Tr key={e.id} className={stacked.row}>
                    <Td className={cn(stacked.primary, "whitespace-nowrap pl-4")}>
                      <span className="font-medium lg:font-normal">{formatDay(e.date)}</span>
                      <span className="text-slate-500 lg:hidden"> · {t(`activity.${e.kind}`)}</span>
                    </Td>
                    <Td data-label={cols.activity} className={cn(stacked.cell, "max-lg:hidden")}>
                      {t(`activity.${e.kind}`)}
                    </Td>
                    <Td
                      data-label={cols.invoice}
                      className={cn(stacked.cell, "whitespace-nowrap font-mono text-xs")}
                    >
                      {e.invoiceNumber}
                    </Td>
                    <Td data-label={cols.details} className={cn(stacked.cell, "text-slate-600")}>
                      {e.kind === "invoice" && e.dueDate
                        ? t("activity.due", { date: formatDay(e.dueDate) })
                        : [e.method ? t(`invoices:methods.${e.method}`) : null, e.reference]
                            .filter(Boolean)
                            .join(" · ") || "—"}
                    </Td>
                    <Td
                      data-label={cols.charges}
                      className={cn(stacked.cell, "text-right tabular-nums max-lg:empty:hidden")}
                    >
                      {e.charge ? formatMoney(e.charge) : null}
                    </Td>
                    <Td
                      data-label={cols.payments}
                      className={cn(
                        stacked.cell,
                        "text-right tabular-nums text-emerald-700 max-lg:empty:hidden",
                      )}
                    >
                      {e.payment ? formatMoney(e.payment) : null}
                    </Td>
                    <Td
                      data-label={cols.balance}
                      className={cn(stacked.cell, "pr-4 text-right tabular-nums")}
                    >
                      {formatMoney(e.balance)}
                    </Td>
                  </Tr>
                ))
              )}
              <Tr className={cn(stacked.row, "bg-slate-50/70")}>
                <Td className={cn(stacked.primary, "pl-4 font-semibold")} colSpan={4}>
                  {t("activity.closing", { date: formatDay(s.to) })}
                </Td>
                <Td
                  data-label={cols.charges}
                  className={cn(stacked.cell, "text-right font-medium tabular-nums")}
                >
                  {formatMoney(s.invoiced)}
                </Td>
                <Td
                  data-label={cols.payments}
                  className={cn(stacked.cell, "text-right font-medium tabular-nums")}
                >
                  {formatMoney(s.paid)}
                </Td>
                <Td
                  data-label={cols.balance}
                  className={cn(stacked.cell, "pr-4 text-right font-semibold tabular-nums")}
                >
                  {formatMoney(s.closingBalance)}
                </Td>
              </Tr>
            </TBody>
          </Table>
        </div>
      </section>

      {s.openInvoices.length ? (
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold text-slate-900">{t("open.title")}</h3>
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {s.openInvoices.map((i) => (
              <li
                key={i.invoiceId}
                className="flex items-start justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm"
              >
                <span className="grid">
                  <span className="font-mono text-xs font-semibold">{i.invoiceNumber}</span>
                  <span className="text-xs text-slate-500">
                    {i.daysPastDue > 0
                      ? t("open.pastDue", { count: i.daysPastDue, date: formatDay(i.dueDate) })
                      : t("open.due", { date: formatDay(i.dueDate) })}
                  </span>
                </span>
                <span className="font-semibold tabular-nums">{formatMoney(i.balance)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Tile({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div
      className={cn(
        "rounded-lg border px-4 py-3",
        strong ? "border-slate-900 bg-slate-900 text-white" : "border-slate-200 bg-white",
      )}
    >
      <dt className={cn("text-xs font-medium", strong ? "text-slate-300" : "text-slate-500")}>{label}</dt>
      <dd className="mt-1 text-lg font-semibold tabular-nums" data-testid={testId}>
        {formatMoney(value)}
      </dd>
    </div>
  );
}
