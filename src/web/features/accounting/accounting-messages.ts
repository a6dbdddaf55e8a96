import { BILL_MESSAGES } from "@shared/accounting/bills.schema";
import { LEDGER_MESSAGES } from "@shared/accounting/ledger.schema";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../../lib/api-errors";

/** The server's and the shared schemas' English messages → their keys in the `accounting` namespace. */
const KNOWN: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(LEDGER_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
  ),
  ...Object.fromEntries(
    Object.entries(BILL_MESSAGES).map(([key, message]) => [message, `bills.validation.${key}`]),
  ),
};

/** Field and error messages of the accounting screens, in the reader's language. */
export function useAccountingMessages() {
  const { t } = useTranslation("accounting");
  const field = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = KNOWN[message];
      return key ? t(key) : message;
    },
    [t],
  );
  const error = useCallback((err: unknown) => field(describeError(err, t)) ?? "", [field, t]);
  return useMemo(() => ({ field, error }), [field, error]);
}
