import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The app's phone rule: libphonenumber's, the one the SMS adapter uses, so a number a form accepts is
 * one a text can be sent to. US numbers may be written without +1 ("(312) 555-0147"); others need
 * their country code. Its metadata weighs ~29 KB gzip, so a screen pays for it only where it checks.
 */
export const PHONE_MESSAGE = "Enter a valid phone number.";

/** A phone number in E.164, or null when it is not one. */
export function toE164(raw: string | null | undefined): string | null {
  if (!raw?.trim()) return null;
  const parsed = parsePhoneNumberFromString(raw.trim(), "US");
  return parsed?.isValid() ? parsed.number : null;
}

export const isPhoneNumber = (raw: string): boolean => toE164(raw) !== null;
