import { PAPERWORK_MESSAGES } from "@shared/paperwork/paperwork.schema";
import { useMessageMap } from "../../lib/use-message-map";

/** The server's English messages → their keys in the `paperwork` namespace. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(PAPERWORK_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
);

/** The BOL manager's field and error messages, in the reader's language. */
export const usePaperworkMessages = () => useMessageMap("paperwork", KNOWN);
