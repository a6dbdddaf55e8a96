import {
  PUSH_MAX_SUBSCRIPTIONS,
  PUSH_MESSAGES,
  type PushSubscriptionInput,
  type PushSubscriptionRow,
} from "@shared/push/push.schema";
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import { endpointProblem } from "../../platform/push/push";
import { vapidKeys } from "../../platform/push/vapid";

const toRow = (r: { id: string; endpoint: string; device: string; created_at: Date | string }) => ({
  id: r.id,
  endpoint: r.endpoint,
  device: r.device,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * A user's push subscriptions (issue 41): one per browser they turned notifications on in. Every
 * operation is the caller's own: someone else's subscription is 404. An endpoint belongs to the user
 * who subscribed it last (a shared tablet signed in by another driver pushes to them from then on).
 */
export function createPushService({ db, config }: Deps) {
  return {
    async key(): Promise<{ publicKey: string }> {
      const keys = await vapidKeys(db, config);
      if (!keys) throw new HttpError(503, "PUSH_NOT_CONFIGURED", PUSH_MESSAGES.notConfigured);
      return { publicKey: keys.publicKey };
    },

    async list(actor: Actor): Promise<{ subscriptions: PushSubscriptionRow[] }> {
      const { rows } = await db.execute<{ id: string; endpoint: string; device: string; created_at: Date }>(
        sql`select id, endpoint, device, created_at from push_subscriptions
            where user_id = ${actor.userId} order by created_at desc, id`,
      );
      return { subscriptions: rows.map(toRow) };
    },

    async subscribe(
      actor: Actor,
      input: PushSubscriptionInput,
      device: string,
    ): Promise<PushSubscriptionRow> {
      if (endpointProblem(input.endpoint, config.pushAllowHttpEndpoints === true))
        throw badRequest(PUSH_MESSAGES.endpoint, { fields: { endpoint: PUSH_MESSAGES.endpoint } });
      return db.transaction(async (tx) => {
        // One at a time per user, so two tabs subscribing at once cannot pass the limit together.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('push:' || ${actor.userId}))`);
        if (input.replaces && input.replaces !== input.endpoint)
          await tx.execute(
            sql`delete from push_subscriptions where user_id = ${actor.userId} and endpoint = ${input.replaces}`,
          );
        const { rows: count } = await tx.execute<{ n: number }>(sql`
          select count(*)::int as n from push_subscriptions
          where user_id = ${actor.userId} and endpoint <> ${input.endpoint}`);
        if ((count[0]?.n ?? 0) >= PUSH_MAX_SUBSCRIPTIONS)
          throw conflict(PUSH_MESSAGES.tooMany, "PUSH_SUBSCRIPTION_LIMIT");
        const { rows } = await tx.execute<{
          id: string;
          endpoint: string;
          device: string;
          created_at: Date;
        }>(sql`
          insert into push_subscriptions (user_id, endpoint, p256dh, auth, device)
          values (${actor.userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, ${device.slice(0, 200)})
          on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh,
            auth = excluded.auth, device = excluded.device
          returning id, endpoint, device, created_at`);
        return toRow(rows[0]);
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const { rows } = await db.execute<{ id: string }>(
        sql`delete from push_subscriptions where id = ${id} and user_id = ${actor.userId} returning id`,
      );
      if (!rows[0]) throw notFound("The push subscription");
    },
  };
}
