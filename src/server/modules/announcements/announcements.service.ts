import { routePath, STAFF_ROLES } from "@shared/access";
import type { AnnouncementQuery } from "@shared/announcements/announcement-query.schema";
import {
  ANNOUNCEMENT_MESSAGES,
  ANNOUNCEMENT_PAST_GRACE_MS,
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementPage,
  type AnnouncementRecipientPage,
  type AnnouncementStatus,
  type announcementInputSchema,
  type Person,
} from "@shared/announcements/announcements.schema";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { likePattern, offsetOf } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";

type Input = z.output<typeof announcementInputSchema>;

type Row = {
  id: string;
  title: string;
  description: string;
  deliver_at: Date | string;
  audience: AnnouncementAudience;
  roles: string[];
  people: string[];
  people_named: { id: string; name: string; role: string }[] | null;
  visible_to_drivers: boolean;
  status: AnnouncementStatus;
  created_by_name: string;
  delivered_at: Date | string | null;
  recipients: number;
  read: number;
  created_at: Date | string;
  total?: number;
};
const iso = (d: Date | string) => new Date(d).toISOString();
const toAnnouncement = (r: Row): Announcement => ({
  id: r.id,
  title: r.title,
  description: r.description,
  deliverAt: iso(r.deliver_at),
  audience: r.audience,
  roles: r.roles,
  people: r.people_named ?? [],
  visibleToDrivers: r.visible_to_drivers,
  status: r.status,
  createdByName: r.created_by_name,
  deliveredAt: r.delivered_at ? iso(r.delivered_at) : null,
  recipients: r.recipients,
  read: r.read,
  createdAt: iso(r.created_at),
});

const columns = sql`a.id, a.title, a.description, a.deliver_at, a.audience, a.roles, a.people,
  (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'role', au.role) order by u.name), '[]')
     from users u join app_users au on au.user_id = u.id where u.id = any(a.people)) as people_named,
  a.visible_to_drivers, a.status, a.created_by_name, a.delivered_at, a.created_at,
  (select count(*) from announcement_recipients r where r.announcement_id = a.id)::int as recipients,
  (select count(*) from announcement_recipients r join notifications n on n.id = r.notification_id
     where r.announcement_id = a.id and n.read_at is not null)::int as read`;

/**
 * Delivers one scheduled announcement whose time has come: a notification for each recipient —
 * every staff role, the chosen roles or the chosen people, plus every driver when visible to drivers
 * (active accounts only; never its author) — each recorded so its read flag is the receipt. Locked, so two instances
 * never deliver it twice.
 */
export async function deliver(tx: Tx, id: string, now: Date): Promise<boolean> {
  const { rows } = await tx.execute<{
    id: string;
    title: string;
    description: string;
    audience: AnnouncementAudience;
    roles: string[];
    people: string[];
    visible_to_drivers: boolean;
    created_by_name: string;
    created_by: string | null;
  }>(sql`select * from announcements where id = ${id} and status = 'scheduled' and deliver_at <= ${now}
         for update skip locked`);
  const a = rows[0];
  if (!a) return false;
  const staff =
    a.audience === "staff"
      ? sql`au.role::text = any(${sql.raw(`'{${STAFF_ROLES.join(",")}}'::text[]`)})`
      : a.audience === "roles"
        ? sql`au.role::text = any(${sql.param(a.roles)}::text[])`
        : a.audience === "people"
          ? sql`u.id = any(${sql.param(a.people)}::text[])`
          : sql`false`;
  const drivers = a.visible_to_drivers ? sql`au.role = 'driver'` : sql`false`;
  await tx.execute(sql`
    with r as (
      select u.id from users u join app_users au on au.user_id = u.id
      where not u.banned and au.role <> 'customer' and (${staff} or ${drivers})
        and u.id is distinct from ${a.created_by}
    ), n as (
      insert into notifications (recipient_id, kind, data, body, link)
      select r.id, 'announcement',
        ${JSON.stringify({ announcementId: a.id, title: a.title, from: a.created_by_name })}::jsonb,
        ${a.description}, ${routePath("notifications")}
      from r returning id, recipient_id
    )
    insert into announcement_recipients (announcement_id, user_id, notification_id)
    select ${a.id}, n.recipient_id, n.id from n`);
  await tx.execute(
    sql`update announcements set status = 'delivered', delivered_at = ${now}, updated_at = ${now} where id = ${a.id}`,
  );
  await recordAudit(tx, null, {
    action: "announcement.delivered",
    targetType: "announcement",
    targetId: a.id,
    targetLabel: a.title,
  });
  return true;
}

