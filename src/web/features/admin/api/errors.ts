import type { TFunction } from "i18next";
import { ApiRequestError } from "../../../lib/api";

/** The server's message when it sent one (it names the rule that failed); a translated fallback otherwise. */
export function describeError(err: unknown, t: TFunction): string {
  if (err instanceof ApiRequestError) {
    if (err.code === "NETWORK") return t("common:errors.network");
    if (err.message) return err.message;
  }
  return t("common:errors.generic");
}

export const isApiError = (err: unknown, status: number, code?: string): err is ApiRequestError =>
  err instanceof ApiRequestError && err.status === status && (code === undefined || err.code === code);
