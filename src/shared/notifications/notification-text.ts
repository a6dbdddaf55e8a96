import type { NotificationKind } from "./notifications.schema";

/** Looks a key up in the notifications words of one language and fills its {{placeholders}}. */
export type NotificationLookup = (key: string, values: Record<string, unknown>) => string;

/**
 * A notification's title and body in one language (decision 017): the web's centre, bell and toasts
 * and the server's emails and texts all word it here, so a kind reads the same everywhere. The data
 * picks the variant (overdue, due today) and the words for its values (a decision).
 */
export function notificationText(
  kind: NotificationKind,
  data: Record<string, unknown>,
  t: NotificationLookup,
) {
  const values: Record<string, unknown> = { ...data };
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
