import type { NotificationKind } from "./notifications.schema";

/** Looks a key up in the notifications words of one language and fills its {{placeholders}}. */
export type NotificationLookup = (key: string, values: Record<string, unknown>) => string;

/** How a reader's language writes the values a notification carries. */
export type NotificationFormat = {
  /** A decimal string in the company's currency: "1234.50" → "$1,234.50", "1 234,50 $ US". */
  money(value: string): string;
  /** A calendar day, YYYY-MM-DD → "Nov 28, 2026". */
  day(value: string): string;
  /** A company wall time, "YYYY-MM-DD HH:mm" (already in the company's zone) → "Nov 28, 2026, 2:05 PM". */
  wallTime(value: string): string;
};

/** The data's values that are money, days and wall times, by name (the kinds' words use these names). */
const MONEY_VALUES = new Set(["amount", "total", "fineAmount"]);
const DAY_VALUES = new Set([
  "paidOn",
  "dueDate",
  "dueOn",
  "issuedOn",
  "expiresOn",
  "startDate",
  "endDate",
  "deliveredOn",
  "pickupOn",
]);
const WALL_TIME_VALUES = new Set(["etaAt", "dueAt", "occurredAt", "receivedAt", "at"]);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const WALL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const MONEY = /^-?\d+(\.\d+)?$/;

/**
 * The formats of a language (`en`, `es`, `fr`, as the app's Intl calls use it) for money in `currency`:
 * the web's centre, the emails, texts and push messages write values the same way.
 */
export function notificationFormat(locale: string, currency: string): NotificationFormat {
  const money = new Intl.NumberFormat(locale, { style: "currency", currency });
  // Days and wall times are already the company's: shown as they are, in no other zone.
  const day = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
  const wall = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return {
    money: (v) => money.format(Number(v)),
    day: (v) => day.format(new Date(`${v}T12:00:00Z`)),
    wallTime: (v) => wall.format(new Date(`${v.replace(" ", "T")}:00Z`)),
  };
}

/** The data with its money, days and wall times written for the reader; anything else as it is. */
function formatted(data: Record<string, unknown>, format: NotificationFormat | undefined) {
  if (!format) return { ...data };
  const out: Record<string, unknown> = { ...data };
  for (const [name, value] of Object.entries(data)) {
    const text = typeof value === "number" ? String(value) : value;
    if (typeof text !== "string") continue;
    if (MONEY_VALUES.has(name) && MONEY.test(text)) out[name] = format.money(text);
    else if (DAY_VALUES.has(name) && DAY.test(text)) out[name] = format.day(text);
    else if (WALL_TIME_VALUES.has(name) && WALL_TIME.test(text)) out[name] = format.wallTime(text);
  }
  return out;
}

/**
 * A notification's title and body in one language (decision 017): the web's centre, bell and toasts
 * and the server's emails and texts all word it here, so a kind reads the same everywhere. The data
 * picks the variant (overdue, due today) and the words for its values (a decision); `format` writes
 * its money, days and wall times in the reader's language (`notificationFormat`).
 */
export function notificationText(
  kind: NotificationKind,
  data: Record<string, unknown>,
  t: NotificationLookup,
  format?: NotificationFormat,
) {
  const values: Record<string, unknown> = formatted(data, format);
  let title = `kinds.${kind}.title`;
  let body = `kinds.${kind}.body`;
  if (kind === "bill.due" && data.overdue === true) {
    title = "kinds.bill.due.overdueTitle";
    body = "kinds.bill.due.overdueBody";
  }
  if (kind === "document.expiring" && Number(data.daysLeft) === 0)
    title = "kinds.document.expiring.todayTitle";
  if (kind === "time_off.reviewed")
    values.decision = t(`kinds.time_off.decisions.${String(data.decision)}`, {});
  if (kind === "inspection.failed" || kind === "inspection.needs_repair") values.asset = data.assetLabel;
  return { title: t(title, values), body: t(body, values) };
}
