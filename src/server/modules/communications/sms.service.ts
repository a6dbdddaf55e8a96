import {
  CONSENT_METHODS,
  type ConsentMethod,
  type ConsentStatus,
  DEFAULT_SMS_WINDOW,
  keywordOf,
  SMS_STOP_LINE,
  smsText,
} from "@shared/communications/sms";
import type {
  ConsentInput,
  ConsentPage,
  ConsentQuery,
  ImportResult,
  SmsBlastInput,
  SmsBlastResult,
  SmsPreview,
} from "@shared/communications/sms.schema";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest } from "../../http/errors";
import { notificationWords } from "../../platform/notifications/words";
import { createSms, toE164 } from "../../platform/sms/sms";

export { toE164 };

/** The majority time zone of each US state (a text waits for 8:00–21:00 there). */
const STATE_ZONES: Record<string, string> = {
  AL: "America/Chicago",
  AK: "America/Anchorage",
  AZ: "America/Phoenix",
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York",
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise",
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis",
  IA: "America/Chicago",
  KS: "America/Chicago",
  KY: "America/New_York",
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit",
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago",
  NV: "America/Los_Angeles",
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago",
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles",
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago",
  TN: "America/Chicago",
  TX: "America/Chicago",
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
};
const stateIn = (address: string | null) => /,\s*([A-Z]{2})\s+\d{5}/.exec(address ?? "")?.[1] ?? null;

/** Whether `now` is inside the recipient's texting hours (their state's, else 8:00–21:00 there). */
export async function withinTextingHours(tx: Tx | Db, region: string | null, companyZone: string, now: Date) {
  const { rows } = region
    ? await tx.execute<{ start_hour: number; end_hour: number; time_zone: string }>(
        sql`select start_hour, end_hour, time_zone from sms_quiet_hours where state = ${region}`,
      )
    : { rows: [] };
  const rule = rows[0];
  const zone = rule?.time_zone ?? (region ? STATE_ZONES[region] : undefined) ?? companyZone;
  const hour = Number(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(now),
  );
  const start = rule?.start_hour ?? DEFAULT_SMS_WINDOW.startHour;
  const end = rule?.end_hour ?? DEFAULT_SMS_WINDOW.endHour;
  return { open: hour >= start && hour < end, start, zone };
}

interface Contact {
  kind: "driver" | "contact";
  id: string;
  name: string;
  detail: string;
  phone: string | null;
  region: string | null;
}

async function phoneContacts(tx: Tx | Db): Promise<Contact[]> {
  const { rows } = await tx.execute<{
    kind: "driver" | "contact";
    id: string;
    customer_id: string | null;
    name: string;
    detail: string;
    phone: string | null;
    region: string | null;
    address: string | null;
  }>(sql`
    select 'driver' as kind, d.id::text as id, null as customer_id, d.full_name as name, '' as detail, d.phone,
      nullif(d.mailing_state, '') as region, null as address
    from drivers d where d.active
    union all
    select 'contact', c.id::text, c.id::text, c.name, c.company_name, c.phone, null, c.address from customers c
    union all
    select 'contact', cc.id::text, c.id::text, cc.name, c.company_name, nullif(cc.phone, ''), null, c.address
    from customer_contacts cc join customers c on c.id = cc.customer_id`);
  return rows.map((r) => ({
    kind: r.kind,
    id: r.kind === "driver" ? r.id : `${r.customer_id}:${r.id}`,
    name: r.name,
    detail: r.detail,
    phone: toE164(r.phone),
    region: r.region ?? stateIn(r.address),
  }));
}

