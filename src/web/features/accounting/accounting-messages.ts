import { BILL_MESSAGES } from "@shared/accounting/bills.schema";
import { LEDGER_MESSAGES } from "@shared/accounting/ledger.schema";
import { useMessageMap } from "../../lib/use-message-map";

/** The server's and the shared schemas' English messages → their keys in the `accounting` namespace. */
const KNOWN: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(LEDGER_MESSAGES).map(([key, message]) => [message, `validation.${key}`]),
  ),
  ...Object.fromEntries(
    Object.entries(BILL_MESSAGES).map(([key, message]) => [message, `bills.validation.${key}`]),
  ),
};

/** Field and error messages of the accounting screens, in the reader's language. */
export const useAccountingMessages = () => useMessageMap("accounting", KNOWN);
