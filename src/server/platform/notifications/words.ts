import type { Language } from "@shared/i18n/i18n.config";
import en from "@shared/i18n/locales/en/notifications.json";
import es from "@shared/i18n/locales/es/notifications.json";
import fr from "@shared/i18n/locales/fr/notifications.json";
import { notificationFormat, notificationText } from "@shared/notifications/notification-text";
import type { NotificationKind } from "@shared/notifications/notifications.schema";
import { currencyShown } from "../pdf/format";

const WORDS: Record<Language, unknown> = { en, es, fr };

/**
 * A lookup in one namespace's words of `lang` (English when the language or the key is missing),
 * {{placeholders}} filled: what the server writes for a reader (decision 017).
 */
export function wordsIn(tables: Record<Language, unknown>, lang: string | null | undefined) {
  const words = tables[(lang && lang in tables ? lang : "en") as Language];
  return (key: string, values: Record<string, unknown> = {}) => {
    const find = (root: unknown) =>
      key
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], root);
    const found = find(words) ?? find(tables.en);
    const text = typeof found === "string" ? found : "";
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      const v = values[name];
      return v === null || v === undefined ? "" : String(v);
    });
  };
}

/** `delivery.footer` → the notifications words of `lang` (English when missing), {{placeholders}} filled. */
export const notificationWords = (lang: string) => wordsIn(WORDS, lang);

/**
 * A notification's title and body in `lang`, as the centre shows them (the email's subject and text,
 * the push message): its money, days and wall times written in that language.
 */
export function notificationInWords(lang: string, kind: NotificationKind, data: Record<string, unknown>) {
  const language = lang && lang in WORDS ? lang : "en";
  return notificationText(
    kind,
    data,
    notificationWords(language),
    notificationFormat(language, currencyShown()),
  );
}
