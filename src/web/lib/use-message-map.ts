import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "./api";
import { describeError } from "./api-errors";

/**
 * A screen's field and error messages in the reader's language: the shared schemas and the server
 * speak English (the API's contract), `known` maps those messages to keys of `namespace`, and
 * anything new is shown as sent. `known` must be module-level (its identity keys the callbacks).
 */
export function useMessageMap(
  namespace: string,
  known: Readonly<Record<string, string>>,
  /** Error codes whose words the screen has (e.g. an upload refused by type or size) → their keys. */
  codes?: Readonly<Record<string, string>>,
) {
  const { t } = useTranslation(namespace);
  const field = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = known[message];
      return key ? t(key) : message;
    },
    [t, known],
  );
  const error = useCallback(
    (err: unknown) =>
      err instanceof ApiRequestError && codes?.[err.code]
        ? t(codes[err.code])
        : (field(describeError(err, t)) ?? ""),
    [field, t, codes],
  );
  return useMemo(() => ({ field, error }), [field, error]);
}
