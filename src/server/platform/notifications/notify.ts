import type { Role } from "@shared/access";
import type { NotificationData, NotificationKind } from "@shared/notifications/notifications.schema";
import {
  AUTOMATED_DEFAULTS,
  AUTOMATED_EVENTS,
  DEFAULT_CHANNEL_KINDS,
  isAutomated,
  type NotifyChannel,
} from "@shared/notifications/preferences.schema";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { appUsers, notifications, users } from "../../db/schema";
import { queuePush } from "../push/push";
import { toE164 } from "../sms/sms";
import { notificationInWords } from "./words";

/**
 * One notification: its kind and the data its words need (decision 017; the centre renders it in the
 * reader's language), where it leads, and `note` — only what a person typed with it.
 */
export type NotificationInput = {
  [K in NotificationKind]: { kind: K; data: NotificationData<K>; link?: string | null; note?: string | null };
}[NotificationKind];

export interface NotifyOptions {
  /**
   * Only the notifications centre (the demo seed's history): no email or text copies. A push still
   * goes to a device the reader turned on (it is the centre's copy, not another channel's).
   */
  inAppOnly?: boolean;
}

/** Kinds that ask the push service to wake a phone at once (RFC 8030 Urgency: high). */
const URGENT_PUSH_KINDS: readonly NotificationKind[] = [
  "load.assigned",
  "load.offered",
  "paperwork.rejected",
];

/**
 * The company's switches for a kind: an automated event's row (or the defaults); any other kind is
 * always in the centre, and by email or text only when its reader asks for it. The answer is what a
 * notification adds: a channel the event always uses itself is off here.
 */
export async function channelsFor(
  tx: Tx | Db,
  kind: NotificationKind,
): Promise<Record<NotifyChannel, boolean>> {
  if (!isAutomated(kind)) return { inApp: true, email: true, sms: true };
  const { rows } = await tx.execute<{ in_app: boolean; email: boolean; sms: boolean }>(
    sql`select in_app, email, sms from automated_notifications where event = ${kind}`,
  );
  const r = rows[0];
  const on: Record<NotifyChannel, boolean> = r
    ? { inApp: r.in_app, email: r.email, sms: r.sms }
    : { ...AUTOMATED_DEFAULTS };
  // A channel the event itself always uses (a contract's signing email) gets no second copy.
  for (const channel of AUTOMATED_EVENTS[kind].always as readonly NotifyChannel[]) on[channel] = false;
  return on;
}

/** Someone an email or text copy may go to, with what they asked for. */
export interface CopyTarget {
  kind: "user" | "driver" | "contact";
  id: string;
  name: string;
  email: string | null;
  /** E.164 or null. */
  phone: string | null;
  /** Their state (a text waits for that state's hours). */
  region: string | null;
  language: string;
  emailKinds: readonly string[];
  smsKinds: readonly string[];
}

const stateIn = (address: string | null) => /,\s*([A-Z]{2})\s+\d{5}/.exec(address ?? "")?.[1] ?? null;

/** Users as copy targets: their sign-in email, a driver's or a customer's phone, their choices. */
async function userTargets(tx: Tx, ids: string[]): Promise<CopyTarget[]> {
  const { rows } = await tx.execute<{
    id: string;
    name: string;
    email: string;
    language: string | null;
    email_kinds: string[] | null;
    sms_kinds: string[] | null;
    driver_id: string | null;
    driver_phone: string | null;
    driver_state: string | null;
    customer_phone: string | null;
    customer_address: string | null;
  }>(sql`
    select u.id, u.name, u.email, p.language, p.email_kinds, p.sms_kinds,
      d.id as driver_id, d.phone as driver_phone, nullif(d.mailing_state, '') as driver_state,
      c.phone as customer_phone, c.address as customer_address
    from users u
    left join user_preferences p on p.user_id = u.id
    left join drivers d on d.user_id = u.id
    left join customers c on c.user_id = u.id
    where u.id = any(${sql.param(ids)}::text[]) and not u.banned`);
  return rows.map((r) => ({
    kind: r.driver_id ? "driver" : "user",
    id: r.id,
    name: r.name,
    email: r.email,
    phone: toE164(r.driver_phone ?? r.customer_phone),
    region: r.driver_state ?? stateIn(r.customer_address),
    language: r.language ?? "en",
    emailKinds: r.email_kinds ?? DEFAULT_CHANNEL_KINDS,
    smsKinds: r.sms_kinds ?? DEFAULT_CHANNEL_KINDS,
  }));
}

/**
 * Queues the email and text copies of one notification (the communications queue sends them,
 * throttled, and logs each; texts only to numbers with consent, checked when sent). One message per
 * channel and language, worded here; the sender adds the link and the footer.
 */
