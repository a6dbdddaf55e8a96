import type { Permission, Role } from "@shared/access";
import type { Context } from "hono";
import type { ClientRequestStore } from "../platform/idempotency/client-requests";
import { unauthenticated } from "./errors";

/** The signed-in user an operation runs for. Services take it as their first argument. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  role: Role;
  /** The role's effective permissions (the access table's defaults with /permissions' changes). */
  permissions: readonly Permission[];
  mustChangePassword: boolean;
  /** Their role must sign in with two factors (Settings → Security) and they have not set it up yet. */
  mustEnrolTwoFactor: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
  /** Set while an admin browses as this user. */
  impersonator: { id: string; email: string } | null;
  ip: string | null;
  /**
   * The driver or customer record of a driver or customer account, resolved with the session (null
   * when the account has none). Services turn it into a scope with `scopeOf` (http/scope.ts) and
   * never look the record up again by user id.
   */
  driverId: string | null;
  customerId: string | null;
}

export interface AppEnv {
  Variables: {
    actor: Actor | null;
    ip: string | null;
    /** Names the request in the log and in a 500's answer (`X-Request-Id`). */
    requestId: string;
    /** A stored document our own pages show in a frame (the BOL manager's viewer); see security.ts. */
    framable?: boolean;
    /** The SHA-256 (base64) of the one inline script a document runs (the driver's home: decision 064). */
    inlineScriptHash?: string;
    /** The idempotency keys' store (decision 060): `replayRequests` claims and answers keys through it. */
    clientRequests: ClientRequestStore;
    /**
     * A replayable operation's times (decision 060): when it happened on the phone (`X-Occurred-At`,
     * within bounds) and when it arrived. Unset on other operations.
     */
    sync?: { occurredAt: Date; receivedAt: Date };
  };
}

/**
 * The signed-in user of a guarded operation. `defineRoute`'s guard has already answered 401 when
 * there is none; this keeps the handler honest if an operation is ever declared public by mistake.
 */
export function actorOf(c: Context<AppEnv>): Actor {
  const actor = c.get("actor");
  if (!actor) throw unauthenticated();
  return actor;
}
