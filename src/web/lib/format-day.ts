import i18n from "i18next";

/**
 * A calendar day ("2026-03-14") in the user's language. Read as UTC and shown in UTC, so the day
 * never shifts with the browser's time zone (a plain `new Date("2026-03-14")` would show the 13th
 * west of Greenwich).
 */
export function formatDay(day: string | null | undefined): string {
  if (!day) return "—";
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language ?? "en", {
    dateStyle: "medium",
    timeZone: "UTC",
  }).format(d);
}

/** Today in the browser's time zone, as YYYY-MM-DD (for date inputs' limits). */
export function localToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function formatBytes(size: number): string {
  const fmt = (n: number, digits: number) =>
    new Intl.NumberFormat(i18n.resolvedLanguage ?? "en", { maximumFractionDigits: digits }).format(n);
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${fmt(size / 1024, 0)} KB`;
  return `${fmt(size / (1024 * 1024), 1)} MB`;
}
