/**
 * Wall-clock time in a named IANA zone ↔ an ISO instant (issue 40, decision 050): a stop's appointment
 * is typed and read in the stop's own zone ("08:00 CDT" in Chicago), whatever the device's zone is.
 * Pure `Intl`, no library: the zone's offset at an instant comes from `formatToParts`.
 */
const pad = (n: number) => String(n).padStart(2, "0");

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(timeZone: string | null | undefined): timeZone is string {
  if (!timeZone) return false;
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in minutes (Chicago in July: −300). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant's wall time in the zone, as a `datetime-local` value ("2026-03-08T08:00"). */
export function isoToWallTime(iso: string | Date | null | undefined, timeZone: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const local = new Date(d.getTime() + zoneOffsetMinutes(d, timeZone) * 60_000);
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/**
 * A wall time typed for a zone ("2026-03-08T08:00" in America/Chicago) → the ISO instant. Two passes of
 * the zone's offset settle DST: a time skipped by spring-forward (02:30 on the change day) moves forward
 * by the gap, as a clock would read it; a time repeated in the fall takes the first (daylight) one.
 * "" stays ""; anything unreadable is returned as typed, for the schema to refuse.
 */
export function wallTimeToIso(wall: string, timeZone: string): string {
  if (!wall) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(wall);
  if (!m) return wall;
  const asUtc = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0));
  // First guess with the offset an hour before (the "before the change" offset), then correct once.
  const before = zoneOffsetMinutes(new Date(asUtc - 3_600_000), timeZone);
  let instant = asUtc - before * 60_000;
  const after = zoneOffsetMinutes(new Date(instant), timeZone);
  if (after !== before) {
    const second = asUtc - after * 60_000;
    // Skipped wall time: neither reading round-trips; keep the earlier offset's reading (moves forward).
    if (zoneOffsetMinutes(new Date(second), timeZone) === after) instant = second;
  }
  return new Date(instant).toISOString();
}

/**
 * The zone's short name at an instant in the reader's language ("CDT", "CST"; "UTC−5" where the
 * language has no abbreviation for it), for "08:00 CDT".
 */
export function zoneAbbreviation(iso: string | Date, timeZone: string, locale = "en-US"): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || !isTimeZone(timeZone)) return "";
  const name = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: "short" })
    .formatToParts(d)
    .find((p) => p.type === "timeZoneName")?.value;
  return name ?? "";
}
