import {
  INVOICE_NOT_DRAFT_MESSAGE,
  LOAD_NOT_BILLABLE_MESSAGE,
  NO_CUSTOMER_EMAIL_MESSAGE,
  OVERPAYMENT_MESSAGE,
} from "@shared/invoices/invoices.schema";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../lib/api";
import { describeError } from "../../lib/api-errors";
import { formatMoney } from "../../lib/format";

/**
 * The shared schemas and the server speak English; billing screens show the user's language.
 * Known messages and error codes map to `invoices:` keys; anything new is shown as sent.
 */
const FIELD_MESSAGES: Record<string, string> = {
  "Choose a customer.": "validation.customerRequired",
  "Choose at least one completed load.": "validation.loadsRequired",
  "The due date cannot be before the issue date.": "validation.dueBeforeIssue",
  "Enter a date.": "validation.dateRequired",
  "Enter an amount like 1250 or 1250.50.": "validation.money",
  "Enter an amount above zero.": "validation.amountPositive",
  "Choose how it was paid.": "validation.methodRequired",
  "The payment date cannot be in the future.": "validation.paidOnFuture",
  "Say why the invoice is void.": "validation.voidReasonRequired",
  "Enter a valid email address.": "validation.email",
  "The period ends before it starts.": "validation.periodOrder",
  "A statement covers at most three years.": "validation.periodTooLong",
  [NO_CUSTOMER_EMAIL_MESSAGE]: "validation.noCustomerEmail",
  [OVERPAYMENT_MESSAGE]: "validation.overpayment",
  [LOAD_NOT_BILLABLE_MESSAGE]: "errors.notBillable",
  [INVOICE_NOT_DRAFT_MESSAGE]: "errors.notDraft",
};

const CODE_MESSAGES: Record<string, string> = {
  LOAD_ALREADY_INVOICED: "errors.alreadyInvoiced",
  LOAD_NOT_BILLABLE: "errors.notBillable",
  INVOICE_NOT_DRAFT: "errors.notDraft",
  INVOICE_NOT_OPEN: "errors.notOpen",
  INVOICE_NOT_VOIDABLE: "errors.notVoidable",
  INVOICE_NOT_SENDABLE: "errors.notSendable",
  MAIL_FAILED: "errors.mailFailed",
  NOT_FOUND: "errors.notFound",
  EXPORT_TOO_LARGE: "errors.exportTooLarge",
};

export function useBillingMessages() {
  const { t } = useTranslation("invoices");
  const field = useCallback(
    (message: string | undefined) => {
      if (!message) return undefined;
      if (message.startsWith(OVERPAYMENT_MESSAGE)) return t("validation.overpayment");
      const key = FIELD_MESSAGES[message];
      return key ? t(key) : message;
    },
    [t],
  );
  const error = useCallback(
    (err: unknown) => {
      if (err instanceof ApiRequestError) {
        if (err.code === "OVERPAYMENT") {
          const balance = (err.details as { balance?: string } | undefined)?.balance;
          return t("validation.overpaymentBalance", { balance: formatMoney(balance ?? "0") });
        }
        if (err.code === "LOAD_ALREADY_INVOICED") {
          const loads = (err.details as { loads?: Array<{ loadNumber: string; invoiceNumber: string }> })
            ?.loads;
          if (loads?.length) {
            return t("errors.alreadyInvoicedNamed", {
              list: loads.map((l) => t("errors.loadOnInvoice", l)).join("; "),
            });
          }
        }
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
