import { isIP } from "node:net";
import { PUSH_DEFAULT_TOPICS, type PushTopic } from "@shared/notifications/preferences.schema";
import type { PushPayload } from "@shared/push/push.schema";
import { PUSH_TTL_SECONDS } from "@shared/push/push.schema";
import { sql } from "drizzle-orm";
import webpush from "web-push";
import type { Tx } from "../../db/client";
import type { Deps } from "../../deps";
import { vapidKeys, vapidSubject } from "./vapid";

/**
 * Web Push (issue 41, decision 063): a push is a device copy of something the user would see in the
 * app — a notification, a chat message. It is queued in the writer's transaction (`push_messages`, one
 * row per subscribed device, already worded in the reader's language) and sent by the job queue: at
 * once by the instance that hears `PUSH_CHANNEL` after the commit, else at the next minute's run.
 */
export const PUSH_CHANNEL = "lms_push";

export type PushUrgency = "very-low" | "low" | "normal" | "high";

/** What a push needs: the topic the reader's choices are checked against, and its words per language. */
export interface PushInput {
  topic: PushTopic;
  /** The words in one language (called once per language among the readers). */
  words: (language: string) => { title: string; body: string };
  link: string | null;
  tag: string;
  urgency?: PushUrgency;
}

const TITLE_MAX = 120;
const BODY_MAX = 300;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * Queues `push` for every subscribed device of `userIds` whose owner wants its topic (their push
 * list, or the defaults until they choose). Returns how many devices it was queued for.
 */
export async function queuePush(tx: Tx, userIds: string[], push: PushInput): Promise<number> {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (!ids.length) return 0;
  const { rows } = await tx.execute<{ id: string; language: string }>(sql`
    select s.id, coalesce(p.language, 'en') as language
    from push_subscriptions s
    join users u on u.id = s.user_id and not u.banned
    left join user_preferences p on p.user_id = s.user_id
    where s.user_id = any(${sql.param(ids)}::text[])
      and ${push.topic} = any(coalesce(p.push_kinds, ${sql.param([...PUSH_DEFAULT_TOPICS])}::text[]))`);
  if (!rows.length) return 0;
  const worded = new Map<string, PushPayload>();
  for (const r of rows) {
    let payload = worded.get(r.language);
    if (!payload) {
      const w = push.words(r.language);
      payload = {
        title: clip(w.title, TITLE_MAX),
        body: clip(w.body, BODY_MAX),
        link: push.link,
        tag: push.tag,
      };
      worded.set(r.language, payload);
    }
    await tx.execute(sql`
      insert into push_messages (subscription_id, payload, urgency, ttl)
      values (${r.id}, ${JSON.stringify(payload)}::jsonb, ${push.urgency ?? "normal"}, ${PUSH_TTL_SECONDS})`);
  }
  // Heard after the commit (NOTIFY is transactional): the listening instance sends at once.
  await tx.execute(sql`select pg_notify(${PUSH_CHANNEL}, '')`);
  return rows.length;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);
const isLoopback = (host: string) => LOOPBACK_NAMES.has(host) || /^127\./.test(host);

/**
 * Why a subscription's endpoint is refused, or null. The server will POST to it, so it must look like
 * a push service: https on a public name — not an address literal or a loopback name (no requests to
 * the server's own network). With `allowHttp` (PUSH_ALLOW_HTTP_ENDPOINTS, tests and development), a
 * loopback host is accepted over http or https.
 */
export function endpointProblem(endpoint: string, allowHttp: boolean): "endpoint" | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "endpoint";
  }
  if (url.username || url.password) return "endpoint";
  const host = url.hostname;
  if (allowHttp && isLoopback(host) && (url.protocol === "http:" || url.protocol === "https:")) return null;
  if (url.protocol !== "https:") return "endpoint";
  if (isLoopback(host) || isIP(host.replace(/^\[|\]$/g, "")) || !host.includes(".")) return "endpoint";
  return null;
}

/** A push service that keeps failing (5xx, 429, no answer) gets this many tries, a minute apart. */
const MAX_ATTEMPTS = 5;
const SEND_TIMEOUT_MS = 10_000;

