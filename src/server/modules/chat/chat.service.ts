import {
  CHAT_FILE_MAX_BYTES,
  CHAT_FILE_TYPES,
  CHAT_HISTORY_PAGE,
  type ChatHistory,
  type ChatMessage,
  type ChatThread,
  type ChatThreadPage,
} from "@shared/chat/chat.schema";
import type { ChatThreadQuery } from "@shared/chat/chat-query.schema";
import { type SyncTimes, syncTimesOf } from "@shared/sync/sync.schema";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { chatMessages } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { likePattern, offsetOf } from "../../http/pagination";
import { ownedBy, owns, scopeOf } from "../../http/scope";
import { openStoredFile } from "../../platform/storage/storage";

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A message row with its load's number and its file's name, as the history and the stream send it. */
const messageColumns = sql`m.id, m.driver_id, m.from_driver, m.sender_name, m.body, m.created_at,
  m.occurred_at, m.received_at,
  l.id as load_id, l.load_number, f.file_name, f.content_type, f.size`;
const messageJoins = sql`left join loads l on l.id = m.load_id left join files f on f.id = m.file_id`;
type MessageRow = {
  id: string;
  driver_id: string;
  from_driver: boolean;
  sender_name: string;
  body: string;
  created_at: Date | string;
  occurred_at: Date | string | null;
  received_at: Date | string | null;
  load_id: string | null;
  load_number: string | null;
  file_name: string | null;
  content_type: string | null;
  size: number | null;
};
const toMessage = (r: MessageRow): ChatMessage => ({
  id: r.id,
  driverId: r.driver_id,
  fromDriver: r.from_driver,
  senderName: r.sender_name,
  body: r.body,
  load: r.load_id && r.load_number ? { id: r.load_id, loadNumber: r.load_number } : null,
  attachment:
    r.file_name && r.content_type
      ? { fileName: r.file_name, contentType: r.content_type, size: Number(r.size ?? 0) }
      : null,
  createdAt: new Date(r.created_at).toISOString(),
  ...syncTimesOf({
    occurredAt: r.occurred_at === null ? null : new Date(r.occurred_at),
    receivedAt: r.received_at === null ? null : new Date(r.received_at),
  }),
});

/**
 * Chat between dispatch and drivers (issue 16): one conversation per driver. Staff with the chat route
 * (admin, manager, dispatcher) reach every driver's; a driver only their own — anyone else's is 404.
 */
