import {
  FUEL_ENTRY_FIELDS,
  FUEL_FIELD_LABELS,
  type FuelEntryField,
  NOT_YOUR_VEHICLE_MESSAGE,
} from "@shared/fuel/fuel.schema";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";
import { formatMoney, formatNumber } from "../../lib/format";

/** The shared schema's English messages, each with its translation key under `fuel:validation`. */
const KNOWN: Record<string, string> = {
  "Choose a vehicle.": "chooseVehicle",
  "Enter the date and time of the purchase.": "dateTime",
  "The date and time cannot be in the future.": "future",
  "Choose a state or province.": "state",
  "Enter the odometer in whole miles.": "odometer",
  "Choose the fuel type.": "fuelType",
  "Enter gallons like 112.5.": "gallons",
  "Gallons must be more than zero.": "gallonsPositive",
  "Enter a price like 3.899.": "price",
  "The price must be more than zero.": "pricePositive",
  "Enter an amount like 412.50.": "total",
  "The total must be more than zero.": "totalPositive",
  [NOT_YOUR_VEHICLE_MESSAGE]: "notYourVehicle",
};
const FILE_CODES: Record<string, string> = {
  FILE_TYPE_NOT_ALLOWED: "fileType",
  FILE_TOO_LARGE: "fileTooLarge",
  FILE_EMPTY: "fileEmpty",
};
const REQUIRED = new Map(FUEL_ENTRY_FIELDS.map((f) => [`${FUEL_FIELD_LABELS[f]} is required.`, f]));

/** Fuel form and list messages in the user's language; an unknown server message is shown as sent. */
export function useFuelMessages() {
  const { t } = useTranslation("fuel");
  const fieldName = useCallback((f: FuelEntryField) => t(`fields.${f}`), [t]);
  const field = useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      if (KNOWN[message]) return t(`validation.${KNOWN[message]}`);
      const required = REQUIRED.get(message);
      if (required) return t("validation.required", { field: fieldName(required) });
      const miles = (n: string) => t("units.miles", { value: formatNumber(Number(n)) });
      const below = /^The odometer is below this truck's last reading of (\d+) mi\./.exec(message);
      if (below) return t("validation.odometerBelow", { last: miles(below[1]) });
      const high = /^The odometer is more than (\d+) mi above this truck's last reading of (\d+) mi\./.exec(
        message,
      );
      if (high) return t("validation.odometerTooHigh", { allowed: miles(high[1]), last: miles(high[2]) });
      const mismatch = /about \$(\d+(?:\.\d+)?)\)/.exec(message);
      if (mismatch) return t("validation.totalMismatch", { amount: formatMoney(mismatch[1]) });
      return message;
    },
    [t, fieldName],
  );
  /** A translated message for a failed upload (415, 413, empty), else null. */
  const fileError = useCallback(
    (err: unknown) =>
      err instanceof ApiRequestError && FILE_CODES[err.code] ? t(`validation.${FILE_CODES[err.code]}`) : null,
    [t],
  );
  const error = useCallback((err: unknown) => fileError(err) ?? describeError(err, t), [fileError, t]);
  return useMemo(() => ({ field, fieldName, fileError, error }), [field, fieldName, fileError, error]);
}
