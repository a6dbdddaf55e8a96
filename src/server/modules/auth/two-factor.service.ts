import { roleListLine } from "@shared/audit/audit-targets";
import type {
  SecuritySettings,
  SecuritySettingsInput,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from "@shared/auth/two-factor.schema";
import { TWO_FACTOR_MESSAGES } from "@shared/auth/two-factor.schema";
import { sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { enforceRateLimit } from "../../platform/rate-limit/rate-limit";

const M = TWO_FACTOR_MESSAGES;

/** better-auth's error code on a refused call (`INVALID_PASSWORD`, `INVALID_CODE`, …). */
const codeOf = (err: unknown) =>
  (err as { body?: { code?: string } })?.body?.code ?? (err as { code?: string })?.code ?? "";

function refused(err: unknown, field: "password" | "code"): never {
  const code = codeOf(err);
  if (code === "ACCOUNT_TEMPORARILY_LOCKED") throw new HttpError(429, "TWO_FACTOR_LOCKED", M.locked);
  if (code === "TOTP_ALREADY_ENABLED") throw conflict(M.alreadyOn, "TWO_FACTOR_ON");
  if (code === "TWO_FACTOR_NOT_ENABLED" || code === "TOTP_NOT_ENABLED")
    throw conflict(M.notOn, "TWO_FACTOR_OFF");
  const message = field === "password" ? M.wrongPassword : M.wrongCode;
  throw badRequest(message, { fields: { [field]: message } });
}

/**
 * Two-factor sign-in (issue 17) on better-auth's plugin: set up (a QR code, a key to type, ten
 * recovery codes), confirm with a first code, turn off with the password; an admin resets a user's
 * second factor and chooses the roles that must use one. Every step is audited.
 */
export function createTwoFactorService(deps: Deps) {
  const { db, auth } = deps;
  // The password is checked here, so it is limited like sign-in.
  const limit = (actor: Actor) =>
    enforceRateLimit(
      db,
      [`two-factor:user:${actor.userId}`, `two-factor:ip:${actor.ip ?? "unknown"}`],
      deps.config.signInRateLimit,
      60,
      "attempts",
    );

  async function security(): Promise<SecuritySettings> {
    const { rows } = await db.execute<{
      two_factor_roles: string[] | string;
      updated_at: Date | string;
      updated_by_name: string | null;
    }>(
      sql`select two_factor_roles::text[] as two_factor_roles, updated_at, updated_by_name from security_settings where id = 1`,
    );
    const r = rows[0];
    return {
      twoFactorRoles: (r?.two_factor_roles ?? []) as SecuritySettings["twoFactorRoles"],
      updatedAt: r ? new Date(r.updated_at).toISOString() : null,
      updatedByName: r?.updated_by_name ?? null,
    };
  }

  return {
    async status(actor: Actor): Promise<TwoFactorStatus> {
      const { rows } = await db.execute<{ enabled: boolean | null }>(
        sql`select two_factor_enabled as enabled from users where id = ${actor.userId}`,
      );
      return {
        enabled: !!rows[0]?.enabled,
        required: actor.mustEnrolTwoFactor || (await this.requiredFor(actor)),
      };
    },

    async requiredFor(actor: Actor): Promise<boolean> {
      return (await security()).twoFactorRoles.includes(
        actor.role as SecuritySettings["twoFactorRoles"][number],
      );
    },

    /** A new secret and recovery codes; two-factor is on once `confirm` accepts a first code. */
    async enable(actor: Actor, password: string, headers: Headers): Promise<TwoFactorEnrolment> {
      await limit(actor);
      let result: { totpURI: string; backupCodes: string[] };
      try {
        const answer = await auth.api.enableTwoFactor({ body: { password }, headers });
        if (!("totpURI" in answer)) throw new Error("TOTP is not available");
        result = answer;
      } catch (err) {
        refused(err, "password");
      }
      const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
      return {
        totpURI: result.totpURI,
        manualKey: secret.replace(/(.{4})/g, "$1 ").trim(),
        qrSvg: renderSVG(result.totpURI, { border: 2 }),
        recoveryCodes: result.backupCodes,
      };
    },

    /** Confirms set-up; better-auth replaces the session then, so its cookies go back to the browser. */
    async confirm(
      actor: Actor,
      code: string,
      headers: Headers,
    ): Promise<TwoFactorStatus & { cookies: string[] }> {
      await limit(actor);
      let cookies: string[] = [];
      try {
        const answer = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
        cookies = answer.headers.getSetCookie();
      } catch (err) {
        refused(err, "code");
      }
      await recordAudit(db, actor, {
        action: "auth.two_factor_enabled",
        targetType: "user",
        targetId: actor.userId,
        targetLabel: actor.email,
      });
      return { enabled: true, required: await this.requiredFor(actor), cookies };
    },

    async disable(
      actor: Actor,
      password: string,
      headers: Headers,
    ): Promise<TwoFactorStatus & { cookies: string[] }> {
      await limit(actor);
      let cookies: string[] = [];
      try {
        const answer = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
        cookies = answer.headers.getSetCookie();
      } catch (err) {
        refused(err, "password");
      }
      await recordAudit(db, actor, {
        action: "auth.two_factor_disabled",
        targetType: "user",
        targetId: actor.userId,
        targetLabel: actor.email,
      });
      return { enabled: false, required: await this.requiredFor(actor), cookies };
    },

    /** An admin clears a user's second factor (a lost phone): they set it up again; audited. */
    async reset(actor: Actor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ email: string }>(
          sql`update users set two_factor_enabled = false where id = ${userId} returning email`,
        );
        if (!rows[0]) throw notFound("The user");
        await tx.execute(sql`delete from two_factors where user_id = ${userId}`);
        await recordAudit(tx, actor, {
          action: "user.two_factor_reset",
          targetType: "user",
          targetId: userId,
          targetLabel: rows[0].email,
        });
      });
    },

    security,

    /** The roles that must use two-factor; their users are walked through it at their next request. */
    async saveSecurity(actor: Actor, input: SecuritySettingsInput): Promise<SecuritySettings> {
      const roles = [...new Set(input.twoFactorRoles)];
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into security_settings (id, two_factor_roles, updated_by_name, updated_at)
          values (1, ${sql.param(roles)}::role[], ${actor.name}, now())
          on conflict (id) do update set two_factor_roles = excluded.two_factor_roles,
            updated_by_name = excluded.updated_by_name, updated_at = now()`);
        // Every instance's cached sessions learn the new rule (decision 016).
        await tx.execute(sql`select pg_notify('lms_auth_changed', user_id) from app_users`);
        await recordAudit(tx, actor, {
          action: "settings.security_saved",
          targetType: "company",
          targetLabel: roleListLine(roles),
          details: { role: roles.join(", ") },
        });
      });
      return security();
    },
  };
}
