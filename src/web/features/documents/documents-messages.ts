import { DOCUMENT_MESSAGES } from "@shared/documents/documents.schema";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { useMessageMap } from "../../lib/use-message-map";

/** The shared schema's and the server's English messages → their keys in the `documents` namespace. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(DOCUMENT_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
);
/** Upload refusals by code: a file that is not a PDF or photo, or too large. */
const FILE_CODES: Record<string, string> = {
  FILE_TYPE_NOT_ALLOWED: "validation.fileType",
  FILE_TOO_LARGE: "validation.fileTooLarge",
};

/** Field and error messages of the document screens, in the reader's language. */
export function useDocumentMessages() {
  const { t } = useTranslation("documents");
  const map = useMessageMap("documents", KNOWN);
  return useMemo(
    () => ({
      field: map.field,
      error: (err: unknown) =>
        err instanceof ApiRequestError && FILE_CODES[err.code] ? t(FILE_CODES[err.code]) : map.error(err),
    }),
    [map, t],
  );
}
