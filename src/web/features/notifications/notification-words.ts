import { notificationText } from "@shared/notifications/notification-text";
import type { Notification } from "@shared/notifications/notifications.schema";
import type { TFunction } from "i18next";

/** A notification in the reader's language (decision 017): the shared wording with the notifications namespace. */
export function notificationWords(t: TFunction<"notifications">, n: Notification) {
  return notificationText(n.kind, n.data, (key, values) =>
    t(key as "centre.title", { ...values, defaultValue: key.endsWith(".title") ? n.kind : "" }),
  );
}
