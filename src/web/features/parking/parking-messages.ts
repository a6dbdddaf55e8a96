import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";

/** The shared schema's English messages and their keys under `parking:validation`. */
const KNOWN: Record<string, string> = {
  "Location or company is required.": "locationRequired",
  "Location is required.": "reservationLocationRequired",
  "Choose how it was paid.": "paymentMethod",
  "Amount is required.": "amountRequired",
  "Enter an amount like 45 or 45.50.": "amountFormat",
  "The amount must be more than zero.": "amountPositive",
  "Date is required.": "dateRequired",
  "Cost is required.": "costRequired",
  "Enter the start date and time.": "startsAt",
  "Enter the end date and time.": "endsAt",
  "The end must be after the start.": "endAfterStart",
  "Choose a vehicle.": "vehicle",
};
const FILE_CODES: Record<string, string> = {
  FILE_TYPE_NOT_ALLOWED: "fileType",
  FILE_TOO_LARGE: "fileTooLarge",
};

export function useParkingMessages() {
  const { t } = useTranslation("parking");
  const field = useCallback(
    (message: string | undefined) =>
      message && KNOWN[message] ? t(`validation.${KNOWN[message]}`) : message,
    [t],
  );
  const fileError = useCallback(
    (err: unknown) =>
      err instanceof ApiRequestError && FILE_CODES[err.code] ? t(`validation.${FILE_CODES[err.code]}`) : null,
    [t],
  );
  const error = useCallback((err: unknown) => fileError(err) ?? describeError(err, t), [fileError, t]);
  return useMemo(() => ({ field, fileError, error }), [field, fileError, error]);
}
