import type { MeetingQuery } from "@shared/meetings/meetings.schema";
import {
  MEETING_MESSAGES,
  type Meeting,
  type MeetingPage,
  type meetingInputSchema,
} from "@shared/meetings/meetings.schema";
import { sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { likePattern, offsetOf } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { mailDateTime } from "../../platform/mail/mail-date";
import type { Mailer } from "../../platform/mail/mailer";
import { createToken } from "../../platform/tokens/tokens";
import { icsInvite } from "./ics";

type Input = z.output<typeof meetingInputSchema>;
type Row = {
  id: string;
  topic: string;
  agenda: string;
  starts_at: Date | string;
  duration_minutes: number;
  provider: Meeting["provider"];
  join_url: string;
  participants: string[];
  reminder_minutes: number;
  status: Meeting["status"];
  sequence: number;
  created_by_name: string;
  created_by_email: string;
  created_at: Date | string;
  total?: number;
};
const toMeeting = (r: Row): Meeting => ({
  id: r.id,
  topic: r.topic,
  agenda: r.agenda,
  startsAt: new Date(r.starts_at).toISOString(),
  durationMinutes: r.duration_minutes,
  provider: r.provider,
  joinUrl: r.join_url,
  participants: r.participants,
  reminderMinutes: r.reminder_minutes,
  status: r.status,
  createdByName: r.created_by_name,
  createdAt: new Date(r.created_at).toISOString(),
});

/** Emails each participant the invitation (or its cancellation) with the .ics attached. */
async function invite(mailer: Mailer, r: Row, method: "REQUEST" | "CANCEL", host: string, timeZone: string) {
  const start = new Date(r.starts_at);
  const ics = icsInvite({
    uid: `${r.id}@${host}`,
    sequence: r.sequence,
    method,
    start,
    minutes: r.duration_minutes,
    summary: r.topic,
    description: [r.agenda, `Join: ${r.join_url}`].filter(Boolean).join("\n\n"),
    location: r.join_url,
    organizer: { name: r.created_by_name, email: r.created_by_email },
    attendees: r.participants,
  });
  const when = mailDateTime(start, timeZone);
  for (const to of r.participants)
    await mailer.send({
      to,
      subject: method === "CANCEL" ? `Cancelled: ${r.topic}` : `Invitation: ${r.topic} (${when})`,
      text:
        method === "CANCEL"
          ? `${r.created_by_name} cancelled "${r.topic}" planned for ${when}.`
          : `${r.created_by_name} invites you to "${r.topic}" on ${when} for ${r.duration_minutes} minutes.\n\nJoin: ${r.join_url}${r.agenda ? `\n\n${r.agenda}` : ""}`,
      attachments: [
        {
          filename: method === "CANCEL" ? "cancel.ics" : "invite.ics",
          contentType: `text/calendar; charset=utf-8; method=${method}`,
          content: new TextEncoder().encode(ics),
        },
      ],
    });
}

export function createMeetingsService(deps: Deps) {
  const { db, mailer, config } = deps;
  const host = new URL(config.publicUrl).hostname;
  const one = async (tx: Tx | Db, id: string) => {
    const { rows } = await tx.execute<Row>(sql`select * from meetings where id = ${id}`);
    if (!rows[0]) throw notFound("The meeting");
    return rows[0];
  };

  return {
    async list(query: MeetingQuery): Promise<MeetingPage> {
      const upcoming = query.when === "upcoming";
      const { rows } = await db.execute<Row>(sql`
        select *, count(*) over ()::int as total from meetings
        where ${upcoming ? sql`starts_at + make_interval(mins => duration_minutes) >= now()` : sql`starts_at + make_interval(mins => duration_minutes) < now()`}
          ${query.q ? sql`and (topic ilike ${likePattern(query.q)} or array_to_string(participants, ' ') ilike ${likePattern(query.q)})` : sql``}
        order by starts_at ${upcoming ? sql`asc` : sql`desc`}, id
        limit ${query.pageSize} offset ${offsetOf(query)}`);
      return {
        items: rows.map(toMeeting),
        total: rows[0]?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Schedules it and emails every participant an invitation with its .ics. */
    async schedule(actor: Actor, input: Input, now = new Date()): Promise<Meeting> {
      const startsAt = new Date(input.startsAt);
      if (startsAt.getTime() < now.getTime() - 60_000)
        throw badRequest(MEETING_MESSAGES.past, { fields: { startsAt: MEETING_MESSAGES.past } });
      // A room nobody can guess: 128 random bits in its name.
      const joinUrl =
        input.provider === "room"
          ? `${config.meetingRoomUrl ?? "https://meet.jit.si"}/lms-${createToken()
              .replace(/[^A-Za-z0-9]/g, "")
              .slice(0, 32)}`
          : (input.joinUrl ?? "");
      const row = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<Row>(sql`
          insert into meetings (topic, agenda, starts_at, duration_minutes, provider, join_url, participants,
            reminder_minutes, created_by, created_by_name, created_by_email)
          values (${input.topic}, ${input.agenda}, ${startsAt}, ${input.durationMinutes}, ${input.provider}, ${joinUrl},
            ${sql.param([...new Set(input.participants)])}::text[], ${input.reminderMinutes}, ${actor.userId},
            ${actor.name}, ${actor.email})
          returning *`);
        await recordAudit(tx, actor, {
          action: "meeting.scheduled",
          targetType: "meeting",
          targetId: rows[0].id,
          targetLabel: input.topic,
        });
        return rows[0];
      });
      await invite(mailer, row, "REQUEST", host, config.company.timeZone);
      return toMeeting(row);
    },

    /** Cancels it and sends every participant the cancellation (same UID, next SEQUENCE). */
    async cancel(actor: Actor, id: string): Promise<Meeting> {
      const row = await db.transaction(async (tx) => {
        const { rows } = await tx.execute<Row>(sql`
          update meetings set status = 'cancelled', sequence = sequence + 1
          where id = ${id} and status = 'scheduled' returning *`);
        if (!rows[0]) {
          await one(tx, id);
          throw conflict(MEETING_MESSAGES.notScheduled, "NOT_SCHEDULED");
        }
        await recordAudit(tx, actor, {
          action: "meeting.cancelled",
          targetType: "meeting",
          targetId: id,
          targetLabel: rows[0].topic,
        });
        return rows[0];
      });
      await invite(mailer, row, "CANCEL", host, config.company.timeZone);
      return toMeeting(row);
    },

    /** The invitation's .ics, for the organiser to add to their own calendar. */
    async ics(id: string) {
      const r = await one(db, id);
      return icsInvite({
        uid: `${r.id}@${host}`,
        sequence: r.sequence,
        method: r.status === "cancelled" ? "CANCEL" : "REQUEST",
        start: new Date(r.starts_at),
        minutes: r.duration_minutes,
        summary: r.topic,
        description: [r.agenda, `Join: ${r.join_url}`].filter(Boolean).join("\n\n"),
        location: r.join_url,
        organizer: { name: r.created_by_name, email: r.created_by_email },
        attendees: r.participants,
      });
    },
  };
}

/** The job queue's minute: a reminder email to each participant when a meeting is `reminder_minutes` away. */
export async function remindMeetings(deps: Deps, now = new Date()): Promise<number> {
  const { rows } = await deps.db.execute<Row>(sql`
    update meetings set reminded_at = ${now}
    where status = 'scheduled' and reminded_at is null and reminder_minutes > 0
      and starts_at > ${now} and starts_at - make_interval(mins => reminder_minutes) <= ${now}
    returning *`);
  for (const r of rows) {
    const minutes = Math.max(1, Math.round((new Date(r.starts_at).getTime() - now.getTime()) / 60_000));
    for (const to of r.participants)
      await deps.mailer.send({
        to,
        subject: `Reminder: ${r.topic} in ${minutes} minutes`,
        text: `"${r.topic}" starts in ${minutes} minutes.\n\nJoin: ${r.join_url}`,
      });
  }
  return rows.length;
}
