import { FILL_ALL_FIELDS } from "@shared/calendar/time-off.schema";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";

/**
 * The shared schema and the server speak English; the calendar shows the user's language. Known
 * messages and error codes map to `calendar:` keys; anything new is shown as sent.
 */
const FIELD_MESSAGES: Record<string, string> = {
  [FILL_ALL_FIELDS]: "validation.fillAllFields",
  "The end date must be on or after the start date.": "validation.endBeforeStart",
  "The start date cannot be in the past.": "validation.startInPast",
  "You already have a time-off request for some of these days.": "errors.overlap",
};

const CODE_MESSAGES: Record<string, string> = {
  TIME_OFF_OVERLAP: "errors.overlap",
  TIME_OFF_NOT_PENDING: "errors.notPending",
  TIME_OFF_NOT_CANCELLABLE: "errors.notCancellable",
  NOT_FOUND: "errors.notFound",
};

export function useTimeOffMessages() {
  const { t } = useTranslation("calendar");
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
