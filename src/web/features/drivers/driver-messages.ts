import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/auth/auth.schema";
import { ACCOUNT_EMAIL_REQUIRED_MESSAGE, PAY_PAIR_MESSAGE } from "@shared/drivers/management.schema";
import {
  RATING_EXISTS_MESSAGE,
  RATING_LOAD_MESSAGE,
  RATING_SCORE_MESSAGE,
} from "@shared/drivers/ratings.schema";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";

/**
 * The shared schemas and the server speak English; these screens show the user's language. Known
 * messages and error codes map to `drivers:` keys; anything new is shown as sent.
 */
const FIELD_MESSAGES: Record<string, string> = {
  "Full name is required.": "validation.fullName",
  "Enter a valid email address.": "validation.email",
  "Enter a 9-digit SSN (123-45-6789) or EIN (12-3456789).": "validation.taxId",
  "Use the two-letter state code (e.g. IL).": "validation.state",
  "Enter a ZIP code like 60601.": "validation.zip",
  "Enter a valid date.": "validation.date",
  "Enter an amount like 1250 or 1250.50.": "validation.money",
  [PAY_PAIR_MESSAGE]: "validation.payPair",
  [ACCOUNT_EMAIL_REQUIRED_MESSAGE]: "validation.accountEmail",
  [`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`]: "validation.passwordShort",
  [`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`]: "validation.passwordLong",
  "An account with this email already exists.": "errors.emailTaken",
  [RATING_SCORE_MESSAGE]: "validation.score",
  [RATING_LOAD_MESSAGE]: "validation.ratingLoad",
  [RATING_EXISTS_MESSAGE]: "errors.ratingExists",
  "Choose a status.": "validation.status",
  "The end date must be on or after the start date.": "validation.dateOrder",
  "Choose a period of at most two years.": "validation.periodTooLong",
};

const CODE_MESSAGES: Record<string, string> = {
  DRIVER_HAS_LOADS: "errors.hasLoads",
  DRIVER_HAS_ACTIVE_LOADS: "errors.hasActiveLoads",
  EMAIL_TAKEN: "errors.emailTaken",
  HAS_ACCOUNT: "errors.hasAccount",
  DRIVER_INACTIVE: "errors.inactive",
  RATING_EXISTS: "errors.ratingExists",
  FILE_TOO_LARGE: "errors.fileTooLarge",
  FILE_TYPE_NOT_ALLOWED: "errors.fileType",
  FILE_EMPTY: "errors.fileEmpty",
};

export function useDriverMessages() {
  const { t } = useTranslation("drivers");
  const field = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      const key = FIELD_MESSAGES[message];
      return key ? t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) : message;
    },
    [t],
  );
  const error = useCallback(
    (err: unknown) => {
      if (err instanceof ApiRequestError) {
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
