import { CONTRACT_MESSAGES } from "@shared/contracts/contracts.schema";
import { useMessageMap } from "../../lib/use-message-map";

/** The shared schema's and the server's English messages → their keys in the `contracts` namespace. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(CONTRACT_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
);
/** Refusals the screens word by code. */
const CODES: Record<string, string> = {
  FILE_TYPE_NOT_ALLOWED: "validation.fileType",
  FILE_TOO_LARGE: "validation.fileTooLarge",
  INVALID_LINK: "validation.invalidLink",
  CONTRACT_CHANGED: "validation.changed",
  ACCOUNT_EXISTS: "validation.accountExists",
  CONTRACT_NOT_DRAFT: "validation.notEditable",
  CONTRACT_CLOSED: "validation.notSendable",
};

/** Field and error messages of the contract screens and the signing page, in the reader's language. */
export const useContractMessages = () => useMessageMap("contracts", KNOWN, CODES);