export async function queueCopies(
  tx: Tx,
  n: NotificationInput,
  targets: CopyTarget[],
  allowed: Record<NotifyChannel, boolean>,
): Promise<void> {
  const data = n.data as Record<string, unknown>;
  const groups = new Map<string, { channel: "email" | "sms"; language: string; to: CopyTarget[] }>();
  const seen = new Set<string>();
  for (const t of targets) {
    const wants: Array<["email" | "sms", string | null]> = [];
    if (allowed.email && t.email && t.emailKinds.includes(n.kind))
      wants.push(["email", t.email.toLowerCase()]);
    if (allowed.sms && t.phone && t.smsKinds.includes(n.kind)) wants.push(["sms", t.phone]);
    for (const [channel, address] of wants) {
      if (seen.has(`${channel}:${address}`)) continue;
      seen.add(`${channel}:${address}`);
      const key = `${channel}:${t.language}`;
      const group = groups.get(key) ?? { channel, language: t.language, to: [] };
      group.to.push(t);
      groups.set(key, group);
    }
  }
  for (const g of groups.values()) {
    const words = notificationInWords(g.language, n.kind, data);
    const body = [words.body, n.note ?? ""].filter((s) => s.trim()).join("\n\n");
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into communications (channel, source, notification_kind, subject, body, sender_name, status, link, language)
      values (${g.channel}, 'automated', ${n.kind}, ${words.title}, ${body}, '', 'sending', ${n.link ?? null}, ${g.language})
      returning id`);
    const id = rows[0]?.id;
    for (const t of g.to) {
      await tx.execute(sql`
        insert into communication_recipients (communication_id, recipient_kind, recipient_id, name, address, region, status)
        values (${id}, ${t.kind}, ${t.id}, ${t.name}, ${g.channel === "email" ? t.email : t.phone}, ${t.region}, 'queued')`);
    }
  }
}

/**
 * Stores one notification per recipient (for the notifications centre) and queues the email and
 * text copies they asked for — within what the company's switches allow for an automated event.
 */
export async function notifyUsers(
  tx: Tx,
  recipientIds: string[],
  n: NotificationInput,
  options: NotifyOptions = {},
): Promise<void> {
  const unique = [...new Set(recipientIds.filter(Boolean))];
  if (!unique.length) return;
  const allowed = options.inAppOnly
    ? { inApp: true, email: false, sms: false }
    : await channelsFor(tx, n.kind);
  if (allowed.inApp) {
    await tx.insert(notifications).values(
      unique.map((recipientId) => ({
        recipientId,
        kind: n.kind,
        data: n.data as Record<string, unknown>,
        note: n.note ?? "",
        link: n.link ?? null,
      })),
    );
    await pushNotification(tx, unique, n);
  }
  if (allowed.email || allowed.sms) await queueCopies(tx, n, await userTargets(tx, unique), allowed);
}

/**
 * The push copy of a notification (issue 41): worded like the centre's, in each reader's language, to
 * the devices where its readers turned notifications on and chose its kind. It follows the centre:
 * a kind the company switched off in the app is not pushed either.
 */
async function pushNotification(tx: Tx, userIds: string[], n: NotificationInput) {
  const data = n.data as Record<string, unknown>;
  await queuePush(tx, userIds, {
    topic: n.kind,
    words: (language) => {
      const w = notificationInWords(language, n.kind, data);
      return { title: w.title, body: [w.body, n.note ?? ""].filter((s) => s.trim()).join(" — ") };
    },
    link: n.link ?? null,
    tag: `${n.kind}:${n.link ?? ""}`,
    urgency: URGENT_PUSH_KINDS.includes(n.kind) ? "high" : "normal",
  });
}

/** Notifies every active user holding one of `roles` (e.g. dispatch: admin, manager, dispatcher). */
export async function notifyRoles(tx: Tx, roles: readonly Role[], n: NotificationInput): Promise<void> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(appUsers, eq(appUsers.userId, users.id))
    .where(and(inArray(appUsers.role, [...roles]), eq(users.banned, false)));
  await notifyUsers(
    tx,
    rows.map((r) => r.id),
    n,
  );
}

/**
 * Notifies a customer: their portal users in the centre, and the customer's contact (its email and
 * phone on the customer record) by email and text as the company's switches and the portal user's
 * choices allow, in the portal user's language.
 */
export async function notifyCustomer(tx: Tx, customerId: string, n: NotificationInput): Promise<void> {
  const allowed = await channelsFor(tx, n.kind);
  const { rows } = await tx.execute<{
    id: string;
    user_id: string | null;
    name: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    language: string | null;
    email_kinds: string[] | null;
    sms_kinds: string[] | null;
  }>(sql`
    select c.id, c.user_id, c.name, nullif(trim(c.email), '') as email, c.phone, c.address,
      p.language, p.email_kinds, p.sms_kinds
    from customers c left join user_preferences p on p.user_id = c.user_id where c.id = ${customerId}`);
  const c = rows[0];
  if (!c) return;
  if (allowed.inApp && c.user_id) await notifyUsers(tx, [c.user_id], n, { inAppOnly: true });
  if (allowed.email || allowed.sms) {
    await queueCopies(
      tx,
      n,
      [
        {
          kind: "contact",
          id: c.id,
          name: c.name,
          email: c.email,
          phone: toE164(c.phone),
          region: stateIn(c.address),
          language: c.language ?? "en",
          emailKinds: c.email_kinds ?? DEFAULT_CHANNEL_KINDS,
          smsKinds: c.sms_kinds ?? DEFAULT_CHANNEL_KINDS,
        },
      ],
      allowed,
    );
  }
}
