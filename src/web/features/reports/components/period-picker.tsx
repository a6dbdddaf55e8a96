import {
  PERIOD_PRESETS,
  type PeriodPreset,
  type ReportPeriod,
  type ReportQuery,
} from "@shared/reports/reports.schema";
import { CalendarRange } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input, Select } from "../../../components/ui/input";
import type { ReportFormatter } from "./report-format";

/**
 * The report's period: spec section 9's this week, this month and this year, the ones an owner
 * compares with, or a custom range (checked before it is applied); under it, the days it covers and
 * the previous period its figures are compared with.
 */
export function PeriodPicker({
  query,
  onChange,
  period,
  fmt,
}: {
  query: ReportQuery;
  onChange: (q: ReportQuery) => void;
  period: ReportPeriod | undefined;
  fmt: ReportFormatter;
}) {
  const { t } = useTranslation("reports");
  const [preset, setPreset] = useState<PeriodPreset>(query.period);
  const [from, setFrom] = useState(query.from ?? period?.from ?? "");
  const [to, setTo] = useState(query.to ?? period?.to ?? "");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setPreset(query.period), [query.period]);

  const choose = (next: PeriodPreset) => {
    setPreset(next);
    setError(null);
    if (next !== "custom") onChange({ period: next });
    else {
      setFrom(period?.from ?? "");
      setTo(period?.to ?? "");
    }
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!from || !to) return setError(t("picker.needDates"));
    if (from > to) return setError(t("picker.fromAfterTo"));
    setError(null);
    onChange({ period: "custom", from, to });
  };

  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <form onSubmit={apply} className="flex flex-wrap items-end gap-3" noValidate>
        <Field label={t("picker.period")} className="w-full sm:w-56">
          <Select
            value={preset}
            onChange={(e) => choose(e.target.value as PeriodPreset)}
            data-testid="report-period"
          >
            {PERIOD_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(`periods.${p}`)}
              </option>
            ))}
          </Select>
        </Field>
        {preset === "custom" ? (
          <>
            <Field label={t("picker.from")} className="w-[calc(50%-0.375rem)] sm:w-44">
              <Input
                type="date"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                data-testid="report-from"
              />
            </Field>
            <Field label={t("picker.to")} className="w-[calc(50%-0.375rem)] sm:w-44">
              <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} data-testid="report-to" />
            </Field>
            <Button type="submit" data-testid="report-apply">
              {t("picker.apply")}
            </Button>
          </>
        ) : null}
      </form>
      {error ? (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {period ? (
        <p
          className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600"
          data-testid="report-range"
        >
          <span className="inline-flex items-center gap-1.5 font-medium text-slate-900">
            <CalendarRange className="size-4 text-slate-500" aria-hidden />
            {t("picker.range", { from: fmt.day(period.from), to: fmt.day(period.to) })}
          </span>
          <span>
            {t("picker.comparedWith", { from: fmt.day(period.previousFrom), to: fmt.day(period.previousTo) })}
          </span>
        </p>
      ) : null}
    </div>
  );
}
