import i18n from "i18next";
import { useEffect, useState } from "react";

/** A fix older than this is "stale" — the map's `stale` filter uses the same 30 minutes (mapQuerySchema). */
export const STALE_FIX_MINUTES = 30;

/** The clock the ages are read against, ticking every `everyMs` so "2 min ago" keeps true on an open screen. */
export function useNow(everyMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export const fixMinutes = (recordedAt: string, now: number) =>
  Math.max(0, (now - new Date(recordedAt).getTime()) / 60_000);

export const isStale = (recordedAt: string, now: number) => fixMinutes(recordedAt, now) > STALE_FIX_MINUTES;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago" in the reader's language. */
export function formatFixAge(recordedAt: string, now: number): string {
  const minutes = fixMinutes(recordedAt, now);
  const format = new Intl.RelativeTimeFormat(i18n.resolvedLanguage ?? i18n.language ?? "en", {
    numeric: "auto",
  });
  if (minutes < 1) return format.format(0, "second");
  if (minutes < 60) return format.format(-Math.floor(minutes), "minute");
  if (minutes < 48 * 60) return format.format(-Math.floor(minutes / 60), "hour");
  return format.format(-Math.floor(minutes / 1440), "day");
}