export function createSmsService(deps: Deps) {
  const { db, config } = deps;
  const sms = createSms(config);

  async function consents(tx: Tx | Db, phones: string[]) {
    if (!phones.length) return new Map<string, ConsentStatus>();
    const { rows } = await tx.execute<{ phone: string; status: ConsentStatus }>(
      sql`select phone, status from sms_consents where phone = any(${sql.param(phones)}::text[])`,
    );
    return new Map(rows.map((r) => [r.phone, r.status]));
  }

  /** Drivers and customers' contacts a blast reaches, with why some are skipped. */
  async function recipients(tx: Tx | Db, input: Pick<SmsBlastInput, "audience">) {
    const a = input.audience;
    const all = (await phoneContacts(tx)).filter((c) =>
      c.kind === "driver"
        ? a.drivers === "all" || (a.drivers === "chosen" && a.driverIds.includes(c.id))
        : a.customers === "all" || (a.customers === "chosen" && a.customerIds.includes(c.id.split(":")[0])),
    );
    const seen = new Set<string>();
    const unique = all.filter((c) => !c.phone || (!seen.has(c.phone) && seen.add(c.phone)));
    const status = await consents(
      tx,
      unique.flatMap((c) => (c.phone ? [c.phone] : [])),
    );
    return unique.map((c) => ({
      ...c,
      outcome: !c.phone
        ? ("no_address" as const)
        : status.get(c.phone) === "opted_in"
          ? ("queued" as const)
          : ("no_consent" as const),
    }));
  }

  return {
    configured: sms.configured,

    async preview(input: Pick<SmsBlastInput, "audience">): Promise<SmsPreview> {
      const list = await recipients(db, input);
      return {
        count: list.filter((r) => r.outcome === "queued").length,
        noPhone: list
          .filter((r) => r.outcome === "no_address")
          .map((r) => ({ kind: r.kind, name: r.name, detail: r.detail })),
        noConsent: list.filter((r) => r.outcome === "no_consent").length,
        providerConfigured: sms.configured,
        company: config.company.name,
      };
    },

    /**
     * Queues a blast: only numbers with recorded consent; each text names the company and says how to
     * stop. Without a provider nothing can go out: those texts are logged "not sent" at once, and the
     * answer says so in counts (never "on their way").
     */
    async blast(actor: Actor, input: SmsBlastInput): Promise<SmsBlastResult> {
      const text = smsText(config.company.name, input.body);
      return db.transaction(async (tx) => {
        const list = await recipients(tx, input);
        if (!list.length)
          throw badRequest("Choose who receives it.", { fields: { audience: "Choose who receives it." } });
        const { rows } = await tx.execute<{ id: string }>(sql`
          insert into communications (channel, subject, body, sender_id, sender_name, status)
          values ('sms', '', ${text}, ${actor.userId}, ${actor.name}, 'sending') returning id`);
        const id = rows[0].id;
        const outcomes = list.map((r) =>
          r.outcome === "queued" && !sms.configured ? ("not_sent_no_provider" as const) : r.outcome,
        );
        for (const [i, r] of list.entries())
          await tx.execute(sql`
            insert into communication_recipients (communication_id, recipient_kind, recipient_id, name, address, region, status)
            values (${id}, ${r.kind}, ${r.id}, ${r.name}, ${r.phone}, ${r.region}, ${outcomes[i]})`);
        const queued = outcomes.filter((o) => o === "queued").length;
        const notSent = outcomes.filter((o) => o === "not_sent_no_provider").length;
        return {
          id,
          queued,
          notSent,
          skipped: list.length - queued - notSent,
          providerConfigured: sms.configured,
        };
      });
    },

    async list(query: ConsentQuery): Promise<ConsentPage> {
      const contacts = await phoneContacts(db);
      const { rows } = await db.execute<{
        phone: string;
        name: string;
        status: ConsentStatus;
        method: ConsentMethod;
        recorded_by_name: string;
        recorded_at: Date | string;
        note: string;
      }>(sql`select * from sms_consents`);
      const byPhone = new Map(rows.map((r) => [r.phone, r]));
      const entries = new Map<string, ConsentPage["items"][number]>();
      for (const c of contacts) {
        if (!c.phone || entries.has(c.phone)) continue;
        const r = byPhone.get(c.phone);
        entries.set(c.phone, {
          phone: c.phone,
          name: c.name,
          detail: c.kind === "driver" ? "driver" : c.detail,
          status: r?.status ?? "unknown",
          method: r?.method ?? null,
          recordedBy: r?.recorded_by_name ?? null,
          recordedAt: r ? new Date(r.recorded_at).toISOString() : null,
          note: r?.note ?? "",
        });
      }
      // Numbers on record that are no longer a contact's (an imported list, a former driver).
      for (const r of rows)
        if (!entries.has(r.phone))
          entries.set(r.phone, {
            phone: r.phone,
            name: r.name,
            detail: "",
            status: r.status,
            method: r.method,
            recordedBy: r.recorded_by_name,
            recordedAt: new Date(r.recorded_at).toISOString(),
            note: r.note,
          });
      const q = query.q?.toLowerCase();
      const digits = query.q?.replace(/\D/g, "");
      const found = [...entries.values()]
        .filter((e) => !query.status || e.status === query.status)
        .filter(
          (e) =>
            !q ||
            e.name.toLowerCase().includes(q) ||
            e.detail.toLowerCase().includes(q) ||
            (!!digits && e.phone.includes(digits)),
        )
        .sort((a, b) => a.name.localeCompare(b.name) || a.phone.localeCompare(b.phone));
      const start = (query.page - 1) * query.pageSize;
      return {
        items: found.slice(start, start + query.pageSize),
        total: found.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async record(actor: Actor, input: ConsentInput) {
      const phone = toE164(input.phone);
      if (!phone)
        throw badRequest("Enter a valid phone number.", { fields: { phone: "Enter a valid phone number." } });
      await upsert(db, { ...input, phone }, actor.name);
      return { phone };
    },

    /** CSV with a header: phone, name, status (opted_in / opted_out), method. Every row or none. */
    async importCsv(actor: Actor, csv: string): Promise<ImportResult> {
      const lines = csv.split(/\r?\n/).filter((l) => l.trim());
      const header = (lines.shift() ?? "").split(",").map((h) => h.trim().toLowerCase());
      const col = (name: string) => header.indexOf(name);
      if (col("phone") < 0 || col("status") < 0)
        throw badRequest("The file needs phone and status columns.", {
          fields: { file: "The file needs phone and status columns." },
        });
      const errors: { line: number; message: string }[] = [];
      const rows: ConsentInput[] = [];
      lines.forEach((line, i) => {
        const cells = line.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
        const phone = toE164(cells[col("phone")]);
        const status = cells[col("status")]?.toLowerCase().replace(/[\s-]/g, "_");
        const method = (col("method") >= 0 ? cells[col("method")]?.toLowerCase() : "") || "import";
        if (!phone) errors.push({ line: i + 2, message: "Enter a valid phone number." });
        else if (status !== "opted_in" && status !== "opted_out")
          errors.push({ line: i + 2, message: "Status must be opted_in or opted_out." });
        else
          rows.push({
            phone,
            name: col("name") >= 0 ? (cells[col("name")] ?? "") : "",
            status,
            method: (CONSENT_METHODS as readonly string[]).includes(method)
              ? (method as ConsentMethod)
              : "import",
            note: "",
          });
      });
      if (errors.length)
        throw badRequest("Some lines could not be read; nothing was imported.", { lines: errors });
      await db.transaction(async (tx) => {
        for (const r of rows) await upsert(tx, r, actor.name);
      });
      return { imported: rows.length };
    },

    /**
     * The provider's inbound webhook: STOP and its equivalents opt the number out, START opts it
     * back in, HELP answers with who we are; each with one reply (TwiML).
     */
    async inbound(params: Record<string, string>): Promise<string> {
      const phone = toE164(params.From);
      const keyword = keywordOf(params.Body ?? "");
      const company = config.company.name;
      let reply: string | null = null;
      if (phone && keyword === "opt_out") {
        await upsert(
          db,
          { phone, name: "", status: "opted_out", method: "keyword", note: (params.Body ?? "").slice(0, 40) },
          "Reply",
        );
        reply = `${company}: You are unsubscribed and will receive no more messages. Reply START to resubscribe.`;
      } else if (phone && keyword === "opt_in") {
        await upsert(
          db,
          { phone, name: "", status: "opted_in", method: "keyword", note: (params.Body ?? "").slice(0, 40) },
          "Reply",
        );
        reply = `${company}: You are subscribed again. ${SMS_STOP_LINE}`;
      } else if (keyword === "help") {
        reply = `${company}: Dispatch at ${config.company.phone}. ${SMS_STOP_LINE}`;
      }
      const escapeXml = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
      return `<?xml version="1.0" encoding="UTF-8"?><Response>${reply ? `<Message>${escapeXml(reply)}</Message>` : ""}</Response>`;
    },

    verify: sms.verify,
  };
}

async function upsert(tx: Tx | Db, c: ConsentInput & { phone: string }, by: string) {
  await tx.execute(sql`
    insert into sms_consents (phone, name, status, method, recorded_by_name, note, recorded_at)
    values (${c.phone}, ${c.name ?? ""}, ${c.status}, ${c.method}, ${by}, ${c.note ?? ""}, now())
    on conflict (phone) do update set status = excluded.status, method = excluded.method,
      recorded_by_name = excluded.recorded_by_name, note = excluded.note, recorded_at = now(),
      name = case when excluded.name = '' then sms_consents.name else excluded.name end`);
}

/**
 * The SMS queue: each queued text goes out through the provider when its recipient is inside their
 * texting hours and still opted in (checked again at sending); without a provider it is logged as
 * not sent. Called every minute by the job queue and right after a blast.
 */
export async function sendQueuedSms(deps: Deps, now = new Date(), limit = 60): Promise<number> {
  const { db, config } = deps;
  const sms = createSms(config);
  let sent = 0;
  const { rows } = await db.execute<{
    id: string;
    address: string;
    region: string | null;
    body: string;
    communication_id: string;
    source: string;
    subject: string;
    link: string | null;
    language: string | null;
  }>(sql`
    select r.id, r.address, r.region, c.body, r.communication_id, c.source, c.subject, c.link, c.language
    from communication_recipients r
    join communications c on c.id = r.communication_id
    where r.status = 'queued' and c.channel = 'sms' order by r.created_at, r.id limit ${limit}`);
  for (const r of rows) {
    await db.transaction(async (tx) => {
      const { rows: locked } = await tx.execute<{ id: string }>(
        sql`select id from communication_recipients where id = ${r.id} and status = 'queued' for update skip locked`,
      );
      if (!locked[0]) return;
      const { rows: consent } = await tx.execute<{ status: string }>(
        sql`select status from sms_consents where phone = ${r.address}`,
      );
      if (consent[0]?.status !== "opted_in") {
        await tx.execute(sql`update communication_recipients set status = 'no_consent' where id = ${r.id}`);
        return;
      }
      const hours = await withinTextingHours(tx, r.region, config.company.timeZone, now);
      if (!hours.open) {
        await tx.execute(sql`update communication_recipients set error = ${`Waits for ${hours.start}:00 (${hours.zone})`}
          where id = ${r.id}`);
        return;
      }
      // An event's text: its title and where to open it, with the company's name and the opt-out line.
      const body =
        r.source === "automated"
          ? smsText(
              config.company.name,
              notificationWords(r.language ?? "en")("delivery.sms", {
                title: r.subject,
                url: r.link ? `${config.publicUrl}${r.link}` : "",
              }),
            )
          : r.body;
      const result = await sms.send(r.address, body);
      const status = result.status === "not_configured" ? "not_sent_no_provider" : result.status;
      await tx.execute(sql`update communication_recipients set status = ${status}, error = ${result.error ?? null},
        sent_at = ${status === "sent" ? new Date() : null} where id = ${r.id}`);
      if (status === "sent") sent++;
    });
  }
  await db.execute(sql`update communications c set status = 'sent' where c.channel = 'sms' and c.status = 'sending'
    and not exists (select 1 from communication_recipients r where r.communication_id = c.id and r.status = 'queued')`);
  return sent;
}
