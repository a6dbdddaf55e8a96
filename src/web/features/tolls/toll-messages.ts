import { DUPLICATE_TOLL_MESSAGE } from "@shared/tolls/tolls.schema";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { describeError } from "../../lib/api-errors";

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
  const error = useCallback((err: unknown) => field(describeError(err, t)) ?? "", [field, t]);
  return useMemo(() => ({ field, error }), [field, error]);
}
