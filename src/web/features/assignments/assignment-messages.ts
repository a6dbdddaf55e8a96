import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";

/**
 * The shared schemas and the server speak English; this screen shows the user's language. Known
 * messages and codes map to `assignments:` keys (a 409 carries who holds the asset, so the
 * sentence is rebuilt in the user's language); anything new is shown as sent.
 */
const FIELD_MESSAGES: Record<string, string> = {
  "Choose a driver.": "validation.chooseDriver",
  "Choose a vehicle or a trailer.": "validation.chooseAsset",
  "Unit number is required.": "validation.unitNumberRequired",
  "Identifier is required.": "validation.identifierRequired",
  "A vehicle with this unit number already exists.": "errors.duplicateUnit",
  "A trailer with this identifier already exists.": "errors.duplicateTrailer",
  "That vehicle no longer exists.": "errors.vehicleGone",
  "That trailer no longer exists.": "errors.trailerGone",
};

const CODE_MESSAGES: Record<string, string> = {
  ASSET_ASSIGNED: "errors.race",
  ASSIGNMENT_ENDED: "errors.alreadyEnded",
  DUPLICATE_UNIT_NUMBER: "errors.duplicateUnit",
  DUPLICATE_TRAILER_ID: "errors.duplicateTrailer",
  NOT_FOUND: "errors.notFound",
};

interface TakenDetails {
  assetKind?: "vehicle" | "trailer";
  assetLabel?: string;
  holderName?: string;
}

export function useAssignmentMessages() {
  const { t } = useTranslation("assignments");
  const field = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = FIELD_MESSAGES[message];
      return key ? t(key) : message;
    },
    [t],
  );
  const error = useCallback(
    (err: unknown) => {
      if (err instanceof ApiRequestError) {
        const d = (err.details ?? {}) as TakenDetails;
        if (err.code === "ASSET_ASSIGNED" && d.assetKind && d.holderName) {
          return t(d.assetKind === "vehicle" ? "errors.vehicleTaken" : "errors.trailerTaken", {
            asset: d.assetLabel,
            driver: d.holderName,
          });
        }
        const key = CODE_MESSAGES[err.code];
        if (key) return t(key);
        const first = Object.values(err.fields)[0];
        if (err.status === 400 && first) return field(first) ?? first;
      }
      return describeError(err, t);
    },
    [t, field],
  );
  return { field, error };
}