export function createChatService({ db, storage }: Deps) {
  /** The driver whose conversation the caller may open, or 404. */
  async function conversation(tx: Tx, actor: Actor, driverId: string) {
    const scope = scopeOf(actor);
    if (!owns(scope, { driverId })) throw notFound("The conversation");
    const { rows } = await tx.execute<{ id: string; full_name: string }>(
      sql`select id, full_name from drivers where id = ${driverId}`,
    );
    if (!rows[0]) throw notFound("The conversation");
    return { driverId: rows[0].id, driverName: rows[0].full_name, asDriver: scope.kind === "driver" };
  }

  /** The caller's side: a driver reads staff's messages, staff read the driver's. */
  const isDriver = (actor: Actor) => scopeOf(actor).kind === "driver";

  async function threads(
    actor: Actor,
    query: ChatThreadQuery & { driverId?: string },
  ): Promise<ChatThreadPage> {
    const scope = scopeOf(actor);
    const mine = isDriver(actor);
    const own = sql`and ${ownedBy(scope, { driver: sql`d.id` }) ?? sql`true`}`;
    const one = query.driverId ? sql`and d.id = ${query.driverId}` : sql``;
    const search = query.q
      ? sql`and (d.full_name ilike ${likePattern(query.q)} or d.phone ilike ${likePattern(query.q)} or lm.body ilike ${likePattern(query.q)})`
      : sql``;
    const { rows } = await db.execute<{
      driver_id: string;
      full_name: string;
      phone: string | null;
      body: string | null;
      from_driver: boolean | null;
      has_file: boolean | null;
      created_at: Date | string | null;
      unread: number;
      driver_read_at: Date | string | null;
      staff_read_at: Date | string | null;
      total: number;
    }>(sql`
      with t as (
        select d.id as driver_id, d.full_name, d.phone, lm.body, lm.from_driver, lm.has_file, lm.created_at,
          (select count(*) from chat_messages m
            where m.driver_id = d.id and m.from_driver <> ${mine}
              and m.created_at > coalesce(r.read_at, '-infinity'))::int as unread,
          (select max(read_at) from chat_reads where driver_id = d.id and is_driver) as driver_read_at,
          (select max(read_at) from chat_reads where driver_id = d.id and not is_driver) as staff_read_at
        from drivers d
        left join lateral (
          select m.body, m.from_driver, m.file_id is not null as has_file, m.created_at from chat_messages m
          where m.driver_id = d.id order by m.created_at desc, m.id desc limit 1
        ) lm on true
        left join chat_reads r on r.driver_id = d.id and r.user_id = ${actor.userId}
        where (d.active or lm.created_at is not null) ${own} ${one} ${search}
      )
      select *, count(*) over ()::int as total from t
      where ${query.unread ? sql`unread > 0` : sql`true`}
      order by created_at desc nulls last, full_name, driver_id
      limit ${query.pageSize} offset ${offsetOf(query)}`);
    return {
      items: rows.map(
        (r): ChatThread => ({
          driverId: r.driver_id,
          driverName: r.full_name,
          driverPhone: r.phone,
          last:
            r.created_at === null
              ? null
              : {
                  body: r.body ?? "",
                  fromDriver: !!r.from_driver,
                  hasAttachment: !!r.has_file,
                  createdAt: new Date(r.created_at).toISOString(),
                },
          unread: r.unread,
          driverReadAt: iso(r.driver_read_at),
          staffReadAt: iso(r.staff_read_at),
        }),
      ),
      total: rows[0]?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function message(id: string): Promise<ChatMessage | null> {
    const { rows } = await db.execute<MessageRow>(
      sql`select ${messageColumns} from chat_messages m ${messageJoins} where m.id = ${id}`,
    );
    return rows[0] ? toMessage(rows[0]) : null;
  }

  return {
    threads,

    /** One conversation's header: the driver, the caller's unread count and the read receipts. */
    async thread(actor: Actor, driverId: string): Promise<ChatThread> {
      await conversation(db, actor, driverId);
      const page = await threads(actor, { driverId, page: 1, pageSize: 1, unread: false });
      const found = page.items[0];
      if (!found) throw notFound("The conversation");
      return found;
    },

    /** History, newest last, a page at a time (`before`: the page before that message). */
    async history(actor: Actor, driverId: string, before?: string): Promise<ChatHistory> {
      await conversation(db, actor, driverId);
      const older = before
        ? sql`and (m.created_at, m.id) < (select created_at, id from chat_messages where id = ${before} and driver_id = ${driverId})`
        : sql``;
      const { rows } = await db.execute<MessageRow>(sql`
        select ${messageColumns} from chat_messages m ${messageJoins}
        where m.driver_id = ${driverId} ${older}
        order by m.created_at desc, m.id desc limit ${CHAT_HISTORY_PAGE + 1}`);
      return {
        items: rows.slice(0, CHAT_HISTORY_PAGE).reverse().map(toMessage),
        more: rows.length > CHAT_HISTORY_PAGE,
      };
    },

    /** Sends text and/or one photo or PDF, optionally about one of the driver's loads. */
    async send(
      actor: Actor,
      driverId: string,
      input: { body: string; loadId?: string; file?: File },
      times?: SyncTimes,
    ): Promise<ChatMessage> {
      const body = input.body.trim();
      if (!body && !input.file)
        throw badRequest("Write a message or attach a file.", {
          fields: { body: "Write a message or attach a file." },
        });
      const id = await db.transaction(async (tx) => {
        const { asDriver } = await conversation(tx, actor, driverId);
        let loadId: string | null = null;
        if (input.loadId) {
          const { rows } = await tx.execute<{ id: string }>(
            sql`select id from loads where id = ${input.loadId} and driver_id = ${driverId}`,
          );
          if (!rows[0])
            throw badRequest("Choose one of this driver's loads.", {
              fields: { loadId: "Choose one of this driver's loads." },
            });
          loadId = rows[0].id;
        }
        const stored = input.file
          ? await storage.save(
              tx,
              input.file,
              { maxBytes: CHAT_FILE_MAX_BYTES, allowedTypes: CHAT_FILE_TYPES },
              actor.userId,
            )
          : null;
        const [row] = await tx
          .insert(chatMessages)
          .values({
            driverId,
            senderId: actor.impersonator ? null : actor.userId,
            senderName: actor.name,
            fromDriver: asDriver,
            body,
            loadId,
            fileId: stored?.id ?? null,
            // Sent from the phone at occurredAt, arrived at receivedAt (issue 41).
            ...(times ? { occurredAt: times.occurredAt, receivedAt: times.receivedAt } : {}),
          })
          .returning({ id: chatMessages.id });
        // Whoever writes has read what came before.
        await markRead(tx, actor, driverId, asDriver);
        return row.id;
      });
      const sent = await message(id);
      if (!sent) throw notFound("The message");
      return sent;
    },

    /** The caller has read the conversation up to now (moves only when there was something new). */
    async markRead(actor: Actor, driverId: string): Promise<{ ok: true }> {
      const { asDriver } = await conversation(db, actor, driverId);
      await markRead(db, actor, driverId, asDriver);
      return { ok: true };
    },

    /** Messages from the other side the caller has not read, across their conversations (the sidebar). */
    async unread(actor: Actor): Promise<{ unread: number }> {
      // Someone who reaches no conversation (a customer, a driver without a record) counts nothing.
      const own = ownedBy(scopeOf(actor), { driver: sql`m.driver_id` }) ?? sql`true`;
      const { rows } = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from chat_messages m
        left join chat_reads r on r.driver_id = m.driver_id and r.user_id = ${actor.userId}
        where m.from_driver <> ${isDriver(actor)} and ${own} and m.created_at > coalesce(r.read_at, '-infinity')`);
      return { unread: rows[0]?.n ?? 0 };
    },

    /** A message's photo or PDF, for someone who may open its conversation. */
    async attachment(actor: Actor, messageId: string) {
      const { rows } = await db.execute<{ driver_id: string; file_id: string | null }>(
        sql`select driver_id, file_id from chat_messages where id = ${messageId}`,
      );
      if (!rows[0]?.file_id) throw notFound("The attachment");
      await conversation(db, actor, rows[0].driver_id);
      return openStoredFile(db, storage, rows[0].file_id);
    },

    /** What the events stream sends the caller about a conversation, or null when it is not theirs. */
    async event(actor: Actor, driverId: string, messageId: string | null) {
      if (!owns(scopeOf(actor), { driverId })) return null;
      if (!messageId) return { driverId, kind: "read" as const };
      const m = await message(messageId);
      return m ? { driverId, kind: "message" as const, message: m } : null;
    },
  };

  async function markRead(tx: Tx, actor: Actor, driverId: string, asDriver: boolean) {
    // An admin browsing as someone reads nothing on their behalf.
    if (actor.impersonator) return;
    await tx.execute(sql`
      insert into chat_reads (driver_id, user_id, is_driver, read_at)
      select ${driverId}, ${actor.userId}, ${asDriver}, clock_timestamp()
      where exists (
        select 1 from chat_messages m where m.driver_id = ${driverId} and m.from_driver <> ${asDriver}
          and m.created_at > coalesce(
            (select read_at from chat_reads where driver_id = ${driverId} and user_id = ${actor.userId}), '-infinity'))
      on conflict (driver_id, user_id) do update set read_at = excluded.read_at`);
  }
}
export type ChatService = ReturnType<typeof createChatService>;
