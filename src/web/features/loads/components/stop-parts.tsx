import type { Stop } from "@shared/loads/loads.schema";
import { CHECK_IN_EVENTS, type CheckInEvent } from "@shared/loads/stops.schema";
import { useTranslation } from "react-i18next";
import { formatInZone, sameDayInZone } from "../../../lib/format-zone";

/** A standard maps link (no tiles): the phone opens its maps app with directions to the stop. */
export const mapsUrl = (stop: Pick<Stop, "address" | "city" | "state" | "postalCode">) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(
    [stop.address, stop.city, `${stop.state} ${stop.postalCode}`.trim()].filter(Boolean).join(", "),
  )}`;

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * "Nov 28, 2026, 8:00 AM CST", "Nov 28, 8:00 AM CST – 2:00 PM CST" (window) or "FCFS …" (first come,
 * first served): in the stop's own time zone, named (issue 40).
 */
export function AppointmentText({ stop }: { stop: Stop }) {
  const { t } = useTranslation("loads");
  const from = formatInZone(stop.scheduledAt, stop.timeZone);
  if (stop.appointmentKind === "appointment" || !stop.scheduledEnd) return <>{from}</>;
  const until = sameDayInZone(stop.scheduledAt, stop.scheduledEnd, stop.timeZone)
    ? formatInZone(stop.scheduledEnd, stop.timeZone, "time")
    : formatInZone(stop.scheduledEnd, stop.timeZone);
  return <>{t(`stops.range.${stop.appointmentKind}`, { from, until })}</>;
}

export const CHECK_IN_COLUMNS = { arrived: "arrivedAt", done: "doneAt", departed: "departedAt" } as const;

/** The check-ins recorded at a stop, in order ("Arrived 9:02 AM CST · Loaded 10:40 AM CST"), in its zone. */
export function CheckInTimes({ stop }: { stop: Stop }) {
  const { t } = useTranslation("loads");
  const done = CHECK_IN_EVENTS.filter((e) => stop[CHECK_IN_COLUMNS[e]]);
  if (!done.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" data-testid="check-in-times">
      {done.map((e) => (
        <li key={e} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs text-slate-700">
          {checkInLabel(t, e, stop.type)}{" "}
          <time dateTime={stop[CHECK_IN_COLUMNS[e]] ?? undefined} className="font-medium">
            {formatInZone(stop[CHECK_IN_COLUMNS[e]], stop.timeZone)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/** "Arrived", "Loaded" / "Unloaded", "Departed". */
export const checkInLabel = (t: (key: string) => string, event: CheckInEvent, type: Stop["type"]) =>
  t(`checkIn.events.${event === "done" ? (type === "pickup" ? "loaded" : "unloaded") : event}`);
