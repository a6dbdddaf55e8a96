import { CERTIFICATE_MESSAGES } from "@shared/certificates/certificates.schema";
import { useMessageMap } from "../../lib/use-message-map";

/** The shared schema's and the server's English messages → their keys in the `certificates` namespace. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(CERTIFICATE_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
);
const CODES: Record<string, string> = {
  FILE_TYPE_NOT_ALLOWED: "validation.fileType",
  FILE_TOO_LARGE: "validation.fileTooLarge",
  MAIL_FAILED: "validation.mailFailed",
};

/** Field and error messages of the COI manager, in the reader's language. */
export const useCertificateMessages = () => useMessageMap("certificates", KNOWN, CODES);
