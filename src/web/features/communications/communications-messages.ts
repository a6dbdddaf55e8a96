import { COMMUNICATION_MESSAGES } from "@shared/communications/communications.schema";
import { useMessageMap } from "../../lib/use-message-map";

const KNOWN: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(COMMUNICATION_MESSAGES).map(([key, message]) => [message, `errors.${key}`]),
  ),
  "Enter a valid phone number.": "errors.phoneInvalid",
  "Status must be opted_in or opted_out.": "errors.statusInvalid",
};
const CODES = { FILE_TOO_LARGE: "errors.fileTooLarge", FILE_TYPE_NOT_ALLOWED: "errors.fileType" };

export const useCommunicationMessages = () => useMessageMap("communications", KNOWN, CODES);