type QueuedPush = {
  id: string;
  payload: PushPayload;
  urgency: PushUrgency;
  ttl: number;
  attempts: number;
  created_at: Date | string;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
};

/**
 * Sends up to `limit` queued pushes (RFC 8030 with VAPID, RFC 8292, and the aes128gcm payload of RFC
 * 8291, built by `web-push`; sent with fetch so a loopback push service over http works in tests).
 * A 404 or 410 means the browser unsubscribed: the subscription goes (and what was queued for it).
 * Each row is locked while it is sent, so two instances never send one twice. Returns how many were
 * delivered.
 */
export async function sendQueuedPushes(deps: Deps, limit = 500): Promise<number> {
  const { db, config, log } = deps;
  const { rows: waiting } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from push_messages`,
  );
  if (!waiting[0]?.n) return 0;
  const keys = await vapidKeys(db, config);
  if (!keys) {
    log.warn("push: the VAPID private key cannot be opened (server secret changed?); pushes wait");
    return 0;
  }
  const vapidDetails = {
    subject: vapidSubject(config),
    publicKey: keys.publicKey,
    privateKey: keys.privateKey,
  };
  const tried: string[] = [];
  let delivered = 0;
  for (let i = 0; i < limit; i++) {
    const more = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<QueuedPush>(sql`
        select m.id, m.payload, m.urgency, m.ttl, m.attempts, m.created_at, m.subscription_id,
          s.endpoint, s.p256dh, s.auth
        from push_messages m join push_subscriptions s on s.id = m.subscription_id
        where m.id <> all(${sql.param(tried)}::uuid[])
        order by m.created_at, m.id limit 1 for update of m skip locked`);
      const m = rows[0];
      if (!m) return false;
      tried.push(m.id);
      const left = m.ttl - Math.floor((Date.now() - new Date(m.created_at).getTime()) / 1000);
      if (left <= 0) {
        await tx.execute(sql`delete from push_messages where id = ${m.id}`);
        return true;
      }
      let status = 0;
      let error: string | null = null;
      try {
        const request = webpush.generateRequestDetails(
          { endpoint: m.endpoint, keys: { p256dh: m.p256dh, auth: m.auth } },
          JSON.stringify(m.payload),
          { vapidDetails, TTL: left, urgency: m.urgency, contentEncoding: "aes128gcm" },
        );
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(request.headers)) {
          // fetch sets the length from the body itself.
          if (name.toLowerCase() !== "content-length") headers[name] = String(value);
        }
        const res = await fetch(request.endpoint, {
          method: "POST",
          headers,
          body: request.body ? new Uint8Array(request.body) : null,
          redirect: "manual",
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        status = res.status;
        if (status >= 300) error = `${status} ${(await res.text().catch(() => "")).slice(0, 200)}`.trim();
        else await res.arrayBuffer().catch(() => undefined);
      } catch (err) {
        error = err instanceof Error ? err.message : String(err);
      }
      if (status >= 200 && status < 300) {
        await tx.execute(sql`delete from push_messages where id = ${m.id}`);
        delivered++;
      } else if (status === 404 || status === 410) {
        // Gone: the browser dropped the subscription (RFC 8030 §7.3). Its queued pushes go with it.
        await tx.execute(sql`delete from push_subscriptions where id = ${m.subscription_id}`);
      } else if (status === 0 || status === 429 || status >= 500) {
        if (m.attempts + 1 >= MAX_ATTEMPTS)
          await tx.execute(sql`delete from push_messages where id = ${m.id}`);
        else
          await tx.execute(
            sql`update push_messages set attempts = attempts + 1, last_error = ${error} where id = ${m.id}`,
          );
        log.warn("push: not delivered, will retry", { status, error, attempt: m.attempts + 1 });
      } else {
        // Refused for good (400 malformed, 403 bad VAPID, 413 too large): retrying would not help.
        await tx.execute(sql`delete from push_messages where id = ${m.id}`);
        log.warn("push: refused by the push service", { status, error });
      }
      return true;
    });
    if (!more) break;
  }
  return delivered;
}
