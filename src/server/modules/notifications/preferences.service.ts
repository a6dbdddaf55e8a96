import type { Role } from "@shared/access";
import { switchChangeLine } from "@shared/audit/audit-targets";
import type { Language } from "@shared/i18n/i18n.config";
import type { NotificationKind } from "@shared/notifications/notifications.schema";
import {
  AUTOMATED_DEFAULTS,
  AUTOMATED_EVENT_KEYS,
  type AutomatedSwitches,
  type AutomatedSwitchesInput,
  DEFAULT_CHANNEL_KINDS,
  kindsFor,
  NOTIFY_CHANNELS,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  PUSH_DEFAULT_TOPICS,
  type PushTopic,
  pushTopicsFor,
} from "@shared/notifications/preferences.schema";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { recordAudit } from "../../platform/audit/audit";
import { toE164 } from "../../platform/sms/sms";

async function switches(db: Db | Tx): Promise<AutomatedSwitches> {
  const { rows } = await db.execute<{
    event: string;
    in_app: boolean;
    email: boolean;
    sms: boolean;
    updated_by_name: string | null;
    updated_at: Date | string | null;
  }>(sql`select * from automated_notifications`);
  const byEvent = new Map(rows.map((r) => [r.event, r]));
  return {
    switches: AUTOMATED_EVENT_KEYS.map((event) => {
      const r = byEvent.get(event);
      return {
        event,
        inApp: r?.in_app ?? AUTOMATED_DEFAULTS.inApp,
        email: r?.email ?? AUTOMATED_DEFAULTS.email,
        sms: r?.sms ?? AUTOMATED_DEFAULTS.sms,
        updatedAt: r?.updated_at ? new Date(r.updated_at).toISOString() : null,
        updatedByName: r?.updated_by_name ?? null,
      };
    }),
  };
}

/**
 * Who hears what, and how (issue 16): each user's own choices of kinds by email, by text and by push
 * (issue 41, with "chat"), the
 * language their copies are written in, and the company's switches per automated event.
 */
export function createPreferencesService({ db }: Deps) {
  return {
    async get(actor: Actor): Promise<NotificationPreferences> {
      const { rows } = await db.execute<{
        email: string;
        language: string | null;
        email_kinds: string[] | null;
        sms_kinds: string[] | null;
        push_kinds: string[] | null;
        phone: string | null;
      }>(sql`
        select u.email, p.language, p.email_kinds, p.sms_kinds, p.push_kinds,
          coalesce((select d.phone from drivers d where d.user_id = u.id),
                   (select c.phone from customers c where c.user_id = u.id)) as phone
        from users u left join user_preferences p on p.user_id = u.id where u.id = ${actor.userId}`);
      const r = rows[0];
      const phone = toE164(r?.phone);
      const { rows: consent } = phone
        ? await db.execute<{ status: "opted_in" | "opted_out" }>(
            sql`select status from sms_consents where phone = ${phone}`,
          )
        : { rows: [] };
      const kinds = kindsFor(actor.role as Role);
      const mine = (chosen: string[] | null | undefined) =>
        ((chosen ?? DEFAULT_CHANNEL_KINDS) as NotificationKind[]).filter((k) => kinds.includes(k));
      const company = await switches(db);
      const pushTopics = pushTopicsFor(actor.role as Role);
      return {
        kinds,
        email: mine(r?.email_kinds),
        sms: mine(r?.sms_kinds),
        push: ((r?.push_kinds ?? PUSH_DEFAULT_TOPICS) as PushTopic[]).filter((k) => pushTopics.includes(k)),
        pushTopics,
        language: ((r?.language ?? "en") as Language) || "en",
        emailAddress: r?.email ?? actor.email,
        phone,
        smsConsent: consent[0]?.status ?? "unknown",
        companyOff: company.switches
          .filter((s) => kinds.includes(s.event))
          .flatMap((s) =>
            NOTIFY_CHANNELS.filter((ch) => !s[ch]).map((channel) => ({ kind: s.event, channel })),
          ),
      };
    },

    /** Saves the caller's choices (kinds outside their role's are dropped). */
    async save(actor: Actor, input: NotificationPreferencesInput): Promise<NotificationPreferences> {
      const kinds = kindsFor(actor.role as Role);
      const email = [...new Set(input.email)].filter((k) => kinds.includes(k));
      const smsKinds = [...new Set(input.sms)].filter((k) => kinds.includes(k));
      const pushTopics = pushTopicsFor(actor.role as Role);
      // Left out (an older screen): the push list stays as it was.
      const push = input.push ? [...new Set(input.push)].filter((k) => pushTopics.includes(k)) : null;
      await db.execute(sql`
        insert into user_preferences (user_id, email_kinds, sms_kinds, push_kinds) values
          (${actor.userId}, ${sql.param(email)}::text[], ${sql.param(smsKinds)}::text[], ${push ? sql`${sql.param(push)}::text[]` : sql`null`})
        on conflict (user_id) do update set email_kinds = excluded.email_kinds, sms_kinds = excluded.sms_kinds,
          push_kinds = ${push ? sql`excluded.push_kinds` : sql`user_preferences.push_kinds`}, updated_at = now()`);
      return this.get(actor);
    },

    /** The language the caller chose in the app: their emails and texts are written in it. */
    async saveLanguage(actor: Actor, language: Language): Promise<{ language: Language }> {
      await db.execute(sql`
        insert into user_preferences (user_id, language) values (${actor.userId}, ${language})
        on conflict (user_id) do update set language = excluded.language, updated_at = now()`);
      return { language };
    },

    switches: () => switches(db),

    /** The company's switches: every change audited (event and channel, on or off). */
    async saveSwitches(actor: Actor, input: AutomatedSwitchesInput): Promise<AutomatedSwitches> {
      return db.transaction(async (tx) => {
        const before = await switches(tx);
        const changed: string[] = [];
        for (const s of input.switches) {
          const old = before.switches.find((b) => b.event === s.event);
          const flipped = NOTIFY_CHANNELS.filter((ch) => !old || old[ch] !== s[ch]);
          for (const ch of flipped)
            changed.push(switchChangeLine({ event: s.event, channel: ch, on: s[ch] }));
          // The screen sends every row: only a row whose switches moved is written and stamped (an
          // event still on the defaults has no row, and writing one would say someone changed it).
          if (!flipped.length) continue;
          await tx.execute(sql`
            insert into automated_notifications (event, in_app, email, sms, updated_by_name, updated_at)
            values (${s.event}, ${s.inApp}, ${s.email}, ${s.sms}, ${actor.name}, now())
            on conflict (event) do update set in_app = excluded.in_app, email = excluded.email, sms = excluded.sms,
              updated_by_name = excluded.updated_by_name, updated_at = excluded.updated_at
            where (automated_notifications.in_app, automated_notifications.email, automated_notifications.sms)
              is distinct from (excluded.in_app, excluded.email, excluded.sms)`);
        }
        if (changed.length)
          await recordAudit(tx, actor, {
            action: "notifications.automated_saved",
            targetType: "automated_notifications",
            targetLabel: changed.join(", "),
            details: { changed: changed.join(", ") },
          });
        return switches(tx);
      });
    },
  };
}
