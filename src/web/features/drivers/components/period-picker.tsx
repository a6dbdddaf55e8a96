import { localToday } from "@shared/drivers/expiry";
import { useTranslation } from "react-i18next";
import { DateRangeFilter } from "../../../components/list/date-range-filter";
import { Select } from "../../../components/ui/input";

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
  return (
    <div className="grid gap-3 sm:grid-cols-3 lg:flex lg:items-center">
      <Select
        aria-label={t("period.label")}
        value={period}
        onChange={(e) => onChange({ period: e.target.value as Period, from: null, to: null })}
        className="lg:w-auto"
        data-testid="period"
      >
        {PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(`period.${p}`)}
          </option>
        ))}
      </Select>
      {period === "custom" ? (
        <DateRangeFilter from={from} to={to} label={(edge) => t(`period.${edge}`)} onChange={onChange} />
      ) : null}
    </div>
  );
}
