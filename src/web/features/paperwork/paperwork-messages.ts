import { PAPERWORK_MESSAGES } from "@shared/paperwork/paperwork.schema";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../../lib/api-errors";

/** The server's English messages → their keys in the `loads` namespace. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(PAPERWORK_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
);

/** The BOL manager's field and error messages, in the reader's language. */
export function usePaperworkMessages() {
  const { t } = useTranslation("paperwork");
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
