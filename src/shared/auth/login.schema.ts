import * as z from "zod/mini";

/**
 * Sign-in needs an email and a password (spec section 5). Written with zod's tree-shakable "mini"
 * build: the sign-in page is the app's first download and this schema is all of zod it needs
 * (decision 022). The server parses sign-in requests with the same schema.
 */
export const loginSchema = z.object({
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: "Email is required.", abort: true }),
      z.toLowerCase(),
      z.email({ error: "Enter a valid email address." }),
    ),
  password: z.string().check(z.minLength(1, { error: "Password is required." })),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The password step's answer: with two-factor on, no session yet but the code step (better-auth). */
export interface SignInAnswer {
  twoFactorRedirect?: boolean;
  twoFactorMethods?: string[];
}
