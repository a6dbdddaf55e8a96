import { notificationFormat, notificationText } from "@shared/notifications/notification-text";
import type { Notification } from "@shared/notifications/notifications.schema";
import i18n, { type TFunction } from "i18next";
import { currencyShown } from "../../lib/format";

/**
 * A notification in the reader's language (decision 017): the shared wording with the notifications
 * namespace, its money, days and wall times written as the reader's language writes them.
 */
export function notificationWords(t: TFunction<"notifications">, n: Notification) {
  return notificationText(
    n.kind,
    n.data,
    (key, values) =>
      t(key as "centre.title", { ...values, defaultValue: key.endsWith(".title") ? n.kind : "" }),
    notificationFormat(i18n.resolvedLanguage ?? i18n.language ?? "en", currencyShown()),
  );
}
