import { STAFF_ROLES } from "@shared/access";
import { z } from "zod";

export const TWO_FACTOR_MESSAGES = {
  passwordRequired: "Password is required.",
  wrongPassword: "The password is incorrect.",
  codeFormat: "Enter the 6-digit code from your authenticator app.",
  wrongCode: "That code is not right. Check that your phone's clock is correct and enter the newest code.",
  wrongRecoveryCode: "That recovery code is not right, or it was used already.",
  alreadyOn: "Two-factor sign-in is already on. Turn it off first to set up a new authenticator.",
  notOn: "Two-factor sign-in is not on.",
  locked: "Too many wrong codes. Two-factor sign-in is locked for 15 minutes.",
  required: "Set up two-factor sign-in to continue.",
} as const;
const M = TWO_FACTOR_MESSAGES;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Their role must sign in with two factors (Settings → Security). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const passwordInputSchema = z.object({
  password: z.string().min(1, { message: M.passwordRequired }).max(200),
});
export type PasswordInput = z.input<typeof passwordInputSchema>;

/** What an authenticator app needs (shown once): the otpauth link as a QR code and as a key to type. */
export const twoFactorEnrolmentSchema = z.object({
  totpURI: z.string(),
  /** The base32 secret, in groups of four for typing. */
  manualKey: z.string(),
  /** The QR code of `totpURI` as an SVG document. */
  qrSvg: z.string(),
  /** Ten one-time recovery codes: shown now only. */
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const codeInputSchema = z.object({
  code: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => /^\d{6}$/.test(v), { message: M.codeFormat }),
});
export type CodeInput = z.input<typeof codeInputSchema>;

/** Settings → Security (admin): the staff roles that must sign in with two factors. */
export const securitySettingsSchema = z.object({
  twoFactorRoles: z.array(z.enum(STAFF_ROLES)).max(STAFF_ROLES.length),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsInputSchema = securitySettingsSchema.pick({ twoFactorRoles: true });
export type SecuritySettingsInput = z.input<typeof securitySettingsInputSchema>;
