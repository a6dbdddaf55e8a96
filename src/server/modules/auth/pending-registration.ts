import { verifyPassword } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { accountReviews } from "../../db/schema";
import type { Deps } from "../../deps";

/**
 * A customer whose registration is still pending learns so at sign-in, but only when the password
 * is the one they registered with (otherwise the usual "Invalid email or password" stands).
 */
export async function pendingRequestMatches(deps: Deps, login: { email: string; password: string }) {
  const [request] = await deps.db
    .select({ hash: accountReviews.passwordHash })
    .from(accountReviews)
    .where(
      and(eq(accountReviews.email, login.email.trim().toLowerCase()), eq(accountReviews.status, "pending")),
    );
  return request ? verifyPassword({ hash: request.hash, password: login.password }) : false;
}
