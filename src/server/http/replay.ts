import { createHash } from "node:crypto";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  OCCURRED_AT_HEADER,
  OCCURRED_AT_PATTERN,
  OCCURRED_FUTURE_SKEW_MINUTES,
  OCCURRED_MAX_AGE_DAYS,
  SYNC_MESSAGES,
  type SyncErrorCode,
} from "@shared/sync/sync.schema";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context";
import { actorOf } from "./context";
import { HttpError } from "./errors";

/**
 * Idempotent replays (issue 41, decision 060), the middleware `defineRoute` adds to an operation
 * declared `replayable`: the driver's phone sends an action again until it has an answer, so the
 * same `Idempotency-Key` (per user) runs the operation once and every replay gets the first answer
 * again, marked `Idempotent-Replayed: true`. `X-Occurred-At` says when it happened on the phone:
 * within bounds, it becomes the operation's `occurredAt` (else the time received).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refused = (status: 400 | 409, code: SyncErrorCode, details?: unknown) =>
  new HttpError(status, code, SYNC_MESSAGES[code], details);

/** The event time `X-Occurred-At` gives (or `receivedAt` without one), inside the bounds. */
export function occurredAtOf(header: string | undefined, receivedAt: Date): Date {
  if (header === undefined || header.trim() === "") return receivedAt;
  const at = OCCURRED_AT_PATTERN.test(header.trim()) ? new Date(header.trim()) : null;
  if (!at || Number.isNaN(at.getTime())) throw refused(400, "OCCURRED_AT_INVALID");
  const now = receivedAt.getTime();
  if (at.getTime() > now + OCCURRED_FUTURE_SKEW_MINUTES * 60_000) {
    throw refused(400, "OCCURRED_IN_FUTURE", {
      occurredAt: at.toISOString(),
      serverTime: receivedAt.toISOString(),
    });
  }
  if (at.getTime() < now - OCCURRED_MAX_AGE_DAYS * 86_400_000) {
    throw refused(400, "OCCURRED_TOO_OLD", {
      occurredAt: at.toISOString(),
      serverTime: receivedAt.toISOString(),
    });
  }
  // A clock a little ahead is taken as now: nothing is recorded as having happened later than it arrived.
  return at > receivedAt ? receivedAt : at;
}

/**
 * What makes two requests "the same": the body as sent for JSON; a multipart form by its fields and
 * files (name, type and bytes) in order — not its bytes, whose boundary the browser draws anew each
 * time the phone sends the same stored form.
 */
async function requestHash(c: Context<AppEnv>): Promise<string> {
  const hash = createHash("sha256");
  const type = c.req.header("content-type")?.toLowerCase() ?? "";
  if (type.startsWith("multipart/form-data")) {
    // Hono keeps the parsed form: the operation's validation reads it from there.
    const form = await c.req.formData().catch(() => null);
    if (form) {
      for (const [name, value] of form.entries()) {
        hash.update(`\u0000${name}\u0000`);
        if (typeof value === "string") hash.update(`s:${value}`);
        else {
          hash.update(`f:${value.name}\u0000${value.type}\u0000`);
          hash.update(new Uint8Array(await value.arrayBuffer()));
        }
      }
      return hash.digest("hex");
    }
  }
  hash.update(`${type.split(";")[0]}\u0000`);
  hash.update(await c.req.text());
  return hash.digest("hex");
}

/** Answers worth keeping for replays: success and the caller's own mistakes, not our failures or limits. */
const keeps = (status: number) => status < 500 && status !== 429;

export function replayRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const receivedAt = new Date();
    const occurredAt = occurredAtOf(c.req.header(OCCURRED_AT_HEADER), receivedAt);
    c.set("sync", { occurredAt, receivedAt });
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER)?.trim();
    if (key === undefined || key === "") return next();
    if (!UUID.test(key)) throw refused(400, "IDEMPOTENCY_KEY_INVALID");
    const store = c.get("clientRequests");
    const { userId } = actorOf(c);
    const claim = await store.claim({
      userId,
      key: key.toLowerCase(),
      operation: `${c.req.method} ${c.req.path}`,
      requestHash: await requestHash(c),
      occurredAt,
      receivedAt,
    });
    if (claim.kind === "reused") throw refused(409, "IDEMPOTENCY_KEY_REUSED");
    if (claim.kind === "in_progress") throw refused(409, "IDEMPOTENCY_IN_PROGRESS");
    if (claim.kind === "answered") {
      const { status, type, body } = claim.answer;
      return new Response(body || null, {
        status,
        headers: { ...(type ? { "Content-Type": type } : {}), [IDEMPOTENT_REPLAYED_HEADER]: "true" },
      });
    }
    try {
      await next();
    } catch (err) {
      await store.release(userId, key.toLowerCase());
      throw err;
    }
    const res = c.res;
    if (!keeps(res.status)) {
      await store.release(userId, key.toLowerCase());
      return;
    }
    await store.answer(userId, key.toLowerCase(), {
      status: res.status,
      type: res.headers.get("content-type"),
      body: await res.clone().text(),
    });
  };
}
