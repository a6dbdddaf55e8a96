import { STAFF_ROLES } from "@shared/access";
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  type Attachment,
  type audienceSchema,
  COMMUNICATION_MESSAGES,
  type Communication,
  EMAILS_PER_MINUTE,
  type LogPage,
  type massEmailInputSchema,
  type RecipientGroup,
  type RecipientGroupList,
  type RecipientPreview,
  type recipientGroupInputSchema,
} from "@shared/communications/communications.schema";
import type { LogQuery } from "@shared/communications/log-query.schema";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { userPreferences } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { likePattern, offsetOf } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import type { MailAttachment } from "../../platform/mail/mailer";
import { signatureOf } from "../../platform/mail/signature";
import { notificationWords } from "../../platform/notifications/words";
import { createToken, hashToken } from "../../platform/tokens/tokens";

type AudienceInput = z.output<typeof audienceSchema>;
type EmailInput = z.output<typeof massEmailInputSchema>;
type GroupInput = z.output<typeof recipientGroupInputSchema>;
const M = COMMUNICATION_MESSAGES;

interface Recipient {
  kind: "driver" | "contact" | "user";
  id: string;
  name: string;
  /** What the screen shows beside a missing address: the customer's company, the driver's phone. */
  detail: string;
  email: string | null;
}

