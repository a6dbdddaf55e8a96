import { z } from "zod";
import { ROLES } from "../access";
import { emailSchema, passwordSchema, roleSchema } from "../auth/auth.schema";

export const USER_STATUSES = ["active", "disabled"] as const;
export const USER_SORTS = ["name", "email", "role", "createdAt", "lastSignInAt"] as const;

export const userListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  status: z.enum(USER_STATUSES),
  mustChangePassword: z.boolean(),
  /** Signs in with an authenticator code (two-factor). */
  twoFactorEnabled: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userFilterSchema = z.object({
  q: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  sort: z.enum(USER_SORTS).default("createdAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
});

/** Add a user: name, email, role and password are required ("Missing Information"). */
export const createUserSchema = z.object({
  name: z.string().trim().min(1, { message: "Name is required." }).max(120),
  email: emailSchema,
  role: roleSchema,
  password: passwordSchema,
  /** Companies for customer users; defaults to the name. */
  companyName: z.string().trim().max(160).optional(),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const changeRoleSchema = z.object({ role: roleSchema });
export const temporaryPasswordSchema = z.object({ password: passwordSchema });
export const impersonateSchema = z.object({ userId: z.string().min(1) });

export const createUserWithOptionsSchema = createUserSchema.extend({
  /** The user must choose a new password at first sign-in (the default). */
  requirePasswordChange: z.boolean().default(true),
});
export const impersonationStartedSchema = z.object({ email: z.string() });
