import { z } from "zod";
import { ROLES } from "../access";

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

export const emailSchema = z.string().trim().toLowerCase().email({ message: "Enter a valid email address." });
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.` })
  .max(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters.` });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { message: "Password is required." }),
    newPassword: passwordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match.",
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const roleSchema = z.enum(ROLES);

export const driverRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.string(),
});
export const customerRecordSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  companyName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

/** What `GET /api/me` answers: the spec's app user with its role record. */
export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
  }),
  role: roleSchema,
  driver: driverRecordSchema.nullable(),
  customer: customerRecordSchema.nullable(),
  permissions: z.array(z.string()),
  /** The currency money is shown in (ISO 4217, the company's setting). */
  currency: z.string(),
  mustChangePassword: z.boolean(),
  /** Their role must sign in with two factors and they have not set it up: everything else waits. */
  mustEnrolTwoFactor: z.boolean(),
  impersonation: z
    .object({
      impersonatorId: z.string(),
      impersonatorEmail: z.string(),
      expiresAt: z.string(),
    })
    .nullable(),
});
export type Me = z.infer<typeof meSchema>;

/** `GET /api/session`: the signed-in app user, or null for nobody (a 200 either way). */
export const sessionSchema = z.object({ me: meSchema.nullable() });
export type Session = z.infer<typeof sessionSchema>;

export const demoAccountsSchema = z.object({
  password: z.string(),
  accounts: z.array(z.object({ email: z.string(), role: roleSchema, name: z.string() })),
});
export type DemoAccounts = z.infer<typeof demoAccountsSchema>;
