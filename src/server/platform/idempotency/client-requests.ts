import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clientRequests } from "../../db/schema";

/**
 * The store behind idempotent replays (decision 060): a key is claimed before its operation runs,
 * then holds the answer every replay gets. The middleware that uses it is `http/replay.ts`.
 */

/** A claim this old whose answer never came (the process stopped mid-request) may be taken over. */
export const STALE_CLAIM_MS = 2 * 60_000;

export type ClientRequest = {
  userId: string;
  key: string;
  operation: string;
  requestHash: string;
  occurredAt: Date;
  receivedAt: Date;
};

export type StoredAnswer = { status: number; type: string | null; body: string };

export type Claim =
  /** This request runs the operation. */
  | { kind: "claimed" }
  /** The key's first request answered: this is its answer again. */
  | { kind: "answered"; answer: StoredAnswer }
  /** The key's first request is still running. */
  | { kind: "in_progress" }
  /** The key was used for another operation or another body. */
  | { kind: "reused" };

export function createClientRequestStore(db: Db) {
  const row = (userId: string, key: string) =>
    and(eq(clientRequests.userId, userId), eq(clientRequests.key, key));

  return {
    /**
     * Claims the key for this request, or says why not. The insert is the lock: of two requests with
     * one key, the primary key lets exactly one in; the other reads what the first left.
     */
    async claim(request: ClientRequest, now = new Date()): Promise<Claim> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const inserted = await db
          .insert(clientRequests)
          .values(request)
          .onConflictDoNothing()
          .returning({ key: clientRequests.key });
        if (inserted.length) return { kind: "claimed" };
        const [existing] = await db.select().from(clientRequests).where(row(request.userId, request.key));
        // Released between the insert and the read (its first request failed): try once more.
        if (!existing) continue;
        if (existing.operation !== request.operation || existing.requestHash !== request.requestHash) {
          return { kind: "reused" };
        }
        if (existing.responseStatus !== null) {
          return {
            kind: "answered",
            answer: {
              status: existing.responseStatus,
              type: existing.responseType,
              body: existing.responseBody ?? "",
            },
          };
        }
        // A claim left by a request that never finished (a crash between its write and its answer):
        // taken over after STALE_CLAIM_MS, so the phone's outbox is not stuck on it for good.
        const taken = await db
          .update(clientRequests)
          .set({ createdAt: now, occurredAt: request.occurredAt, receivedAt: request.receivedAt })
          .where(
            and(
              row(request.userId, request.key),
              isNull(clientRequests.responseStatus),
              lt(clientRequests.createdAt, new Date(now.getTime() - STALE_CLAIM_MS)),
            ),
          )
          .returning({ key: clientRequests.key });
        return taken.length ? { kind: "claimed" } : { kind: "in_progress" };
      }
      return { kind: "in_progress" };
    },

    /** Keeps the answer of the claimed key's request for its replays. */
    async answer(userId: string, key: string, answer: StoredAnswer): Promise<void> {
      await db
        .update(clientRequests)
        .set({
          responseStatus: answer.status,
          responseType: answer.type,
          responseBody: answer.body,
          completedAt: sql`now()`,
        })
        .where(row(userId, key));
    },

    /** Gives the key back (the request failed on our side, or was rate-limited): a retry runs again. */
    async release(userId: string, key: string): Promise<void> {
      await db.delete(clientRequests).where(and(row(userId, key), isNull(clientRequests.responseStatus)));
    },
  };
}

export type ClientRequestStore = ReturnType<typeof createClientRequestStore>;

/** The nightly purge: keys older than `days` are forgotten (a replay that late is refused as too old). */
export async function purgeClientRequests(db: Db, days: number, now = new Date()): Promise<number> {
  const r = await db
    .delete(clientRequests)
    .where(lt(clientRequests.createdAt, new Date(now.getTime() - days * 86_400_000)));
  return r.rowCount ?? 0;
}
