import { CUSTOMER_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE } from "@shared/customers/customers.schema";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/**
 * The shared customer schema speaks English (it is the API's contract); the form shows its rules in
 * the user's language. A message this map does not know (a new server rule) is shown as sent.
 */
const KNOWN: Record<string, string> = {
  [CUSTOMER_REQUIRED_MESSAGE]: "customers:form.requiredNames",
  [INVALID_EMAIL_MESSAGE]: "common:validation.email",
  "Contact name is required.": "common:validation.contactNameRequired",
  "Enter an amount like 1250 or 1250.50.": "customers:form.money",
  "A customer with this email already exists.": "customers:form.emailTaken",
  "Customer name is required.": "customers:form.nameRequired",
  "Company name is required.": "common:validation.companyNameRequired",
  "Email is required.": "common:validation.emailRequired",
  "Enter the number of days, e.g. 30.": "customers:form.terms",
  "Enter whole days, e.g. 30.": "customers:form.terms",
  "Must be zero or more.": "customers:form.notNegative",
  "At most 365 days.": "customers:form.termsMax",
};

export function useCustomerFieldMessage() {
  const { t } = useTranslation("customers");
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const key = KNOWN[message];
      if (key) return t(key);
      if (/^At most \d+ characters\.$/.test(message)) return t("form.tooLong");
      return message;
    },
    [t],
  );
}
