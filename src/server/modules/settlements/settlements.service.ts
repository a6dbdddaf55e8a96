import { can } from "@shared/access";
import { periodLine } from "@shared/audit/audit-targets";
import { isMaskedTaxId, maskTaxId } from "@shared/drivers/management.schema";
import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import settlementsEn from "@shared/i18n/locales/en/settlements.json";
import {
  addDays,
  CARRY_FORWARD_KIND,
  cents,
  isPeriodOf,
  money,
  type PayPeriod,
  type PeriodRule,
  payPeriodOf,
  settlementFigures,
} from "@shared/settlements/pay";
import {
  type AddLineValues,
  type DriverSettlement,
  ESCROW_RETURN_DAYS,
  type EscrowDue,
  type GenerateInput,
  type GenerateResult,
  type PaySettings,
  type PaySettingsValues,
  RECEIPT_KINDS,
  SETTLEMENT_MESSAGES,
  type Settlement,
  type SettlementLine,
  type SettlementListQuery,
  type SettlementPage,
  type SettlementSummary,
  type StandingDeduction,
  type StandingDeductionValues,
  type UnsettledLoad,
} from "@shared/settlements/settlements.schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  drivers,
  files,
  paySettings,
  settlementLines,
  settlements,
  standingDeductions,
  users,
} from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound, uniqueViolation } from "../../http/errors";
import { chosenFile, readStored } from "../../http/files";
import { iso, likePattern, offsetOf, toPage } from "../../http/pagination";
import { ownDriverId, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { formatDate, formatMoney } from "../../platform/pdf/format";
import { companyDay, postToLedger } from "../accounting/ledger-posting";
import { type LoadLineValues, loadLine } from "./pay-lines";
import { type PdfLanguage, renderSettlementPdf } from "./settlement-pdf";
import {
  eligibleLoads,
  escrowBalance,
  type LineRow,
  linesOf,
  loadsByIds,
  recomputeTotals,
  SUMMARY_COLUMNS,
  type SummaryRow,
  uuidList,
  yearToDateGross,
} from "./settlements.repo";

const DEFAULT_SETTINGS = {
  frequency: "weekly",
  endWeekday: 0,
  percentageBase: "total",
  chargeBackCitations: false,
  deductFuelCard: true,
  payerTin: "",
  updatedAt: null,
} as const satisfies PaySettings;

const ORDER: Record<SettlementListQuery["sort"], SQL> = {
  periodEnd: sql`s.period_end`,
  driver: sql`lower(d.full_name)`,
  net: sql`s.net`,
  status: sql`s.status`,
};

const toSummary = (r: SummaryRow): SettlementSummary => ({
  id: r.id,
  number: r.number,
  driver: { id: r.driver_id, fullName: r.full_name, workerType: r.worker_type },
  periodStart: r.period_start,
  periodEnd: r.period_end,
  status: r.status,
  loadCount: r.load_count,
  earnings: r.earnings,
  additions: r.additions,
  gross: sumTwo(r.earnings, r.additions),
  deductions: r.deductions,
  net: r.net,
  paidOn: r.paid_on,
  missingPay: r.missing_pay,
});

/** A timestamp from a hand-written query (a Date or PostgreSQL's text, depending on the driver's parsers). */
const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const sumTwo = (a: string, b: string) => money(cents(a) + cents(b));

const toLine = (r: LineRow): SettlementLine => ({
  id: r.id,
  section: r.section,
  kind: r.kind,
  description: r.description,
  amount: r.amount,
  load: r.load_id
    ? {
        id: r.load_id,
        loadNumber: r.load_number ?? "",
        pickupCity: r.pickup_city ?? "",
        pickupState: r.pickup_state ?? "",
        deliveryCity: r.delivery_city ?? "",
        deliveryState: r.delivery_state ?? "",
        deliveredAt: isoOf(r.delivered_at),
      }
    : null,
  payType: r.pay_type,
  payRate: r.pay_rate,
  percentageBase: r.percentage_base,
  baseAmount: r.base_amount,
  miles: r.miles,
  fromDriverDefault: r.from_driver_default,
  remainingAfter: r.remaining_after,
  adjustsSettlement: r.adjusts_id ? { id: r.adjusts_id, number: r.adjusts_number ?? "" } : null,
  hasReceipt: !!r.receipt_file_id,
  receiptFileName: r.receipt_file_name,
});

const loadLineRow = (settlementId: string, line: LoadLineValues, userId: string | null) => ({
  settlementId,
  section: "earning" as const,
  kind: "load" as const,
  description: line.description,
  amount: line.amount,
  loadId: line.loadId,
  payType: line.payType,
  payRate: line.payRate,
  percentageBase: line.percentageBase,
  baseAmount: line.baseAmount,
  miles: line.miles,
  fromDriverDefault: line.fromDriverDefault,
  createdBy: userId,
});

/**
 * Driver settlements (decision 025). A settlement moves draft → approved → paid, or to void (an unpaid
 * one, with a reason). Only a draft changes; the database refuses any change to an approved or paid
 * one's amounts and lines (trigger, SQLSTATE LMS01), and a load, fuel purchase, citation or carried
 * amount sits on one live line only (partial unique indexes).
 */
export function createSettlementsService({ db, config, mailer, log, storage }: Deps) {
  const today = () => companyDay(new Date(), config.company.timeZone);

  async function readSettings(tx: Tx): Promise<PaySettings> {
    const [row] = await tx.select().from(paySettings).where(eq(paySettings.id, 1));
    if (!row) return { ...DEFAULT_SETTINGS };
    return {
      frequency: row.frequency,
      endWeekday: row.endWeekday,
      percentageBase: row.percentageBase,
      chargeBackCitations: row.chargeBackCitations,
      deductFuelCard: row.deductFuelCard,
      payerTin: row.payerTin,
      updatedAt: iso(row.updatedAt),
    };
  }
  const ruleOf = (s: PaySettings): PeriodRule => ({ frequency: s.frequency, endWeekday: s.endWeekday });

  /** The settlement locked for a change; 404 when missing, 409 unless it is a draft. */
  async function lockDraft(tx: Tx, id: string) {
    const [row] = await tx.select().from(settlements).where(eq(settlements.id, id)).for("update");
    if (!row) throw notFound("The settlement");
    if (row.status !== "draft") throw conflict(SETTLEMENT_MESSAGES.locked, "SETTLEMENT_LOCKED");
    return row;
  }

  /** Deletes a file's row in the transaction; its bytes go once the transaction commits. */
  async function dropFile(tx: Tx, fileId: string): Promise<string | null> {
    const [old] = await tx.delete(files).where(eq(files.id, fileId)).returning({ key: files.storageKey });
    return old?.key ?? null;
  }

  async function lockAny(tx: Tx, id: string) {
    const [row] = await tx.select().from(settlements).where(eq(settlements.id, id)).for("update");
    if (!row) throw notFound("The settlement");
    return row;
  }

  /**
   * The lines a new draft starts with beyond its loads: standing deductions due (each capped by what
   * is left of its total), owner-operators' fuel-card purchases, charged-back citations, and the
   * shortfall carried from the driver's last settlement.
   */
  async function openingLines(
    tx: Tx,
    settlementId: string,
    driver: { id: string; workerType: string },
    period: PayPeriod,
    settings: PaySettings,
    userId: string | null,
  ) {
    const standing = await tx.execute<{ id: string; kind: string; description: string; take: string }>(sql`
      select sd.id, sd.kind, sd.description,
        (case when sd.total is null then sd.per_period
              else least(sd.per_period, sd.total - coalesce(t.taken, 0)) end)::numeric(12,2)::text as take
      from standing_deductions sd
      left join lateral (
        select sum(o.amount) as taken from settlement_lines o where o.standing_deduction_id = sd.id and o.live
      ) t on true
      where sd.driver_id = ${driver.id} and sd.active and sd.starts_on <= ${period.end}::date
        and (sd.total is null or sd.total - coalesce(t.taken, 0) > 0)
      order by sd.created_at`);
    const rows: Array<typeof settlementLines.$inferInsert> = standing.rows.map((s, i) => ({
      settlementId,
      section: "deduction" as const,
      kind: s.kind as (typeof settlementLines.$inferInsert)["kind"],
      description: s.description,
      amount: s.take,
      standingDeductionId: s.id,
      position: 100 + i,
      createdBy: userId,
    }));
    if (settings.deductFuelCard && driver.workerType === "contractor") {
      const fuel = await tx.execute<{ id: string; total_amount: string; location: string; day: string }>(sql`
        select f.id, f.total_amount, f.location, (f.fueled_at at time zone ${config.company.timeZone})::date::text as day
        from fuel_entries f
        where f.driver_id = ${driver.id}
          and f.fueled_at < ((${period.end}::date + 1)::timestamp at time zone ${config.company.timeZone})
          and f.fueled_at >= ((${period.start}::date)::timestamp at time zone ${config.company.timeZone})
          and not exists (select 1 from settlement_lines sl where sl.fuel_entry_id = f.id and sl.live)
        order by f.fueled_at`);
      fuel.rows.forEach((f, i) => {
        rows.push({
          settlementId,
          section: "deduction",
          kind: "fuel_card",
          description: `${f.day} ${f.location}`.slice(0, 200),
          amount: f.total_amount,
          fuelEntryId: f.id,
          position: 200 + i,
          createdBy: userId,
        });
      });
    }
    if (settings.chargeBackCitations) {
      const paid = await tx.execute<{ id: string; amount: string; label: string }>(sql`
        select c.id, t.amount, (c.violation || ' ' || c.citation_number) as label
        from transactions t join citations c on c.id = t.source_id
        where t.source = 'citation' and t.voided_at is null and c.driver_id = ${driver.id}
          and t.occurred_on between ${period.start}::date and ${period.end}::date
          and not exists (select 1 from settlement_lines sl where sl.citation_id = c.id and sl.live)`);
      paid.rows.forEach((c, i) => {
        rows.push({
          settlementId,
          section: "deduction",
          kind: "citation",
          description: c.label.trim().slice(0, 200),
          amount: c.amount,
          citationId: c.id,
          position: 300 + i,
          createdBy: userId,
        });
      });
    }
    // The carry-forward line is a negative deduction: the next settlement deducts its opposite.
    const carried = await tx.execute<{ id: string; amount: string; number: string }>(sql`
      select sl.id, (-sl.amount)::numeric(12,2)::text as amount, s.number
      from settlement_lines sl join settlements s on s.id = sl.settlement_id
      where s.driver_id = ${driver.id} and s.status in ('approved', 'paid') and sl.kind = 'carry_forward'
        and s.period_end < ${period.start}::date
        and not exists (select 1 from settlement_lines o where o.carried_from_line_id = sl.id and o.live)`);
    carried.rows.forEach((c, i) => {
      rows.push({
        settlementId,
        section: "deduction",
        kind: "carried_over",
        description: c.number,
        amount: c.amount,
        carriedFromLineId: c.id,
        position: i,
        createdBy: userId,
      });
    });
    if (rows.length) await tx.insert(settlementLines).values(rows);
  }

  async function summaryOf(tx: Tx, id: string, extra?: SQL): Promise<SummaryRow | undefined> {
    const { rows } = await tx.execute<SummaryRow>(sql`
      select ${SUMMARY_COLUMNS} from settlements s join drivers d on d.id = s.driver_id
      where s.id = ${id} ${extra ? sql`and ${extra}` : sql``}`);
    return rows[0];
  }

  async function detail(tx: Tx, row: SummaryRow): Promise<Settlement> {
    const [full] = await tx
      .select({ s: settlements, approvedByName: users.name })
      .from(settlements)
      .leftJoin(users, eq(users.id, settlements.approvedBy))
      .where(eq(settlements.id, row.id));
    const [payer] = full.s.paidBy
      ? await tx.select({ name: users.name }).from(users).where(eq(users.id, full.s.paidBy))
      : [];
    const lines = await linesOf(tx, row.id, row.period_end);
    const counts = row.status === "approved" || row.status === "paid" || row.status === "draft";
    const through = row.paid_on ?? row.period_end;
    const ytd = await yearToDateGross(tx, row.driver_id, through);
    const summary = toSummary(row);
    return {
      ...summary,
      lines: lines.map(toLine),
      payMethod: full.s.payMethod,
      payReference: full.s.payReference,
      voidReason: full.s.voidReason,
      notes: full.s.notes,
      approvedAt: iso(full.s.approvedAt),
      approvedByName: full.approvedByName,
      paidByName: payer?.name ?? null,
      escrowBalance: await escrowBalance(tx, row.driver_id, row.period_end, counts ? row.id : null),
      // Year to date: paid settlements this year through this one; an unpaid one adds its own gross.
      yearToDateGross: row.status === "paid" ? ytd : sumTwo(ytd, summary.gross),
      carriedForward: money(
        -lines.filter((l) => l.kind === CARRY_FORWARD_KIND).reduce((sum, l) => sum + cents(l.amount), 0n),
      ),
      createdAt: iso(full.s.createdAt) ?? "",
    };
  }

  /** One settlement as `actor` may see it: a driver only their own approved or paid ones (else 404). */
  async function visible(tx: Tx, actor: Actor, id: string): Promise<SummaryRow> {
    const scope = scopeOf(actor);
    const extra =
      scope.kind === "staff"
        ? undefined
        : scope.kind === "driver" && scope.driverId
          ? sql`s.driver_id = ${scope.driverId} and s.status in ('approved', 'paid')`
          : sql`false`;
    const row = await summaryOf(tx, id, extra);
    if (!row) throw notFound("The settlement");
    return row;
  }

  async function audit(
    tx: Tx,
    actor: Actor,
    action: "settlement.approved" | "settlement.paid" | "settlement.voided" | "settlement.changed",
    row: { id: string; number: string },
    details: Record<string, unknown> = {},
  ) {
    await recordAudit(tx, actor, {
      action,
      targetType: "settlement",
      targetId: row.id,
      targetLabel: row.number,
      details,
    });
  }

  async function mailingOf(driverId: string) {
    const [d] = await db
      .select({
        email: drivers.email,
        mailingStreet: drivers.mailingStreet,
        mailingCity: drivers.mailingCity,
        mailingState: drivers.mailingState,
        mailingPostalCode: drivers.mailingPostalCode,
      })
      .from(drivers)
      .where(eq(drivers.id, driverId));
    return d ?? { email: null, mailingStreet: "", mailingCity: "", mailingState: "", mailingPostalCode: "" };
  }

  /**
   * The paid statement to the driver's email, through the mail service (SMTP or the stored outbox).
   * The payment stands whether or not the mail goes out; a failure is logged (the outbox shows it).
   * English until a user's language is stored (settings issue).
   */
  async function mailStatement(settlement: Settlement) {
    if (!mailer) return; // the demo seed pays without mailing anyone
    const driver = await mailingOf(settlement.driver.id);
    if (!driver.email) return;
    const lang: PdfLanguage = "en";
    const pdf = await renderSettlementPdf({ settlement, driver, company: config.company, lang });
    const words = {
      number: settlement.number,
      company: config.company.name,
      name: settlement.driver.fullName,
      period: `${formatDate(settlement.periodStart)} – ${formatDate(settlement.periodEnd)}`,
      date: formatDate(settlement.paidOn),
      amount: formatMoney(settlement.net),
    };
    const fill = (text: string) =>
      text.replace(/\{\{(\w+)\}\}/g, (_, k: keyof typeof words) => words[k] ?? "");
    const mail = await mailer.send({
      to: driver.email,
      subject: fill(settlementsEn.pdf.mailSubject),
      text: fill(settlementsEn.pdf.mailBody),
      replyTo: config.company.email,
      attachments: [{ filename: pdf.fileName, contentType: "application/pdf", content: pdf.bytes }],
    });
    if (mail.status === "failed")
      log.warn("settlement statement not mailed", { settlementId: settlement.id });
  }

  return {
    get timeZone() {
      return config.company.timeZone;
    },
    readSettings: () => readSettings(db),

    async settings(actor: Actor): Promise<PaySettings> {
      const s = await readSettings(db);
      return can(actor, "drivers:taxId") ? s : { ...s, payerTin: maskTaxId(s.payerTin) ?? "" };
    },

    async updateSettings(actor: Actor, input: PaySettingsValues): Promise<PaySettings> {
      await db.transaction(async (tx) => {
        const current = await readSettings(tx);
        // A masked EIN sent back unchanged keeps the stored one.
        const payerTin = isMaskedTaxId(input.payerTin) ? current.payerTin : input.payerTin;
        const values = {
          frequency: input.frequency,
          endWeekday: input.endWeekday,
          percentageBase: input.percentageBase,
          chargeBackCitations: input.chargeBackCitations,
          deductFuelCard: input.deductFuelCard,
          payerTin,
          updatedBy: actor.userId,
          updatedAt: new Date(),
        };
        await tx
          .insert(paySettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: paySettings.id, set: values });
        await recordAudit(tx, actor, {
          action: "pay_settings.updated",
          targetType: "pay_settings",
          targetLabel: input.frequency,
          details: { kind: input.frequency, changed: payerTin !== current.payerTin ? ["payerTin"] : [] },
        });
      });
      return this.settings(actor);
    },

    async list(query: SettlementListQuery): Promise<SettlementPage> {
      const where: SQL[] = [sql`true`];
      if (query.status) where.push(sql`s.status = ${query.status}`);
      else where.push(sql`s.status <> 'void'`);
      if (query.driverId) where.push(sql`s.driver_id = ${query.driverId}`);
      if (query.from) where.push(sql`s.period_end >= ${query.from}::date`);
      if (query.to) where.push(sql`s.period_end <= ${query.to}::date`);
      if (query.q) where.push(sql`(s.number || ' ' || d.full_name) ilike ${likePattern(query.q)}`);
      const condition = sql.join(where, sql` and `);
      const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
      const settings = await readSettings(db);
      const month = today().slice(0, 7);
      const [{ rows }, { rows: counted }, { rows: totals }] = await Promise.all([
        db.execute<SummaryRow>(sql`
          select ${SUMMARY_COLUMNS} from settlements s join drivers d on d.id = s.driver_id
          where ${condition}
          order by ${ORDER[query.sort]} ${dir}, s.period_end desc, lower(d.full_name), s.id
          limit ${query.pageSize} offset ${offsetOf(query)}`),
        db.execute<{ n: number }>(sql`
          select count(*)::int as n from settlements s join drivers d on d.id = s.driver_id where ${condition}`),
        db.execute<{ draft: number; approved: number; approved_net: string; paid_month: string }>(sql`
          select count(*) filter (where status = 'draft')::int as draft,
            count(*) filter (where status = 'approved')::int as approved,
            coalesce(sum(net) filter (where status = 'approved'), 0)::numeric(12,2)::text as approved_net,
            coalesce(sum(net) filter (where status = 'paid' and paid_on >= ${`${month}-01`}::date), 0)::numeric(12,2)::text as paid_month
          from settlements where status in ('draft', 'approved') or (status = 'paid' and paid_on >= ${`${month}-01`}::date)`),
      ]);
      return {
        ...toPage(rows.map(toSummary), counted[0]?.n ?? 0, query),
        totals: {
          draft: totals[0]?.draft ?? 0,
          approved: totals[0]?.approved ?? 0,
          approvedNet: totals[0]?.approved_net ?? "0.00",
          paidThisMonth: totals[0]?.paid_month ?? "0.00",
        },
        currentPeriod: payPeriodOf(today(), ruleOf(settings)),
      };
    },

    async get(actor: Actor, id: string): Promise<Settlement> {
      return detail(db, await visible(db, actor, id));
    },

    /**
     * Drafts for every driver with completed loads in the period that no settlement holds, or a
     * shortfall carried from an earlier settlement. A driver's draft for the period gains loads
     * completed since; an approved or paid one is left alone. Running it twice adds nothing.
     */
    async generate(actor: Actor, input: GenerateInput): Promise<GenerateResult> {
      const settings = await readSettings(db);
      const period = { start: input.periodStart, end: input.periodEnd };
      if (!isPeriodOf(period, ruleOf(settings))) {
        throw badRequest(SETTLEMENT_MESSAGES.periodInvalid, {
          fields: { periodStart: SETTLEMENT_MESSAGES.periodInvalid },
        });
      }
      return db.transaction(async (tx) => {
        // One generation per period at a time: a second click waits and then finds everything done.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settlements:generate'))`);
        const loads = await eligibleLoads(tx, period, config.company.timeZone);
        const { rows: carrying } = await tx.execute<{ driver_id: string }>(sql`
          select distinct s.driver_id from settlement_lines sl join settlements s on s.id = sl.settlement_id
          where s.status in ('approved', 'paid') and sl.kind = 'carry_forward' and s.period_end < ${period.start}::date
            and not exists (select 1 from settlement_lines o where o.carried_from_line_id = sl.id and o.live)`);
        const driverIds = [
          ...new Set([...loads.map((l) => l.driverId), ...carrying.map((c) => c.driver_id)]),
        ];
        if (!driverIds.length) return { created: 0, updated: 0, unchanged: 0 };
        const { rows: existing } = await tx.execute<{ id: string; driver_id: string; status: string }>(sql`
          select id, driver_id, status from settlements
          where period_start = ${period.start}::date and status <> 'void' and driver_id in (${uuidList(driverIds)})`);
        const byDriver = new Map(existing.map((e) => [e.driver_id, e]));
        const { rows: people } = await tx.execute<{ id: string; worker_type: string }>(sql`
          select id, worker_type from drivers where id in (${uuidList(driverIds)})`);
        const workerType = new Map(people.map((p) => [p.id, p.worker_type]));
        const toCreate = driverIds.filter((d) => !byDriver.has(d));
        const created = toCreate.length
          ? await tx
              .insert(settlements)
              .values(
                toCreate.map((driverId) => ({
                  number: sql`'ST-' || nextval('settlement_number_seq')`,
                  driverId,
                  periodStart: period.start,
                  periodEnd: period.end,
                  createdBy: actor.userId,
                })),
              )
              .returning({ id: settlements.id, driverId: settlements.driverId })
          : [];
        const target = new Map<string, string>(created.map((c) => [c.driverId, c.id]));
        let updated = 0;
        let unchanged = 0;
        for (const [driverId, e] of byDriver) {
          if (e.status !== "draft") {
            unchanged += 1;
            continue;
          }
          if (loads.some((l) => l.driverId === driverId)) {
            target.set(driverId, e.id);
            updated += 1;
          } else unchanged += 1;
        }
        const lineRows = loads
          .filter((l) => target.has(l.driverId))
          .map((l) =>
            loadLineRow(target.get(l.driverId) as string, loadLine(l, settings.percentageBase), actor.userId),
          );
        if (lineRows.length) await tx.insert(settlementLines).values(lineRows);
        for (const c of created) {
          await openingLines(
            tx,
            c.id,
            { id: c.driverId, workerType: workerType.get(c.driverId) ?? "company" },
            period,
            settings,
            actor.userId,
          );
        }
        await recomputeTotals(tx, [...target.values()]);
        await recordAudit(tx, actor, {
          action: "settlement.generated",
          targetType: "settlement",
          targetLabel: periodLine(period.start, period.end),
          details: { from: period.start, to: period.end, imported: created.length, replaced: updated },
        });
        return { created: created.length, updated, unchanged };
      });
    },

    async addLoad(actor: Actor, id: string, loadId: string): Promise<Settlement> {
      try {
        await db.transaction(async (tx) => {
          const s = await lockDraft(tx, id);
          const settings = await readSettings(tx);
          const [load] = (await loadsByIds(tx, [loadId])).filter((l) => l.driverId === s.driverId);
          const { rows: status } = await tx.execute<{ status: string }>(
            sql`select status from loads where id = ${loadId}`,
          );
          if (!load || status[0]?.status !== "completed") {
            throw badRequest(SETTLEMENT_MESSAGES.loadNotEligible, {
              fields: { loadId: SETTLEMENT_MESSAGES.loadNotEligible },
            });
          }
          await tx
            .insert(settlementLines)
            .values(loadLineRow(id, loadLine(load, settings.percentageBase), actor.userId));
          await recomputeTotals(tx, [id]);
          await audit(tx, actor, "settlement.changed", s, { loadNumber: load.loadNumber });
        });
      } catch (err) {
        if (uniqueViolation(err) === "settlement_lines_live_load")
          throw conflict(SETTLEMENT_MESSAGES.loadSettled, "LOAD_ALREADY_SETTLED");
        throw err;
      }
      return this.get(actor, id);
    },

    async addLine(actor: Actor, id: string, input: AddLineValues, receiptFileId: string | null = null) {
      await db.transaction(async (tx) => {
        const s = await lockDraft(tx, id);
        if (input.adjustsSettlementId) {
          const [original] = await tx
            .select({
              driverId: settlements.driverId,
              status: settlements.status,
              periodEnd: settlements.periodEnd,
            })
            .from(settlements)
            .where(eq(settlements.id, input.adjustsSettlementId));
          if (
            !original ||
            original.driverId !== s.driverId ||
            (original.status !== "approved" && original.status !== "paid") ||
            original.periodEnd >= s.periodStart
          ) {
            throw badRequest(SETTLEMENT_MESSAGES.adjustsOwn, {
              fields: { adjustsSettlementId: SETTLEMENT_MESSAGES.adjustsOwn },
            });
          }
        }
        if (input.section === "deduction" && !input.allowCarryForward) {
          // A deduction the settlement cannot take in full (a typo of 100,000 for 1,000 looks just
          // like this) is carried to the next settlement only when someone confirms it.
          const current = await tx
            .select({
              section: settlementLines.section,
              kind: settlementLines.kind,
              amount: settlementLines.amount,
            })
            .from(settlementLines)
            .where(eq(settlementLines.settlementId, id));
          const before = settlementFigures(current);
          const after = settlementFigures([
            ...current,
            { section: "deduction", kind: input.kind, amount: input.amount },
          ]);
          if (cents(after.carriedForward) > cents(before.carriedForward)) {
            throw conflict(SETTLEMENT_MESSAGES.carryForward, "CARRY_FORWARD_UNCONFIRMED", {
              gross: before.gross,
              net: before.net,
              carriedForward: after.carriedForward,
            });
          }
        }
        await tx.insert(settlementLines).values({
          settlementId: id,
          section: input.section,
          kind: input.kind,
          description: input.description,
          amount: input.amount,
          adjustsSettlementId: input.adjustsSettlementId,
          receiptFileId,
          position: 500,
          createdBy: actor.userId,
        });
        await recomputeTotals(tx, [id]);
        await audit(tx, actor, "settlement.changed", s, { kind: input.kind, amount: input.amount });
      });
      return this.get(actor, id);
    },

    async removeLine(actor: Actor, id: string, lineId: string): Promise<Settlement> {
      const oldKey = await db.transaction(async (tx) => {
        const s = await lockDraft(tx, id);
        const [line] = await tx
          .select()
          .from(settlementLines)
          .where(and(eq(settlementLines.id, lineId), eq(settlementLines.settlementId, id)));
        if (!line) throw notFound("The line");
        if (line.kind === "carry_forward") throw conflict(SETTLEMENT_MESSAGES.systemLine, "SYSTEM_LINE");
        await tx.delete(settlementLines).where(eq(settlementLines.id, lineId));
        await recomputeTotals(tx, [id]);
        await audit(tx, actor, "settlement.changed", s, { kind: line.kind, amount: line.amount });
        return line.receiptFileId ? dropFile(tx, line.receiptFileId) : null;
      });
      if (oldKey) await storage.remove(oldKey);
      return this.get(actor, id);
    },

    /**
     * Attaches the driver's receipt (a PDF or photo, checked by its content) to a reimbursement on a
     * draft; a new one replaces the old. Approved lines are frozen, receipts included.
     */
    async attachReceipt(actor: Actor, id: string, lineId: string, upload: unknown): Promise<Settlement> {
      const file = chosenFile(upload);
      if (!file) {
        throw badRequest(SETTLEMENT_MESSAGES.receiptRequired, {
          fields: { receipt: SETTLEMENT_MESSAGES.receiptRequired },
        });
      }
      const oldKey = await db.transaction(async (tx) => {
        const s = await lockDraft(tx, id);
        const [line] = await tx
          .select({ kind: settlementLines.kind, receiptFileId: settlementLines.receiptFileId })
          .from(settlementLines)
          .where(and(eq(settlementLines.id, lineId), eq(settlementLines.settlementId, id)));
        if (!line) throw notFound("The line");
        if (!RECEIPT_KINDS.includes(line.kind)) {
          throw badRequest(SETTLEMENT_MESSAGES.receiptKindOnly, {
            fields: { receipt: SETTLEMENT_MESSAGES.receiptKindOnly },
          });
        }
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: RECEIPT_MAX_BYTES, allowedTypes: RECEIPT_TYPES },
          actor.userId,
        );
        await tx
          .update(settlementLines)
          .set({ receiptFileId: stored.id })
          .where(eq(settlementLines.id, lineId));
        await audit(tx, actor, "settlement.changed", s, { kind: line.kind, receipt: stored.fileName });
        return line.receiptFileId ? dropFile(tx, line.receiptFileId) : null;
      });
      if (oldKey) await storage.remove(oldKey);
      return this.get(actor, id);
    },

    /** A line's receipt, for whoever may read the settlement (a driver their own approved ones). */
    async receipt(actor: Actor, id: string, lineId: string) {
      await visible(db, actor, id);
      const [row] = await db
        .select({ fileName: files.fileName, contentType: files.contentType, storageKey: files.storageKey })
        .from(settlementLines)
        .innerJoin(files, eq(files.id, settlementLines.receiptFileId))
        .where(and(eq(settlementLines.id, lineId), eq(settlementLines.settlementId, id)));
      if (!row) throw notFound("The receipt");
      return {
        bytes: await readStored(storage, row.storageKey, "The receipt's content"),
        fileName: row.fileName,
        contentType: row.contentType,
      };
    },

    /** Recomputes a draft's load lines from the loads and driver as they are now (after fixing a rate). */
    async refresh(actor: Actor, id: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        await lockDraft(tx, id);
        const settings = await readSettings(tx);
        const lines = await tx
          .select({ id: settlementLines.id, loadId: settlementLines.loadId })
          .from(settlementLines)
          .where(and(eq(settlementLines.settlementId, id), eq(settlementLines.kind, "load")));
        const loads = new Map(
          (
            await loadsByIds(
              tx,
              lines.flatMap((l) => (l.loadId ? [l.loadId] : [])),
            )
          ).map((l) => [l.id, l]),
        );
        for (const line of lines) {
          const load = line.loadId ? loads.get(line.loadId) : undefined;
          if (!load) continue;
          const v = loadLine(load, settings.percentageBase);
          await tx
            .update(settlementLines)
            .set({
              description: v.description,
              amount: v.amount,
              payType: v.payType,
              payRate: v.payRate,
              percentageBase: v.percentageBase,
              baseAmount: v.baseAmount,
              miles: v.miles,
              fromDriverDefault: v.fromDriverDefault,
            })
            .where(eq(settlementLines.id, line.id));
        }
        await recomputeTotals(tx, [id]);
      });
      return this.get(actor, id);
    },

    async setNotes(actor: Actor, id: string, notes: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        await lockDraft(tx, id);
        await tx.update(settlements).set({ notes }).where(eq(settlements.id, id));
      });
      return this.get(actor, id);
    },

    async approve(actor: Actor, id: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        const s = await lockAny(tx, id);
        if (s.status !== "draft") throw conflict(SETTLEMENT_MESSAGES.notDraft, "SETTLEMENT_LOCKED");
        if (s.missingPay > 0)
          throw conflict(SETTLEMENT_MESSAGES.missingPay, "MISSING_PAY", { count: s.missingPay });
        await tx
          .update(settlements)
          .set({
            status: "approved",
            approvedAt: new Date(),
            approvedBy: actor.userId,
            updatedAt: new Date(),
          })
          .where(eq(settlements.id, id));
        await audit(tx, actor, "settlement.approved", s, { amount: s.net });
      });
      return this.get(actor, id);
    },

    /** Pays an approved settlement: once (409 twice), with the ledger's driver-pay expense in the same transaction. */
    async pay(
      actor: Actor,
      id: string,
      input: { paidOn: string; method: Settlement["payMethod"] & string; reference: string },
    ): Promise<Settlement> {
      await db.transaction(async (tx) => {
        const s = await lockAny(tx, id);
        if (s.status === "paid") throw conflict(SETTLEMENT_MESSAGES.alreadyPaid, "SETTLEMENT_ALREADY_PAID");
        if (s.status !== "approved")
          throw conflict(SETTLEMENT_MESSAGES.notApproved, "SETTLEMENT_NOT_APPROVED");
        await tx
          .update(settlements)
          .set({
            status: "paid",
            paidOn: input.paidOn,
            payMethod: input.method,
            payReference: input.reference,
            paidAt: new Date(),
            paidBy: actor.userId,
            updatedAt: new Date(),
          })
          .where(eq(settlements.id, id));
        const [driver] = await tx
          .select({ fullName: drivers.fullName })
          .from(drivers)
          .where(eq(drivers.id, s.driverId));
        await postToLedger(tx, {
          source: "settlement",
          sourceId: id,
          occurredOn: input.paidOn,
          direction: "expense",
          category: "driver_pay",
          amount: s.net,
          counterparty: driver?.fullName ?? "",
          paymentMethod: input.method,
          reference: input.reference || s.number,
          notes: `${s.number} ${s.periodStart} – ${s.periodEnd}`,
          driverId: s.driverId,
          userId: actor.userId,
        });
        await audit(tx, actor, "settlement.paid", s, {
          amount: s.net,
          paidOn: input.paidOn,
          method: input.method,
        });
      });
      const paid = await this.get(actor, id);
      await mailStatement(paid);
      return paid;
    },

    /** The settlement statement as a PDF in `lang` (whoever may read the settlement may download it). */
    async pdf(actor: Actor, id: string, lang: PdfLanguage) {
      const settlement = await this.get(actor, id);
      return renderSettlementPdf({
        settlement,
        driver: await mailingOf(settlement.driver.id),
        company: config.company,
        lang,
      });
    },

    async void(actor: Actor, id: string, reason: string): Promise<Settlement> {
      await db.transaction(async (tx) => {
        const s = await lockAny(tx, id);
        if (s.status === "paid")
          throw conflict(SETTLEMENT_MESSAGES.paidCannotVoid, "SETTLEMENT_ALREADY_PAID");
        if (s.status === "void") throw conflict(SETTLEMENT_MESSAGES.locked, "SETTLEMENT_LOCKED");
        await tx
          .update(settlements)
          .set({
            status: "void",
            voidReason: reason,
            voidedAt: new Date(),
            voidedBy: actor.userId,
            updatedAt: new Date(),
          })
          .where(eq(settlements.id, id));
        // Frees the loads, fuel purchases, citations and carried amounts for another settlement.
        await tx.update(settlementLines).set({ live: false }).where(eq(settlementLines.settlementId, id));
        await audit(tx, actor, "settlement.voided", s, { reason });
      });
      return this.get(actor, id);
    },

    /** The driver's completed loads no live settlement holds, to add to a draft by hand. */
    async unsettledLoads(id: string): Promise<UnsettledLoad[]> {
      const [s] = await db.select().from(settlements).where(eq(settlements.id, id));
      if (!s) throw notFound("The settlement");
      const { rows } = await db.execute<{
        id: string;
        load_number: string;
        delivered_at: Date | string | null;
        pickup_city: string;
        delivery_city: string;
      }>(sql`
        select l.id, l.load_number, l.delivered_at, l.pickup_city, l.delivery_city
        from loads l
        where l.driver_id = ${s.driverId} and l.status = 'completed'
          and not exists (select 1 from settlement_lines sl where sl.load_id = l.id and sl.live)
        order by l.delivered_at desc nulls last limit 100`);
      return rows.map((r) => ({
        id: r.id,
        loadNumber: r.load_number,
        deliveredAt: isoOf(r.delivered_at),
        pickupCity: r.pickup_city,
        deliveryCity: r.delivery_city,
      }));
    },

    /** Earlier approved or paid settlements of the same driver, which an adjustment may correct. */
    async adjustable(id: string): Promise<Array<{ id: string; number: string; periodEnd: string }>> {
      const [s] = await db.select().from(settlements).where(eq(settlements.id, id));
      if (!s) throw notFound("The settlement");
      const { rows } = await db.execute<{ id: string; number: string; period_end: string }>(sql`
        select id, number, period_end::text from settlements
        where driver_id = ${s.driverId} and status in ('approved', 'paid') and period_end < ${s.periodStart}::date
        order by period_end desc limit 52`);
      return rows.map((r) => ({ id: r.id, number: r.number, periodEnd: r.period_end }));
    },

    /** A driver's own approved and paid settlements (their dashboard). */
    async mine(actor: Actor): Promise<DriverSettlement[]> {
      const driverId = ownDriverId(actor);
      if (!driverId) return [];
      const { rows } = await db.execute<SummaryRow>(sql`
        select ${SUMMARY_COLUMNS} from settlements s join drivers d on d.id = s.driver_id
        where s.driver_id = ${driverId} and s.status in ('approved', 'paid')
        order by s.period_end desc limit 26`);
      return rows.map((r) => {
        const s = toSummary(r);
        return {
          id: s.id,
          number: s.number,
          periodStart: s.periodStart,
          periodEnd: s.periodEnd,
          status: s.status,
          gross: s.gross,
          deductions: s.deductions,
          net: s.net,
          paidOn: s.paidOn,
        };
      });
    },

    // ---- Standing deductions

    async deductions(query: { driverId?: string; active?: "true" | "false" }): Promise<StandingDeduction[]> {
      const where: SQL[] = [sql`true`];
      if (query.driverId) where.push(sql`sd.driver_id = ${query.driverId}`);
      if (query.active) where.push(sql`sd.active = ${query.active === "true"}`);
      const { rows } = await db.execute<{
        id: string;
        driver_id: string;
        full_name: string;
        kind: StandingDeduction["kind"];
        description: string;
        per_period: string;
        total: string | null;
        taken: string;
        source: string;
        starts_on: string;
        active: boolean;
      }>(sql`
        select sd.id, sd.driver_id, d.full_name, sd.kind, sd.description, sd.per_period, sd.total,
          coalesce((select sum(o.amount) from settlement_lines o where o.standing_deduction_id = sd.id and o.live), 0)::numeric(12,2)::text as taken,
          sd.source, sd.starts_on::text, sd.active
        from standing_deductions sd join drivers d on d.id = sd.driver_id
        where ${sql.join(where, sql` and `)}
        order by sd.active desc, lower(d.full_name), sd.created_at
        limit 500`);
      return rows.map((r) => ({
        id: r.id,
        driverId: r.driver_id,
        driverName: r.full_name,
        kind: r.kind,
        description: r.description,
        perPeriod: r.per_period,
        total: r.total,
        taken: r.taken,
        remaining: r.total === null ? null : money(cents(r.total) - cents(r.taken)),
        source: r.source,
        startsOn: r.starts_on,
        active: r.active,
      }));
    },

    async saveDeduction(actor: Actor, id: string | null, input: StandingDeductionValues) {
      return db.transaction(async (tx) => {
        const values = {
          driverId: input.driverId,
          kind: input.kind,
          description: input.description,
          perPeriod: input.perPeriod,
          total: input.total,
          source: input.source,
          startsOn: input.startsOn,
          active: input.active,
          updatedAt: new Date(),
        };
        let savedId = id;
        if (id) {
          const [row] = await tx
            .update(standingDeductions)
            .set(values)
            .where(eq(standingDeductions.id, id))
            .returning({ id: standingDeductions.id });
          if (!row) throw notFound("The deduction");
        } else {
          const [row] = await tx
            .insert(standingDeductions)
            .values({ ...values, createdBy: actor.userId })
            .returning({ id: standingDeductions.id });
          savedId = row.id;
        }
        await recordAudit(tx, actor, {
          action: id ? "standing_deduction.updated" : "standing_deduction.created",
          targetType: "standing_deduction",
          targetId: savedId ?? undefined,
          targetLabel: input.kind,
          details: {
            kind: input.kind,
            amount: input.perPeriod,
            total: input.total,
            driverId: input.driverId,
          },
        });
        return { id: savedId as string };
      });
    },

    /** Terminated drivers whose escrow the company still holds, with the day it is due back (45 days). */
    async escrowDue(): Promise<EscrowDue[]> {
      const { rows } = await db.execute<{
        id: string;
        full_name: string;
        balance: string;
        terminated_on: string;
      }>(sql`
        select d.id, d.full_name, b.balance::numeric(12,2)::text as balance,
          (d.deactivated_at at time zone ${config.company.timeZone})::date::text as terminated_on
        from drivers d
        join lateral (
          select sum(case when sl.kind = 'escrow' then sl.amount else -sl.amount end) as balance
          from settlement_lines sl join settlements s on s.id = sl.settlement_id
          where s.driver_id = d.id and sl.live and sl.kind in ('escrow', 'escrow_return')
            and s.status in ('approved', 'paid')
        ) b on true
        where not d.active and d.deactivated_at is not null and b.balance > 0
        order by d.deactivated_at`);
      const day = today();
      return rows.map((r) => {
        const dueBy = addDays(r.terminated_on, ESCROW_RETURN_DAYS);
        return {
          driverId: r.id,
          driverName: r.full_name,
          balance: r.balance,
          terminatedOn: r.terminated_on,
          dueBy,
          overdue: dueBy < day,
        };
      });
    },
  };
}

export type SettlementsService = ReturnType<typeof createSettlementsService>;
