import { DEFECT_NOTES_MESSAGE } from "@shared/fleet/maintenance.schema";
import { VIN_CHARS_MESSAGE, VIN_LENGTH_MESSAGE } from "@shared/fleet/vehicles.schema";
import { useCallback } from "react";
import type { FieldError, FieldValues, Path, UseFormSetError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";

/**
 * The shared schemas and the server speak English (the API's contract); the fleet screens show the
 * user's language. Known messages and codes map to `fleet:` keys; anything new is shown as sent.
 */
const FIELD_MESSAGES: Record<string, string> = {
  "Unit number is required.": "validation.unitNumberRequired",
  "Identifier is required.": "validation.identifierRequired",
  [VIN_LENGTH_MESSAGE]: "validation.vinLength",
  [VIN_CHARS_MESSAGE]: "validation.vinChars",
  "Enter a valid date.": "validation.date",
  "Enter a whole number, zero or more.": "validation.wholeNumber",
  "Enter the odometer in whole miles.": "validation.odometer",
  "Enter a model year between 1980 and 2100.": "validation.year",
  "Choose a service type.": "validation.serviceType",
  "Give an interval in miles, in days, or both.": "validation.interval",
  "Each service type can have one schedule.": "validation.duplicateSchedule",
  "Choose a vehicle.": "validation.chooseVehicle",
  "Choose a trailer.": "validation.chooseTrailer",
  "Enter the date of the service.": "validation.serviceDate",
  [DEFECT_NOTES_MESSAGE]: "validation.defectNotes",
  "Enter an amount like 1250 or 1250.50.": "validation.money",
  "The next inspection cannot be before the last one.": "validation.inspectionOrder",
  "Give the document a name.": "validation.documentName",
  "Choose a file.": "validation.chooseFile",
  "A vehicle with this unit number already exists.": "errors.duplicateUnit",
  "Another vehicle already has this VIN.": "errors.duplicateVin",
  "Another trailer already has this VIN.": "errors.duplicateVin",
  "Another vehicle already has this transponder.": "errors.duplicateTransponder",
  "Another vehicle already has this telematics ID.": "errors.duplicateTelematicsId",
  "A trailer with this identifier already exists.": "errors.duplicateTrailer",
  "You can change only maintenance you logged yourself.": "errors.driverEdit",
  "Only the office can take a vehicle out of service. Log the defect; dispatch will decide.":
    "errors.driverOutOfService",
};

const CODE_MESSAGES: Record<string, string> = {
  VEHICLE_HAS_HISTORY: "errors.vehicleHasHistory",
  TRAILER_HAS_HISTORY: "errors.trailerHasHistory",
  NOT_OPEN: "errors.notOpen",
  NOT_FOUND: "errors.notFound",
  FILE_TOO_LARGE: "errors.fileTooLarge",
  FILE_TYPE_NOT_ALLOWED: "errors.fileType",
  FILE_EMPTY: "errors.fileEmpty",
  EXPORT_TOO_LARGE: "errors.exportTooLarge",
};

export function useFleetMessages() {
  const { t } = useTranslation("fleet");
  const message = useCallback(
    (text: string | undefined) => {
      if (!text) return undefined;
      const key = FIELD_MESSAGES[text];
      return key ? t(key) : text;
    },
    [t],
  );
  /** A form field's error: a known rule in the user's language; a too-long value says so. */
  const field = useCallback(
    (error: Pick<FieldError, "message" | "type"> | { message?: string; type?: unknown } | undefined) => {
      if (!error) return undefined;
      if (error.message && FIELD_MESSAGES[error.message]) return t(FIELD_MESSAGES[error.message]);
      if (error.type === "too_big") return t("validation.tooLong");
      if (error.type === "invalid_type" || error.type === "invalid_union") return t("validation.invalid");
      return error.message ?? t("validation.invalid");
    },
    [t],
  );
  const error = useCallback(
    (err: unknown) => {
      if (err instanceof ApiRequestError) {
        const byMessage = FIELD_MESSAGES[err.message];
        if (byMessage) return t(byMessage);
        const key = CODE_MESSAGES[err.code];
        if (key) return t(key);
        const first = Object.values(err.fields)[0];
        if (err.status === 400 && first) return message(first) ?? first;
      }
      return describeError(err, t);
    },
    [t, message],
  );
  return { field, error, message };
}

/** Puts a 400/409's field messages (`details.fields`) on the form's fields; true when any matched. */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
): boolean {
  if (!(err instanceof ApiRequestError)) return false;
  const fields = Object.entries(err.fields);
  for (const [name, text] of fields) setError(name as Path<T>, { type: "server", message: text });
  return fields.length > 0;
}
