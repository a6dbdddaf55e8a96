import type { Notification } from "@shared/notifications/notifications.schema";
import type { TFunction } from "i18next";

/** A notification in the reader's language (decision 017): its kind's title and body in the notifications namespace, with its data. */
export function notificationWords(t: TFunction<"notifications">, n: Notification) {
  const values = n.data as Record<string, string>;
  return {
    title: t(`kinds.${n.kind}.title`, { ...values, defaultValue: n.kind }),
    body: t(`kinds.${n.kind}.body`, { ...values, defaultValue: "" }),
  };
}