/** Everyone an audience reaches, one entry per address (the first mention wins), and those without one. */
async function resolve(tx: Tx | Db, a: AudienceInput): Promise<Recipient[]> {
  const out: Recipient[] = [];
  if (a.drivers !== "none") {
    const { rows } = await tx.execute<{
      id: string;
      full_name: string;
      email: string | null;
      phone: string | null;
    }>(sql`
      select id, full_name, nullif(trim(email), '') as email, phone from drivers
      where active ${a.drivers === "chosen" ? sql`and id::text = any(${sql.param(a.driverIds)}::text[])` : sql``}
      order by full_name`);
    for (const r of rows)
      out.push({ kind: "driver", id: r.id, name: r.full_name, detail: r.phone ?? "", email: r.email });
  }
  if (a.customers !== "none") {
    const chosen =
      a.customers === "chosen" ? sql`and c.id::text = any(${sql.param(a.customerIds)}::text[])` : sql``;
    // The customer's own address, then each contact's.
    const { rows } = await tx.execute<{
      id: string;
      name: string;
      company: string;
      email: string | null;
    }>(sql`
      select * from (
        select c.id::text as id, c.name, c.company_name as company, nullif(trim(c.email), '') as email, 0 as seq
        from customers c where true ${chosen}
        union all
        select cc.id::text, cc.name, c.company_name, nullif(trim(cc.email), ''), cc.sequence + 1
        from customer_contacts cc join customers c on c.id = cc.customer_id where true ${chosen}
      ) r order by company, seq, name`);
    for (const r of rows)
      out.push({ kind: "contact", id: r.id, name: r.name, detail: r.company, email: r.email });
  }
  if (a.staffRoles.length) {
    const roles = a.staffRoles.filter((r) => (STAFF_ROLES as readonly string[]).includes(r));
    const { rows } = await tx.execute<{ id: string; name: string; email: string; role: string }>(sql`
      select u.id, u.name, u.email, au.role from users u join app_users au on au.user_id = u.id
      where not u.banned and au.role::text = any(${sql.param(roles)}::text[]) order by u.name`);
    for (const r of rows) out.push({ kind: "user", id: r.id, name: r.name, detail: r.role, email: r.email });
  }
  const seen = new Set<string>();
  return out.filter((r) => {
    if (!r.email) return true;
    const key = r.email.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function unsubscribedOf(tx: Tx | Db, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const { rows } = await tx.execute<{ email: string }>(
    sql`select email from email_unsubscribes where email = any(${sql.param(emails.map((e) => e.toLowerCase()))}::text[])`,
  );
  return new Set(rows.map((r) => r.email));
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function createCommunicationsService(deps: Deps) {
  const { db, storage } = deps;

  async function one(tx: Tx | Db, id: string): Promise<Communication> {
    const { rows } = await tx.execute<{
      id: string;
      channel: "email" | "sms";
      subject: string;
      body: string;
      sender_name: string;
      status: Communication["status"];
      scheduled_at: Date | string | null;
      created_at: Date | string;
      attachments: { id: string; fileName: string; size: number }[];
      counts: Record<string, number> | null;
    }>(sql`
      select c.*, (select coalesce(json_agg(json_build_object('id', f.id, 'fileName', f.file_name, 'size', f.size)), '[]')
                   from files f where f.id = any(c.attachment_ids)) as attachments,
        (select json_object_agg(status, n) from (select status, count(*)::int as n from communication_recipients
           where communication_id = c.id group by status) s) as counts
      from communications c where c.id = ${id}`);
    const r = rows[0];
    if (!r) throw notFound("The message");
    return {
      id: r.id,
      channel: r.channel,
      subject: r.subject,
      body: r.body,
      senderName: r.sender_name,
      status: r.status,
      scheduledAt: iso(r.scheduled_at),
      createdAt: iso(r.created_at) ?? "",
      attachments: r.attachments,
      counts: r.counts ?? {},
    };
  }

  return {
    async preview(audience: AudienceInput): Promise<RecipientPreview> {
      const all = await resolve(db, audience);
      const customerEmails = all.filter((r) => r.kind === "contact" && r.email).map((r) => r.email as string);
      const unsubscribed = await unsubscribedOf(db, customerEmails);
      const missing = all
        .filter((r) => !r.email)
        .map((r) => ({ kind: r.kind, name: r.name, detail: r.detail }));
      return {
        count: all.filter(
          (r) => r.email && !(r.kind === "contact" && unsubscribed.has(r.email.toLowerCase())),
        ).length,
        missing,
        unsubscribed: customerEmails.filter((e) => unsubscribed.has(e.toLowerCase())).length,
      };
    },

    async uploadAttachment(actor: Actor, file: File): Promise<Attachment> {
      return db.transaction(async (tx) => {
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: ATTACHMENT_MAX_BYTES, allowedTypes: ATTACHMENT_TYPES },
          actor.userId,
        );
        return { id: stored.id, fileName: stored.fileName, size: stored.size };
      });
    },

    /**
     * Queues a mass email: one log row per recipient — queued (or scheduled), or skipped with its
     * reason (no address; a customer contact who unsubscribed). The sender's signature is appended.
     */
    async sendEmail(actor: Actor, input: EmailInput, now = new Date()): Promise<Communication> {
      const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
      if (scheduledAt && scheduledAt.getTime() < now.getTime() - 60_000)
        throw badRequest(M.scheduledPast, { fields: { scheduledAt: M.scheduledPast } });
      const later = !!scheduledAt && scheduledAt > now;
      const id = await db.transaction(async (tx) => {
        if (input.attachmentIds.length) {
          const { rows } = await tx.execute<{ n: number }>(sql`
            select count(*)::int as n from files where id = any(${sql.param(input.attachmentIds)}::uuid[])
              and uploaded_by = ${actor.userId}`);
          if (rows[0]?.n !== new Set(input.attachmentIds).size) throw notFound("An attachment");
        }
        const recipients = await resolve(tx, input.audience);
        if (!recipients.length) throw badRequest(M.noRecipients, { fields: { audience: M.noRecipients } });
        const signature = await signatureOf(tx, actor.userId);
        const body = signature ? `${input.body}\n\n-- \n${signature}` : input.body;
        const { rows } = await tx.execute<{ id: string }>(sql`
          insert into communications (channel, subject, body, sender_id, sender_name, status, scheduled_at, attachment_ids)
          values ('email', ${input.subject}, ${body}, ${actor.userId}, ${actor.name}, ${later ? "scheduled" : "sending"},
            ${later ? scheduledAt : null}, ${sql.param([...new Set(input.attachmentIds)])}::uuid[])
          returning id`);
        const communicationId = rows[0].id;
        const unsubscribed = await unsubscribedOf(
          tx,
          recipients.filter((r) => r.kind === "contact" && r.email).map((r) => r.email as string),
        );
        for (const r of recipients) {
          const status = !r.email
            ? "no_address"
            : r.kind === "contact" && unsubscribed.has(r.email.toLowerCase())
              ? "unsubscribed"
              : later
                ? "scheduled"
                : "queued";
          await tx.execute(sql`
            insert into communication_recipients (communication_id, recipient_kind, recipient_id, name, address, status)
            values (${communicationId}, ${r.kind}, ${r.id}, ${r.name}, ${r.email}, ${status})`);
        }
        return communicationId;
      });
      return one(db, id);
    },

    get: (id: string) => one(db, id),

    /** Cancels a scheduled message before it goes out. */
    async cancel(id: string): Promise<Communication> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string }>(
          sql`update communications set status = 'cancelled' where id = ${id} and status = 'scheduled' returning id`,
        );
        if (!rows[0]) {
          await one(tx, id);
          throw conflict(M.notScheduled, "NOT_SCHEDULED");
        }
        await tx.execute(sql`update communication_recipients set status = 'cancelled'
          where communication_id = ${id} and status = 'scheduled'`);
      });
      return one(db, id);
    },

    async log(query: LogQuery): Promise<LogPage> {
      const conditions = [
        query.q
          ? sql`(r.name ilike ${likePattern(query.q)} or r.address ilike ${likePattern(query.q)} or c.subject ilike ${likePattern(query.q)})`
          : undefined,
        query.channel ? sql`c.channel = ${query.channel}` : undefined,
        query.status ? sql`r.status = ${query.status}` : undefined,
        query.from ? sql`coalesce(c.scheduled_at, r.created_at) >= ${query.from}::date` : undefined,
        query.to ? sql`coalesce(c.scheduled_at, r.created_at) < ${query.to}::date + 1` : undefined,
        query.communicationId ? sql`r.communication_id = ${query.communicationId}` : undefined,
        query.source ? sql`c.source = ${query.source}` : undefined,
      ].filter((c) => c !== undefined);
      const where = conditions.length ? sql.join(conditions, sql` and `) : sql`true`;
      const { rows } = await db.execute<{
        id: string;
        communication_id: string;
        channel: "email" | "sms";
        subject: string;
        name: string;
        recipient_kind: "driver" | "contact" | "user";
        address: string | null;
        status: LogPage["items"][number]["status"];
        error: string | null;
        scheduled_at: Date | string | null;
        sent_at: Date | string | null;
        created_at: Date | string;
        sender_name: string;
        source: "hub" | "automated";
        notification_kind: string | null;
        total: number;
      }>(sql`
        select r.id, r.communication_id, c.channel, c.subject, r.name, r.recipient_kind, r.address, r.status, r.error,
          c.scheduled_at, r.sent_at, r.created_at, c.sender_name, c.source, c.notification_kind,
          count(*) over ()::int as total
        from communication_recipients r join communications c on c.id = r.communication_id
        where ${where}
        order by r.created_at desc, r.name, r.id
        limit ${query.pageSize} offset ${offsetOf(query)}`);
      return {
        items: rows.map((r) => ({
          id: r.id,
          communicationId: r.communication_id,
          channel: r.channel,
          subject: r.subject,
          recipientName: r.name,
          recipientKind: r.recipient_kind,
          address: r.address,
          status: r.status,
          error: r.error,
          scheduledAt: iso(r.scheduled_at),
          sentAt: iso(r.sent_at),
          createdAt: iso(r.created_at) ?? "",
          senderName: r.sender_name,
          source: r.source,
          notificationKind: r.notification_kind,
        })),
        total: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    signature: async (actor: Actor) => ({ signature: await signatureOf(db, actor.userId) }),

    /** Saved audiences, by name. */
    async groups(): Promise<RecipientGroupList> {
      const { rows } = await db.execute<{
        id: string;
        name: string;
        audience: RecipientGroup["audience"] & { labels?: RecipientGroup["labels"] };
        created_by_name: string;
        created_at: Date | string;
      }>(sql`select * from recipient_groups order by lower(name)`);
      return {
        items: rows.map(({ audience: { labels, ...audience }, ...r }) => ({
          id: r.id,
          name: r.name,
          audience,
          labels: labels ?? [],
          createdByName: r.created_by_name,
          createdAt: iso(r.created_at) ?? "",
        })),
      };
    },

    /** Saves an audience under a name (a taken name, in any case, is refused); audited. */
    async saveGroup(actor: Actor, input: GroupInput): Promise<RecipientGroup> {
      return db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ id: string; created_at: Date | string }>(sql`
          insert into recipient_groups (name, audience, created_by_name)
          values (${input.name}, ${JSON.stringify({ ...input.audience, labels: input.labels })}::jsonb, ${actor.name})
          on conflict do nothing returning id, created_at`);
        const row = rows[0];
        if (!row) throw conflict(M.groupNameTaken, "GROUP_NAME_TAKEN", { name: [M.groupNameTaken] });
        await recordAudit(tx, actor, {
          action: "recipient_group.saved",
          targetType: "recipient_group",
          targetId: row.id,
          targetLabel: input.name,
        });
        return {
          id: row.id,
          name: input.name,
          audience: input.audience,
          labels: input.labels,
          createdByName: actor.name,
          createdAt: iso(row.created_at) ?? "",
        };
      });
    },

    async deleteGroup(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ name: string }>(
          sql`delete from recipient_groups where id = ${id} returning name`,
        );
        if (!rows[0]) throw notFound("The group");
        await recordAudit(tx, actor, {
          action: "recipient_group.deleted",
          targetType: "recipient_group",
          targetId: id,
          targetLabel: rows[0].name,
        });
      });
    },

    async saveSignature(actor: Actor, signature: string) {
      await db
        .insert(userPreferences)
        .values({ userId: actor.userId, emailSignature: signature.trim() })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { emailSignature: signature.trim(), updatedAt: new Date() },
        });
      return { signature: signature.trim() };
    },

    /** RFC 8058 one-click (and the footer's link): the address is never mailed in bulk again. */
    async unsubscribe(token: string): Promise<{ email: string } | null> {
      const { rows } = await db.execute<{ address: string }>(
        sql`select address from communication_recipients where unsubscribe_hash = ${hashToken(token)} limit 1`,
      );
      const email = rows[0]?.address?.toLowerCase();
      if (!email) return null;
      await db.execute(sql`insert into email_unsubscribes (email) values (${email}) on conflict do nothing`);
      return { email };
    },
  };
}

