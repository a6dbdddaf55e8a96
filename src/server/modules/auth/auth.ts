import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@shared/auth/auth.schema";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { accounts, appUsers, sessions, twoFactors, users, verifications } from "../../db/schema";
import { recordAudit } from "../../platform/audit/audit";

/** The header better-auth reads the client address from; always set by us, never trusted from outside. */
export const CLIENT_IP_HEADER = "x-lms-client-ip";

/** Request headers for better-auth with the client address we resolved (a client's own value is dropped). */
export function withClientIp(headers: Headers, ip: string | null): Headers {
  const copy = new Headers(headers);
  copy.delete(CLIENT_IP_HEADER);
  if (ip) copy.set(CLIENT_IP_HEADER, ip);
  return copy;
}

/** A session lasts a week, and slides forward at most once a day (better-auth's expiresIn / updateAge). */
export const SESSION_SECONDS = 60 * 60 * 24 * 7;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** Impersonation sessions end after 60 minutes. */
export const IMPERSONATION_SECONDS = 60 * 60;

export function createAuth(config: Config, db: Db) {
  const origin = new URL(config.publicUrl).origin;
  return betterAuth({
    appName: "Load Management System",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      // Accounts come from registration review or an admin, never self sign-up.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    trustedOrigins: config.trustedOrigins,
    // The app's own PostgreSQL-backed limiter guards sign-in (shared by every instance).
    rateLimit: { enabled: false },
    advanced: {
      // Our own middleware resolves the client address (socket, or X-Forwarded-For when TRUST_PROXY)
      // and hands it over in this header; see `withClientIp`.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: "lms",
      // better-auth skips its origin check when NODE_ENV is "test"; the tests must see what users see.
      disableOriginCheck: false,
      useSecureCookies: origin.startsWith("https:"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
    plugins: [
      admin({
        adminRoles: ["admin"],
        defaultRole: "customer",
        impersonationSessionDuration: IMPERSONATION_SECONDS,
        bannedUserMessage: "This account has been disabled. Contact your administrator.",
      }),
      // TOTP with any authenticator app and ten one-time recovery codes (issue 17). The code step
      // has ten minutes; ten wrong codes in a row lock the account's second factor for 15 minutes.
      twoFactor({
        issuer: config.company.name,
        backupCodeOptions: { amount: 10, length: 10 },
        twoFactorCookieMaxAge: 600,
      }),
    ],
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            if ((session as { impersonatedBy?: string | null }).impersonatedBy) return;
            const [user] = await db
              .select({ email: users.email })
              .from(users)
              .innerJoin(appUsers, eq(appUsers.userId, users.id))
              .where(eq(users.id, session.userId));
            if (!user) return;
            await db
              .update(appUsers)
              .set({ lastSignInAt: new Date() })
              .where(eq(appUsers.userId, session.userId));
            await recordAudit(
              db,
              {
                userId: session.userId,
                email: user.email,
                impersonator: null,
                ip: session.ipAddress ?? null,
              },
              {
                action: "auth.sign_in",
                targetType: "user",
                targetId: session.userId,
                targetLabel: user.email,
              },
            );
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
