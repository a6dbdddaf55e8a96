import { ACCIDENT_MAX_IMAGES, ACCIDENT_MESSAGES } from "@shared/accidents/accidents.schema";
import {
  CITATION_FILE_MAX_BYTES,
  CITATION_MESSAGES,
  DISPUTE_REASON_REQUIRED,
  MONEY_FORMAT_MESSAGE,
} from "@shared/citations/citations.schema";
import { useCallback } from "react";
import type { FieldError } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";

/**
 * The shared schemas and the server speak English (they are the API's contract); the citation and
 * accident screens show the user's language. Known messages and error codes map to `safety:` keys;
 * anything new is shown as sent.
 */
const FIELD_MESSAGES: Record<string, string> = {
  [CITATION_MESSAGES.driverRequired]: "validation.driverRequired",
  [CITATION_MESSAGES.issuedOnRequired]: "validation.issuedOnRequired",
  [CITATION_MESSAGES.dueOnRequired]: "validation.dueOnRequired",
  [CITATION_MESSAGES.dueBeforeIssued]: "validation.dueBeforeIssued",
  [CITATION_MESSAGES.issuedInFuture]: "validation.issuedInFuture",
  [CITATION_MESSAGES.cityRequired]: "validation.cityRequired",
  [CITATION_MESSAGES.stateRequired]: "validation.stateRequired",
  [CITATION_MESSAGES.violationRequired]: "validation.violationRequired",
  [CITATION_MESSAGES.fineRequired]: "validation.fineRequired",
  [MONEY_FORMAT_MESSAGE]: "validation.money",
  [DISPUTE_REASON_REQUIRED]: "validation.disputeReasonRequired",
  "Choose an existing driver.": "validation.driverMissing",
  "Choose an existing vehicle.": "validation.vehicleMissing",
  "Choose an existing trailer or container.": "validation.trailerMissing",
  [ACCIDENT_MESSAGES.occurredAtRequired]: "validation.occurredAtRequired",
  [ACCIDENT_MESSAGES.occurredInFuture]: "validation.occurredInFuture",
  [ACCIDENT_MESSAGES.locationRequired]: "validation.locationRequired",
  [ACCIDENT_MESSAGES.descriptionRequired]: "validation.descriptionRequired",
  [ACCIDENT_MESSAGES.noteRequired]: "validation.noteRequired",
};

const CODE_MESSAGES: Record<string, string> = {
  INVALID_TRANSITION: "errors.invalidTransition",
  CITATION_NOT_OPEN: "errors.notOpenForDispute",
  CLAIM_STATUS_UNCHANGED: "errors.claimUnchanged",
  TOO_MANY_IMAGES: "errors.tooManyImages",
  FILE_TOO_LARGE: "errors.fileTooLarge",
  FILE_EMPTY: "errors.fileEmpty",
  NOT_FOUND: "errors.notFound",
  EXPORT_TOO_LARGE: "errors.exportTooLarge",
};

export const MB = (bytes: number) => Math.round(bytes / 1024 / 1024);

export function useSafetyMessages() {
  const { t } = useTranslation("safety");

  /** A field's message: the schema's or the server's, translated when known. */
  const field = useCallback(
    (error: Pick<FieldError, "message" | "type"> | string | undefined): string | undefined => {
      if (!error) return undefined;
      const message = typeof error === "string" ? error : error.message;
      const key = message ? FIELD_MESSAGES[message] : undefined;
      if (key) return t(key);
      if (typeof error !== "string" && error.type === "too_big") return t("validation.tooLong");
      return message || t("validation.invalid");
    },
    [t],
  );

  /** A failed request as one sentence for a toast. `photo`: the upload took photos only. */
  const error = useCallback(
    (err: unknown, options: { photo?: boolean; maxBytes?: number } = {}): string => {
      if (err instanceof ApiRequestError) {
        if (err.code === "FILE_TYPE_NOT_ALLOWED")
          return t(options.photo ? "errors.photoType" : "errors.fileType");
        const key = CODE_MESSAGES[err.code];
        if (key) {
          return t(key, {
            max:
              err.code === "TOO_MANY_IMAGES"
                ? ACCIDENT_MAX_IMAGES
                : MB(options.maxBytes ?? CITATION_FILE_MAX_BYTES),
          });
        }
        const first = Object.values(err.fields)[0];
        if (err.status === 400 && first) return field(first) ?? first;
      }
      return describeError(err, t);
    },
    [t, field],
  );

  return { field, error };
}
