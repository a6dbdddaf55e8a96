/** Languages offered (spec section 9). English is the fallback. */
export const LANGUAGES = ["en", "es", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = "en";
/** The spec's detection order; the choice is cached in localStorage. */
export const DETECTION_ORDER = [
  "querystring",
  "cookie",
  "localStorage",
  "sessionStorage",
  "navigator",
  "htmlTag",
];
export const LANGUAGE_STORAGE_KEY = "i18nextLng";
/** Toasts: one at a time, shown for 5000 ms (spec section 9). */
export const TOAST_DURATION_MS = 5000;
export const TOAST_LIMIT = 1;
