import type { LanguageInput } from "@shared/notifications/preferences.schema";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../lib/api";

/**
 * Keeps the signed-in user's language on record (their notification emails and texts are written in
 * it): sent once when it differs from what this browser last recorded for them, and on every change.
 */
export function useLanguageOnRecord(userId: string | null) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? i18n.language ?? "en").slice(0, 2) as LanguageInput["language"];
  useEffect(() => {
    if (!userId) return;
    const key = `lms-language-recorded:${userId}`;
    if (localStorage.getItem(key) === language) return;
    api
      .put("/api/me/language", { body: { language } satisfies LanguageInput })
      .then(() => localStorage.setItem(key, language))
      .catch(() => undefined);
  }, [userId, language]);
}
