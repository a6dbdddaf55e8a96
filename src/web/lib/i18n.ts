import {
  DETECTION_ORDER,
  FALLBACK_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
} from "@shared/i18n/i18n.config";
import i18n, { type BackendModule } from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import { initReactI18next } from "react-i18next";
import { PRELOADED_NAMESPACES } from "./i18n-namespaces";

/**
 * Translations load on demand (issue 11, decision 021): each file of
 * src/shared/i18n/locales/<lng>/<ns>.json is its own small chunk, fetched the first time a screen in
 * that language asks for that namespace. `common` (buttons, errors, roles, the shell) is loaded before
 * the first render; every other namespace is named by the component's `useTranslation(…)`, which
 * suspends until it is loaded — so a key is never shown untranslated. A cross-namespace `t("x:…")`
 * must name `x` in the same file's `useTranslation` (src/web/lib/i18n.test.ts checks it).
 */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>("./*/*.json", {
  base: "../../shared/i18n/locales",
});

const onDemand: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = loaders[`./${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}.`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      // A failed download (offline, a new deployment) is retried by i18next, then shows keys.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

/**
 * What a document's first paint reads: `common` and `nav`, plus what its `<html data-namespaces>` adds
 * (the sign-in document adds `auth`, so its form needs no second round trip).
 */
const firstPaint = [
  ...new Set([
    ...PRELOADED_NAMESPACES,
    ...(document.documentElement.dataset.namespaces?.split(",").filter(Boolean) ?? []),
  ]),
];

/** Resolves once the reader's language and the first paint's namespaces are in (main.tsx waits for it). */
export const i18nReady = i18n
  .use(onDemand)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    // Spanish and French are complete (the locale test checks every key), so their readers never
    // download English too; any other language falls back to English.
    fallbackLng: { es: [], fr: [], default: [FALLBACK_LANGUAGE] },
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    defaultNS: "common",
    ns: firstPaint,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    detection: {
      order: DETECTION_ORDER,
      lookupQuerystring: "lng",
      lookupCookie: "i18next",
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      lookupSessionStorage: LANGUAGE_STORAGE_KEY,
      // Also in the `i18next` cookie: the server writes the driver's first screen in the same
      // language the app will show (decision 064); a year, like a choice should last.
      caches: ["localStorage", "cookie"],
      cookieMinutes: 525_600,
      cookieOptions: { path: "/", sameSite: "lax" },
    },
  });

i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = lng;
});

export default i18n;
