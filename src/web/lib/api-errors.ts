import type { TFunction } from "i18next";
import { ApiRequestError } from "./api";

/** The server's message when it sent one (it names the rule that failed); a translated fallback otherwise. */
export function describeError(err: unknown, t: TFunction): string {
  if (err instanceof ApiRequestError) {
    if (err.code === "NETWORK") return t("common:errors.network");
    const url = (err.details as { url?: unknown } | undefined)?.url;
    if ((err.code === "WRONG_ADDRESS" || err.code === "CSRF") && typeof url === "string")
      return t("common:errors.wrongAddress", { url });
    if (err.message) return err.message;
  }
  return t("common:errors.generic");
}

export const isApiError = (err: unknown, status: number, code?: string): err is ApiRequestError =>
  err instanceof ApiRequestError && err.status === status && (code === undefined || err.code === code);

/**
 * Retries only what a retry can fix (network trouble, 5xx). A 4xx answers the same every time,
 * and three backed-off retries would hold the error state back for seconds.
 */
export const retryTransient = (failureCount: number, err: unknown) =>
  failureCount < 2 && !(err instanceof ApiRequestError && err.status >= 400 && err.status < 500);

/**
 * 401/403 on a list mean the session changed under the page (signed out, impersonation began,
 * role changed); the app shell reacts to that, so the page should not add a toast of its own.
 */
export const isSessionChange = (err: unknown) =>
  err instanceof ApiRequestError && (err.status === 401 || err.status === 403);
