import { DUPLICATE_TOLL_MESSAGE } from "@shared/tolls/tolls.schema";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../../lib/api-errors";
import { formatNumber } from "../../lib/format";
import { sheetLimitOf } from "../../lib/sheet-limits";

const KNOWN: Record<string, string> = {
  "Enter the date and time.": "occurredAt",
  "Booth or location is required.": "location",
  "Use letters and digits for the transponder.": "transponder",
  "Enter an amount like 12.50.": "amount",
  "The amount must be more than zero.": "amountPositive",
  [DUPLICATE_TOLL_MESSAGE]: "duplicate",
  "Please select a file to import.": "../import.chooseFirst",
};

export function useTollMessages() {
  const { t } = useTranslation("tolls");
  const field = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = KNOWN[message];
      if (!key) return message;
      return key.startsWith("../") ? t(key.slice(3)) : t(`validation.${key}`);
    },
    [t],
  );
  const error = useCallback(
    (err: unknown) => {
      // A file past the reader's limits: said in the reader's language, with the limit.
      const limit = sheetLimitOf(err);
      if (limit) return t(`import.limits.${limit.code}`, { max: formatNumber(limit.max) });
      return field(describeError(err, t)) ?? "";
    },
    [field, t],
  );
  return useMemo(() => ({ field, error }), [field, error]);
}
