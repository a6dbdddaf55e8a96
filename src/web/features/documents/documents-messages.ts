import { DOCUMENT_MESSAGES } from "@shared/documents/documents.schema";
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
export const useDocumentMessages = () => useMessageMap("documents", KNOWN, FILE_CODES);
