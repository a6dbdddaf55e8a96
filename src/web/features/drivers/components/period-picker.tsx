import { localToday } from "@shared/drivers/expiry";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Input, Label, Select } from "../../../components/ui/input";

/** The spec's report periods (section 9), plus a range of one's own. */
export const PERIODS = ["week", "month", "year", "custom"] as const;
export type Period = (typeof PERIODS)[number];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

/** The dates a period covers, in the viewer's calendar (weeks start on Monday); to = today. */
export function periodRange(
  period: Period,
  custom: { from?: string; to?: string },
  now = new Date(),
): { from?: string; to?: string } {
  const today = localToday(now);
  switch (period) {
    case "week": {
      const monday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7));
      return { from: ymd(monday), to: today };
    }
    case "month":
      return { from: `${today.slice(0, 8)}01`, to: today };
    case "year":
      return { from: `${today.slice(0, 5)}01-01`, to: today };
    case "custom":
      return {
        from: custom.from && DATE.test(custom.from) ? custom.from : undefined,
        to: custom.to && DATE.test(custom.to) ? custom.to : undefined,
      };
  }
}

export function PeriodPicker({
  period,
  from,
  to,
  onChange,
}: {
  period: Period;
  from?: string;
  to?: string;
  onChange: (patch: { period?: Period; from?: string | null; to?: string | null }) => void;
}) {
  const { t } = useTranslation("drivers");
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:flex lg:items-center">
      <Select
        aria-label={t("period.label")}
        value={period}
        onChange={(e) => onChange({ period: e.target.value as Period, from: null, to: null })}
        className="lg:w-40"
        data-testid="period"
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(`period.${p}`)}
          </option>
        ))}
      </Select>
      {period === "custom" ? (
        <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:flex lg:items-center">
          {(["from", "to"] as const).map((edge) => (
            <div key={edge} className="grid min-w-0 gap-1 lg:flex lg:items-center lg:gap-2">
              <Label htmlFor={`${id}-${edge}`} className="whitespace-nowrap text-xs text-slate-500">
                {t(`period.${edge}`)}
              </Label>
              <Input
                id={`${id}-${edge}`}
                type="date"
                value={(edge === "from" ? from : to) ?? ""}
                min={edge === "to" ? from : undefined}
                max={edge === "from" ? to : undefined}
                onChange={(e) => onChange({ [edge]: e.target.value })}
                className="min-w-0 lg:w-40"
              />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
