import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { describeError, isSessionChange } from "./api-errors";
import { notify } from "./toast";

/**
 * Toasts a failed list load once per failure; the inline error state stays for retrying.
 * `errorUpdatedAt` changes on each new failure, so a retry that fails again toasts again.
 * Permission and sign-in failures are left to the app shell (see isSessionChange).
 */
export function useErrorToast(query: { error: unknown; errorUpdatedAt: number }, title: string) {
  const { t } = useTranslation("common");
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error && errorUpdatedAt && !isSessionChange(error))
      notify({ title, description: describeError(error, t), variant: "error" });
  }, [error, errorUpdatedAt, title, t]);
}
