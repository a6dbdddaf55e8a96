import { LEDGER_MESSAGES } from "@shared/accounting/ledger.schema";
import { SETTLEMENT_MESSAGES } from "@shared/settlements/settlements.schema";
import { useMessageMap } from "../../lib/use-message-map";

/**
 * The server's and the shared schemas' English messages → their keys in the `settlements`
 * namespace: the settlements' own, and the money rules of an amount the ledger's schema states.
 */
const KNOWN: Record<string, string> = {
  [LEDGER_MESSAGES.amountFormat]: "validation.amountFormat",
  [LEDGER_MESSAGES.amountPositive]: "validation.amountPositive",
  ...Object.fromEntries(
    Object.entries(SETTLEMENT_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
  ),
};

/** The upload refusals (a receipt that is not a PDF or photo, or too large), by code. */
const FILE_CODES: Record<string, string> = {
  FILE_TYPE_NOT_ALLOWED: "validation.receiptType",
  FILE_TOO_LARGE: "validation.receiptTooLarge",
};

/** Field and error messages of the settlement screens, in the reader's language. */
export const useSettlementMessages = () => useMessageMap("settlements", KNOWN, FILE_CODES);
