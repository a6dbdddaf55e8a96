import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/auth/password";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/**
 * The shared zod schemas (and the server, which parses with them) speak English. Forms show the
 * user's language instead: each known message maps to a `common:validation.*` key. An unknown
 * message is shown as sent rather than hidden, so a new server rule still reaches the user.
 */
const KNOWN_MESSAGES: Record<string, string> = {
  "Email is required.": "validation.emailRequired",
  "Enter a valid email address.": "validation.email",
  "Password is required.": "validation.passwordRequired",
  [`Password must be at least ${PASSWORD_MIN_LENGTH} characters.`]: "validation.passwordTooShort",
  [`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`]: "validation.passwordTooLong",
  "Passwords do not match.": "validation.passwordMismatch",
  "Contact name is required.": "validation.contactNameRequired",
  "Company name is required.": "validation.companyNameRequired",
  "Phone is required.": "validation.phoneRequired",
  "Enter a valid phone number.": "validation.phoneInvalid",
  "The current password is incorrect.": "validation.currentPasswordIncorrect",
};

export function useFieldMessage() {
  const { t } = useTranslation("common");
  return useCallback(
    (message: string | undefined): string | undefined => {
      if (!message) return undefined;
      const key = KNOWN_MESSAGES[message];
      return key ? t(key, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH }) : message;
    },
    [t],
  );
}