/** The job queue's minute: every scheduled announcement whose time has come is delivered. */
export async function deliverDueAnnouncements(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from announcements where status = 'scheduled' and deliver_at <= ${now} order by deliver_at limit 200`,
  );
  let delivered = 0;
  for (const { id } of rows) if (await db.transaction((tx) => deliver(tx, id, now))) delivered++;
  return delivered;
}

export function createAnnouncementsService({ db }: Deps) {
  async function one(tx: Tx, id: string): Promise<Announcement> {
    const { rows } = await tx.execute<Row>(sql`select ${columns} from announcements a where a.id = ${id}`);
    if (!rows[0]) throw notFound("The announcement");
    return toAnnouncement(rows[0]);
  }

  /** Checks the time (a moment ago counts as now) and the chosen people (active staff or drivers). */
  async function checked(tx: Tx, input: Input, now: Date) {
    const deliverAt = new Date(input.deliverAt);
    if (deliverAt.getTime() < now.getTime() - ANNOUNCEMENT_PAST_GRACE_MS)
      throw badRequest(ANNOUNCEMENT_MESSAGES.past, { fields: { deliverAt: ANNOUNCEMENT_MESSAGES.past } });
    const people = input.audience === "people" ? [...new Set(input.people)] : [];
    if (people.length) {
      const { rows } = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from users u join app_users au on au.user_id = u.id
        where u.id = any(${sql.param(people)}::text[]) and not u.banned and au.role <> 'customer'`);
      if (rows[0]?.n !== people.length)
        throw badRequest(ANNOUNCEMENT_MESSAGES.unknownPeople, {
          fields: { people: ANNOUNCEMENT_MESSAGES.unknownPeople },
        });
    }
    return {
      title: input.title,
      description: input.description,
      deliverAt: deliverAt < now ? now : deliverAt,
      audience: input.audience,
      roles: input.audience === "roles" ? [...new Set(input.roles)] : [],
      people,
      visibleToDrivers: input.visibleToDrivers,
    };
  }

  return {
    async list(query: AnnouncementQuery): Promise<AnnouncementPage> {
      const where = sql.join(
        [
          sql`true`,
          query.q
            ? sql`(a.title ilike ${likePattern(query.q)} or a.description ilike ${likePattern(query.q)})`
            : undefined,
          query.status ? sql`a.status = ${query.status}` : undefined,
        ].filter((c) => c !== undefined),
        sql` and `,
      );
      const order = sql.raw(
        `a.${query.sort === "createdAt" ? "created_at" : "deliver_at"} ${query.dir === "asc" ? "asc" : "desc"}, a.id`,
      );
      const { rows } = await db.execute<Row>(sql`
        select ${columns}, count(*) over ()::int as total from announcements a where ${where}
        order by ${order} limit ${query.pageSize} offset ${offsetOf(query)}`);
      return {
        items: rows.map(toAnnouncement),
        total: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    get: (id: string) => one(db, id),

    /** Schedules it; a time of now (or a moment ago) delivers it at once. */
    async create(actor: Actor, input: Input, now = new Date()): Promise<Announcement> {
      return db.transaction(async (tx) => {
        const v = await checked(tx, input, now);
        const { rows } = await tx.execute<{ id: string }>(sql`
          insert into announcements (title, description, deliver_at, audience, roles, people, visible_to_drivers,
            created_by, created_by_name)
          values (${v.title}, ${v.description}, ${v.deliverAt}, ${v.audience}, ${sql.param(v.roles)}::text[], ${sql.param(v.people)}::text[],
            ${v.visibleToDrivers}, ${actor.userId}, ${actor.name})
          returning id`);
        const id = rows[0].id;
        await recordAudit(tx, actor, {
          action: "announcement.scheduled",
          targetType: "announcement",
          targetId: id,
          targetLabel: v.title,
        });
        await deliver(tx, id, now);
        return one(tx, id);
      });
    },

    /** Edits it until it is delivered (409 after, or once cancelled). */
    async update(actor: Actor, id: string, input: Input, now = new Date()): Promise<Announcement> {
      return db.transaction(async (tx) => {
        const current = await one(tx, id);
        if (current.status !== "scheduled")
          throw conflict(ANNOUNCEMENT_MESSAGES.notScheduled, "NOT_SCHEDULED");
        const v = await checked(tx, input, now);
        await tx.execute(sql`
          update announcements set title = ${v.title}, description = ${v.description}, deliver_at = ${v.deliverAt},
            audience = ${v.audience}, roles = ${sql.param(v.roles)}::text[], people = ${sql.param(v.people)}::text[],
            visible_to_drivers = ${v.visibleToDrivers}, updated_at = ${now}
          where id = ${id} and status = 'scheduled'`);
        await recordAudit(tx, actor, {
          action: "announcement.updated",
          targetType: "announcement",
          targetId: id,
          targetLabel: v.title,
        });
        await deliver(tx, id, now);
        return one(tx, id);
      });
    },

    async cancel(actor: Actor, id: string): Promise<Announcement> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ title: string }>(sql`
          update announcements set status = 'cancelled', updated_at = now()
          where id = ${id} and status = 'scheduled' returning title`);
        if (!rows[0]) {
          await one(tx, id); // 404 when there is none
          throw conflict(ANNOUNCEMENT_MESSAGES.notScheduled, "NOT_SCHEDULED");
        }
        await recordAudit(tx, actor, {
          action: "announcement.cancelled",
          targetType: "announcement",
          targetId: id,
          targetLabel: rows[0].title,
        });
        return one(tx, id);
      });
    },

    /** Who received it and who has read it (unread first when asked). */
    async recipients(
      id: string,
      query: { page: number; pageSize: number; read?: "read" | "unread" },
    ): Promise<AnnouncementRecipientPage> {
      await one(db, id);
      const read =
        query.read === "read"
          ? sql`and n.read_at is not null`
          : query.read === "unread"
            ? sql`and n.read_at is null`
            : sql``;
      const { rows } = await db.execute<{
        user_id: string;
        name: string;
        role: string;
        read_at: Date | string | null;
        total: number;
      }>(sql`
        select r.user_id, u.name, au.role, n.read_at, count(*) over ()::int as total
        from announcement_recipients r join users u on u.id = r.user_id
        left join app_users au on au.user_id = u.id left join notifications n on n.id = r.notification_id
        where r.announcement_id = ${id} ${read}
        order by n.read_at desc nulls last, u.name
        limit ${query.pageSize} offset ${offsetOf(query)}`);
      return {
        items: rows.map((r) => ({
          userId: r.user_id,
          name: r.name,
          role: r.role,
          readAt: r.read_at ? iso(r.read_at) : null,
        })),
        total: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Active staff and drivers to choose from, by name or email. */
    async people(q?: string): Promise<{ items: Person[] }> {
      const { rows } = await db.execute<Person>(sql`
        select u.id, u.name, au.role from users u join app_users au on au.user_id = u.id
        where not u.banned and au.role <> 'customer'
          ${q ? sql`and (u.name ilike ${likePattern(q)} or u.email ilike ${likePattern(q)})` : sql``}
        order by u.name limit 20`);
      return { items: rows };
    },
  };
}
