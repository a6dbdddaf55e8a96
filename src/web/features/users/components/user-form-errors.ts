import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/auth/auth.schema";
import type { TFunction } from "i18next";
import type { FieldError } from "react-hook-form";

/** Labels of the required fields left empty, joined the way the user's language lists things. */
export function listMissing(labels: string[], language: string): string {
  return new Intl.ListFormat(language, { style: "long", type: "conjunction" }).format(labels);
}

export const isBlank = (value: unknown) => typeof value !== "string" || value.trim() === "";

/**
 * The shared zod schemas carry English messages for the API; the form shows the same rule in
 * the user's language, picked by field and zod issue code. Server-set errors keep their text.
 */
export function userFieldError(
  t: TFunction,
  field: "name" | "email" | "role" | "password" | "companyName" | "reason",
  error: FieldError | undefined,
  value: unknown,
): string | undefined {
  if (!error) return undefined;
  if (error.type === "server" && error.message) return error.message;
  switch (field) {
    case "name":
      return isBlank(value) ? t("form.errors.nameRequired") : t("form.errors.tooLong");
    case "email":
      return isBlank(value) ? t("form.errors.emailRequired") : t("form.errors.emailInvalid");
    case "role":
      return t("form.errors.roleRequired");
    case "password":
      if (!value) return t("form.errors.passwordRequired");
      return error.type === "too_big"
        ? t("form.errors.passwordMax", { max: PASSWORD_MAX_LENGTH })
        : t("form.errors.passwordMin", { min: PASSWORD_MIN_LENGTH });
    case "reason":
      return isBlank(value) ? t("form.errors.reasonRequired") : t("form.errors.tooLong");
    default:
      return t("form.errors.tooLong");
  }
}
