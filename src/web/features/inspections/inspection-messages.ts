import { INSPECTION_MAX_IMAGES, INSPECTION_MESSAGES } from "@shared/inspections/inspections.schema";
import { useCallback } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";

/**
 * The shared schema speaks English (it is the API's contract too); the form shows each known rule in
 * the user's language. A message this map does not know is shown as sent, so a new server rule still
 * reaches the user.
 */
const KNOWN: Record<string, string> = {
  [INSPECTION_MESSAGES.chooseVehicle]: "validation.chooseVehicle",
  [INSPECTION_MESSAGES.chooseTrailer]: "validation.chooseTrailer",
  [INSPECTION_MESSAGES.chooseType]: "validation.chooseType",
  [INSPECTION_MESSAGES.chooseStatus]: "validation.chooseStatus",
  [INSPECTION_MESSAGES.dateRequired]: "validation.dateRequired",
  [INSPECTION_MESSAGES.dateInFuture]: "validation.dateInFuture",
  [INSPECTION_MESSAGES.markItem]: "validation.markItem",
  [INSPECTION_MESSAGES.describeDefect]: "validation.describeDefect",
  [INSPECTION_MESSAGES.checklistIncomplete]: "validation.checklistIncomplete",
  [INSPECTION_MESSAGES.failedCannotPass]: "validation.failedCannotPass",
  [INSPECTION_MESSAGES.describeStatus]: "validation.describeStatus",
  [INSPECTION_MESSAGES.driverTypes]: "validation.driverTypes",
  [INSPECTION_MESSAGES.notAssigned]: "validation.notAssigned",
  [INSPECTION_MESSAGES.tooManyImages]: "validation.tooManyImages",
  [INSPECTION_MESSAGES.imageType]: "validation.imageType",
  "Enter the odometer in whole miles.": "validation.odometer",
  "That vehicle no longer exists.": "validation.vehicleGone",
  "That trailer no longer exists.": "validation.trailerGone",
  "That driver no longer exists.": "validation.driverGone",
};

export function useInspectionMessage() {
  const { t } = useTranslation("inspections");
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const key = KNOWN[message];
      return key ? t(key, { max: INSPECTION_MAX_IMAGES }) : message;
    },
    [t],
  );
}

/** A field error in the user's language; a too-long text says so whatever the schema wrote. */
export function useInspectionFieldMessage() {
  const { t } = useTranslation("inspections");
  const known = useInspectionMessage();
  return useCallback(
    (error: FieldError | undefined): string | undefined => {
      if (!error) return undefined;
      if (error.type === "too_big") return t("validation.tooLong");
      return known(error.message) ?? t("validation.invalid");
    },
    [known, t],
  );
}
