import type { NotificationQuery } from "@shared/notifications/notification-query.schema";
import {
  type Notification,
  type NotificationKind,
  type NotificationPage,
  STREAM_REPLAY_MAX,
} from "@shared/notifications/notifications.schema";
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { notifications } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { likePattern, offsetOf } from "../../http/pagination";

type Row = typeof notifications.$inferSelect;
const toNotification = (r: Row): Notification => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  data: r.data,
  note: r.note,
  link: r.link,
  readAt: r.readAt ? r.readAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

/** Stored after the caller's notification `id` (compared in SQL: a JavaScript Date would cut microseconds). */
const afterOne = (actor: Actor, id: string) =>
  sql`(${notifications.createdAt}, ${notifications.id}) > (
    select n.created_at, n.id from notifications n where n.id = ${id} and n.recipient_id = ${actor.userId})`;

/** The caller's own notifications (the centre, the bell, the events stream): never anyone else's. */
export function createNotificationsService({ db }: Deps) {
  const mine = (actor: Actor) => eq(notifications.recipientId, actor.userId);
  const unreadOf = async (actor: Actor) => {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(actor), isNull(notifications.readAt)));
    return row?.n ?? 0;
  };

  return {
    unreadCount: async (actor: Actor) => ({ unread: await unreadOf(actor) }),

    async list(actor: Actor, query: NotificationQuery): Promise<NotificationPage> {
      const where: SQL | undefined = and(
        mine(actor),
        query.unread ? isNull(notifications.readAt) : undefined,
        query.q
          ? sql`(${notifications.data}::text ilike ${likePattern(query.q)} or ${notifications.note} ilike ${likePattern(query.q)})`
          : undefined,
      );
      const [rows, [total], unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db.select({ n: count() }).from(notifications).where(where),
        unreadOf(actor),
      ]);
      return {
        items: rows.map(toNotification),
        total: total?.n ?? 0,
        page: query.page,
        pageSize: query.pageSize,
        unread,
      };
    },

    /** One of the caller's notifications by id (someone else's is not found). */
    async one(actor: Actor, id: string, after?: string): Promise<Notification | null> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(mine(actor), eq(notifications.id, id), after ? afterOne(actor, after) : undefined));
      return row ? toNotification(row) : null;
    },

    async markRead(actor: Actor, id: string): Promise<Notification> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(and(mine(actor), eq(notifications.id, id)))
        .returning();
      if (!row) throw notFound("The notification");
      return toNotification(row);
    },

    async markAllRead(actor: Actor) {
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(mine(actor), isNull(notifications.readAt)));
      return { unread: 0 };
    },

    /**
     * What the caller missed after the notification `lastId` (a reconnect's `Last-Event-ID`), oldest
     * first; nothing for an id that is not theirs.
     */
    async since(actor: Actor, lastId: string): Promise<Notification[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(and(mine(actor), afterOne(actor, lastId)))
        .orderBy(notifications.createdAt, notifications.id)
        .limit(STREAM_REPLAY_MAX);
      return rows.map(toNotification);
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
