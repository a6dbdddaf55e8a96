import { TAX_FORM_MESSAGES } from "@shared/tax-forms/tax-forms.schema";
import { useMessageMap } from "../../lib/use-message-map";

/** The server's and the shared schema's English messages → their keys in the `tax-forms` namespace. */
const KNOWN: Record<string, string> = Object.fromEntries(
  Object.entries(TAX_FORM_MESSAGES).map(([key, message]) => [message, `messages.${key}`]),
);

/** Field and error messages of the tax-forms screen, in the reader's language. */
export const useTaxFormMessages = () => useMessageMap("tax-forms", KNOWN);
