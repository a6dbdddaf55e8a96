import { LEDGER_MESSAGES } from "@shared/accounting/ledger.schema";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../../lib/api-errors";

/** The server's and the shared schema's English messages, in the reader's language. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(LEDGER_MESSAGES).map(([key, message]) => [message, key]),
);

export function useLedgerMessages() {
  const { t } = useTranslation("accounting");
  const field = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = KNOWN[message];
      return key ? t(`validation.${key}`) : message;
    },
    [t],
  );
  const error = useCallback((err: unknown) => field(describeError(err, t)) ?? "", [field, t]);
  return useMemo(() => ({ field, error }), [field, error]);
}