/**
 * The mail queue: moves due scheduled messages to queued, then sends up to `limit` queued emails
 * (the throttle), each locked so two instances never send one twice. Customers' copies carry the
 * company's postal address and a one-click unsubscribe (RFC 8058). Called by the job queue every
 * minute and right after a message is queued.
 */
export async function sendQueuedEmails(
  deps: Deps,
  now = new Date(),
  limit = EMAILS_PER_MINUTE,
): Promise<number> {
  const { db, storage, config } = deps;
  await db.execute(sql`
    with due as (update communications set status = 'sending'
      where status = 'scheduled' and scheduled_at <= ${now} returning id)
    update communication_recipients r set status = 'queued' from due
    where r.communication_id = due.id and r.status = 'scheduled'`);
  let sent = 0;
  const attachments = new Map<string, MailAttachment[]>();
  for (let i = 0; i < limit; i++) {
    const done = await db.transaction(async (tx) => {
      const { rows } = await tx.execute<{
        id: string;
        communication_id: string;
        recipient_kind: string;
        address: string;
        subject: string;
        body: string;
        attachment_ids: string[];
        source: string;
        link: string | null;
        language: string | null;
      }>(sql`
        select r.id, r.communication_id, r.recipient_kind, r.address, c.subject, c.body, c.attachment_ids,
          c.source, c.link, c.language
        from communication_recipients r join communications c on c.id = r.communication_id
        where r.status = 'queued' and c.channel = 'email' and c.status = 'sending'
        order by r.created_at, r.id limit 1 for update of r skip locked`);
      const r = rows[0];
      if (!r) return false;
      if (!attachments.has(r.communication_id)) {
        const { rows: files } = await tx.execute<{
          id: string;
          storage_key: string;
          file_name: string;
          content_type: string;
        }>(
          sql`select id, storage_key, file_name, content_type from files where id = any(${sql.param(r.attachment_ids ?? [])}::uuid[])`,
        );
        attachments.set(
          r.communication_id,
          await Promise.all(
            files.map(async (f) => ({
              filename: f.file_name,
              contentType: f.content_type,
              content: await storage.read(f.storage_key),
              fileId: f.id,
            })),
          ),
        );
      }
      let text = r.body;
      let headers: Record<string, string> | undefined;
      let unsubscribeHash: string | null = null;
      if (r.source === "automated") {
        // An event's copy (transactional, not bulk): where to open it, and where to change the preferences.
        const w = notificationWords(r.language ?? "en");
        const open = r.link ? `\n\n${w("delivery.open", { url: `${config.publicUrl}${r.link}` })}` : "";
        text += `${open}\n\n-- \n${w("delivery.footer", { company: config.company.name, url: `${config.publicUrl}/notifications?preferences=1` })}`;
      } else if (r.recipient_kind === "contact") {
        const token = createToken();
        unsubscribeHash = hashToken(token);
        const link = `${config.publicUrl}/api/public/unsubscribe/${token}`;
        text += `\n\n${config.company.name} · ${config.company.address}\nUnsubscribe from these emails: ${link}`;
        headers = { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
      }
      const result = await deps.mailer.send({
        to: r.address,
        subject: r.subject,
        text,
        headers,
        attachments: attachments.get(r.communication_id),
      });
      const status = result.status === "failed" ? (result.bounced ? "bounced" : "failed") : result.status;
      await tx.execute(sql`update communication_recipients set status = ${status}, error = ${result.error ?? null},
        sent_at = ${status === "sent" ? new Date() : null}, unsubscribe_hash = ${unsubscribeHash} where id = ${r.id}`);
      await tx.execute(sql`update communications set status = 'sent' where id = ${r.communication_id}
        and not exists (select 1 from communication_recipients where communication_id = ${r.communication_id} and status = 'queued')`);
      return true;
    });
    if (!done) break;
    sent++;
  }
  return sent;
}
