import type { PayType } from "@shared/loads/loads.schema";
import type { MilesSource } from "@shared/loads/miles.constants";
import { cents, money, type PercentageBase, settlementFigures } from "@shared/settlements/pay";
import type {
  LineSection,
  SettlementLineKind,
  SettlementListQuery,
  SettlementStatus,
  WorkerType,
} from "@shared/settlements/settlements.schema";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { drivers, files, paySettings, settlementLines, settlements, users } from "../../db/schema";
import { likePattern, offsetOf } from "../../http/pagination";
import { ownedBy, type Scope } from "../../http/scope";
import { dayAfter, dayStart } from "../../platform/company-day";
import type { LoadForPay } from "./pay-lines";

/**
 * The settlements' queries (decision 025): the pay settings, the settlements and their lines, the
 * loads a period makes eligible, the totals kept from the lines and the carry-forward rule. The
 * standing deductions and the other deductions a draft opens with are in `deductions.repo.ts`.
 */

export type SettlementRow = typeof settlements.$inferSelect;
export type NewLine = typeof settlementLines.$inferInsert;
export type PaySettingsRow = typeof paySettings.$inferSelect;

// ---- Pay settings (one row, id 1)

export async function paySettingsRow(tx: Tx): Promise<PaySettingsRow | undefined> {
  const [row] = await tx.select().from(paySettings).where(eq(paySettings.id, 1));
  return row;
}

export async function savePaySettings(tx: Tx, values: Omit<typeof paySettings.$inferInsert, "id">) {
  await tx
    .insert(paySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: paySettings.id, set: values });
}

type LoadRow = {
  id: string;
  driver_id: string;
  load_number: string;
  base_rate: string;
  fuel_surcharge: string | null;
  total_rate: string;
  loaded_miles: string | null;
  pay_type: PayType | null;
  pay_rate: string | null;
  pay_from_driver_default: boolean;
  default_pay_type: PayType | null;
  default_pay_rate: string | null;
};

const toLoadForPay = (r: LoadRow): LoadForPay & { driverId: string } => ({
  id: r.id,
  driverId: r.driver_id,
  loadNumber: r.load_number,
  baseRate: r.base_rate,
  fuelSurcharge: r.fuel_surcharge,
  totalRate: r.total_rate,
  loadedMiles: r.loaded_miles === null ? null : Number(r.loaded_miles),
  payType: r.pay_type,
  payRate: r.pay_rate,
  payFromDriverDefault: r.pay_from_driver_default,
  driverDefaultPayType: r.default_pay_type,
  driverDefaultPayRate: r.default_pay_rate,
});

const LOAD_COLUMNS = sql`l.id, l.driver_id, l.load_number, l.base_rate, l.fuel_surcharge, l.total_rate,
  l.loaded_miles, l.pay_type, l.pay_rate, l.pay_from_driver_default, d.default_pay_type, d.default_pay_rate`;

/** Completed loads delivered in the period (the company's days) that no live settlement line holds. */
export async function eligibleLoads(
  tx: Tx,
  period: { start: string; end: string },
  timeZone: string,
  driverId?: string,
) {
  const { rows } = await tx.execute<LoadRow>(sql`
    select ${LOAD_COLUMNS}
    from loads l join drivers d on d.id = l.driver_id
    where l.status = 'completed'
      and l.delivered_at >= ${dayStart(period.start, timeZone)} and l.delivered_at < ${dayAfter(period.end, timeZone)}
      ${driverId ? sql`and l.driver_id = ${driverId}` : sql``}
      and not exists (select 1 from settlement_lines sl where sl.load_id = l.id and sl.live)
    order by l.delivered_at, l.load_number`);
  return rows.map(toLoadForPay);
}

/** The loads of these settlement lines as they are now (a draft's refresh recomputes from them). */
export async function loadsByIds(tx: Tx, ids: string[]) {
  if (!ids.length) return [];
  const { rows } = await tx.execute<LoadRow>(sql`
    select ${LOAD_COLUMNS}
    from loads l join drivers d on d.id = l.driver_id
    where l.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  return rows.map(toLoadForPay);
}

export const uuidList = (ids: string[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Keeps the totals of these draft settlements from their lines with `settlementFigures` (decision
 * 025, `@shared/settlements/pay`): deductions above gross are carried to the next period by a
 * `carry_forward` line — a negative deduction, so the section still sums to what is deducted, and
 * never an addition: gross stays what the driver earned. Sums of rounded lines, in cents.
 */
export async function recomputeTotals(tx: Tx, settlementIds: string[]): Promise<void> {
  if (!settlementIds.length) return;
  const ids = uuidList(settlementIds);
  await tx.execute(
    sql`delete from settlement_lines where kind = 'carry_forward' and settlement_id in (${ids})`,
  );
  const { rows } = await tx.execute<{
    settlement_id: string;
    section: LineSection;
    kind: SettlementLineKind;
    amount: string;
    has_load: boolean;
    missing_pay: boolean;
  }>(sql`
    select settlement_id, section, kind, amount::text as amount, load_id is not null as has_load,
      (kind = 'load' and pay_type is null) as missing_pay
    from settlement_lines where settlement_id in (${ids})`);
  const bySettlement = new Map<string, typeof rows>(settlementIds.map((id) => [id, []]));
  for (const r of rows) bySettlement.get(r.settlement_id)?.push(r);
  const totals = [...bySettlement].map(([id, lines]) => ({
    id,
    figures: settlementFigures(lines),
    loads: lines.filter((l) => l.has_load).length,
    missing: lines.filter((l) => l.missing_pay).length,
  }));
  const carried = totals.filter((t) => cents(t.figures.carriedForward) > 0n);
  if (carried.length) {
    await tx.execute(sql`
      insert into settlement_lines (settlement_id, section, kind, description, amount, position)
      values ${sql.join(
        carried.map(
          (t) =>
            sql`(${t.id}::uuid, 'deduction', 'carry_forward', '', ${money(-cents(t.figures.carriedForward))}::numeric, 1000000)`,
        ),
        sql`, `,
      )}`);
  }
  await tx.execute(sql`
    update settlements s set
      earnings = t.earnings, additions = t.additions, deductions = t.deductions, net = t.net,
      load_count = t.loads, missing_pay = t.missing, updated_at = now()
    from (values ${sql.join(
      totals.map(
        (t) =>
          sql`(${t.id}::uuid, ${t.figures.earnings}::numeric, ${t.figures.additions}::numeric,
            ${t.figures.deductions}::numeric, ${t.figures.net}::numeric, ${t.loads}::int, ${t.missing}::int)`,
      ),
      sql`, `,
    )}) as t(id, earnings, additions, deductions, net, loads, missing)
    where s.id = t.id`);
}

export type LineRow = {
  id: string;
  settlement_id: string;
  section: LineSection;
  kind: SettlementLineKind;
  description: string;
  amount: string;
  load_id: string | null;
  load_number: string | null;
  pickup_city: string | null;
  pickup_state: string | null;
  delivery_city: string | null;
  delivery_state: string | null;
  delivered_at: Date | string | null;
  miles_source: MilesSource | null;
  pay_type: PayType | null;
  pay_rate: string | null;
  percentage_base: PercentageBase | null;
  base_amount: string | null;
  miles: string | null;
  /** The load's miles now, when a per-mile line was computed on other miles. */
  miles_now: string | null;
  from_driver_default: boolean;
  standing_deduction_id: string | null;
  remaining_after: string | null;
  adjusts_id: string | null;
  adjusts_number: string | null;
  receipt_file_id: string | null;
  receipt_file_name: string | null;
};

/** A settlement's lines in reading order, with each standing deduction's balance after the line. */
export async function linesOf(tx: Tx, settlementId: string, periodEnd: string): Promise<LineRow[]> {
  const { rows } = await tx.execute<LineRow>(sql`
    select sl.id, sl.settlement_id, sl.section, sl.kind, sl.description, sl.amount, sl.load_id,
      l.load_number, l.pickup_city, l.pickup_state, l.delivery_city, l.delivery_state, l.delivered_at,
      l.miles_source, sl.pay_type, sl.pay_rate, sl.percentage_base, sl.base_amount, sl.miles, sl.from_driver_default,
      case when sl.pay_type = 'per_mile' and sl.miles is distinct from coalesce(l.loaded_miles, 0)
        then coalesce(l.loaded_miles, 0)::numeric(10,1)::text end as miles_now,
      sl.standing_deduction_id,
      case when sd.total is not null then sd.total - (
        select coalesce(sum(o.amount), 0) from settlement_lines o join settlements os on os.id = o.settlement_id
        where o.standing_deduction_id = sd.id and o.live and os.period_end <= ${periodEnd}::date
      ) end as remaining_after,
      a.id as adjusts_id, a.number as adjusts_number, sl.receipt_file_id, f.file_name as receipt_file_name
    from settlement_lines sl
    left join files f on f.id = sl.receipt_file_id
    left join loads l on l.id = sl.load_id
    left join standing_deductions sd on sd.id = sl.standing_deduction_id
    left join settlements a on a.id = sl.adjusts_settlement_id
    where sl.settlement_id = ${settlementId}
    order by case sl.section when 'earning' then 0 when 'addition' then 1 else 2 end, sl.position,
      l.delivered_at nulls last, sl.created_at, sl.id`);
  return rows;
}

/** Gross paid to the driver in `year` through `through` (a paid day), plus `plus` (an unpaid settlement's). */
export async function yearToDateGross(tx: Tx, driverId: string, through: string): Promise<string> {
  const { rows } = await tx.execute<{ gross: string }>(sql`
    select coalesce(sum(earnings + additions), 0)::numeric(12,2)::text as gross
    from settlements
    where driver_id = ${driverId} and status = 'paid'
      and paid_on >= date_trunc('year', ${through}::date)::date and paid_on <= ${through}::date`);
  return rows[0]?.gross ?? "0.00";
}

export type SummaryRow = {
  id: string;
  number: string;
  driver_id: string;
  full_name: string;
  worker_type: WorkerType;
  period_start: string;
  period_end: string;
  status: SettlementStatus;
  load_count: number;
  earnings: string;
  additions: string;
  deductions: string;
  net: string;
  paid_on: string | null;
  missing_pay: number;
};

export const SUMMARY_COLUMNS = sql`s.id, s.number, s.driver_id, d.full_name, d.worker_type,
  s.period_start::text, s.period_end::text, s.status, s.load_count, s.earnings, s.additions, s.deductions,
  s.net, s.paid_on::text, s.missing_pay`;

// ---- Reading settlements

/**
 * The settlements `scope` reaches (`http/scope.ts`): staff every one; a driver their own, and only
 * once approved — a draft is still the office's work; anyone else none.
 */
export function reachable(scope: Scope): SQL | undefined {
  const owner = ownedBy(scope, { driver: sql`s.driver_id` });
  return owner && sql`${owner} and s.status in ('approved', 'paid')`;
}

/** One settlement's summary, if `scope` reaches it. */
export async function findSummary(tx: Tx, id: string, scope: Scope): Promise<SummaryRow | undefined> {
  const extra = reachable(scope);
  const { rows } = await tx.execute<SummaryRow>(sql`
      select ${SUMMARY_COLUMNS} from settlements s join drivers d on d.id = s.driver_id
      where s.id = ${id} ${extra ? sql`and ${extra}` : sql``}`);
  return rows[0];
}

/** A driver's own approved and paid settlements, newest first (their dashboard). */
export async function driverSummaries(tx: Tx, driverId: string): Promise<SummaryRow[]> {
  const { rows } = await tx.execute<SummaryRow>(sql`
        select ${SUMMARY_COLUMNS} from settlements s join drivers d on d.id = s.driver_id
        where s.driver_id = ${driverId} and s.status in ('approved', 'paid')
        order by s.period_end desc limit 26`);
  return rows;
}

/** The rest of a settlement's detail: its row, and who approved and paid it. */
export async function settlementWithPeople(tx: Tx, id: string) {
  const [full] = await tx
    .select({ s: settlements, approvedByName: users.name })
    .from(settlements)
    .leftJoin(users, eq(users.id, settlements.approvedBy))
    .where(eq(settlements.id, id));
  const [payer] = full.s.paidBy
    ? await tx.select({ name: users.name }).from(users).where(eq(users.id, full.s.paidBy))
    : [];
  return { row: full.s, approvedByName: full.approvedByName, paidByName: payer?.name ?? null };
}

const LIST_ORDER: Record<SettlementListQuery["sort"], SQL> = {
  periodEnd: sql`s.period_end`,
  driver: sql`lower(d.full_name)`,
  net: sql`s.net`,
  status: sql`s.status`,
};

/** A page of the list, its count, and the totals over every settlement (this month's paid from `monthStart`). */
export async function listSettlements(tx: Tx, query: SettlementListQuery, monthStart: string) {
  const where: SQL[] = [sql`true`];
  if (query.status) where.push(sql`s.status = ${query.status}`);
  else where.push(sql`s.status <> 'void'`);
  if (query.driverId) where.push(sql`s.driver_id = ${query.driverId}`);
  if (query.from) where.push(sql`s.period_end >= ${query.from}::date`);
  if (query.to) where.push(sql`s.period_end <= ${query.to}::date`);
  if (query.q) where.push(sql`(s.number || ' ' || d.full_name) ilike ${likePattern(query.q)}`);
  const condition = sql.join(where, sql` and `);
  const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
  const [{ rows }, { rows: counted }, { rows: totals }] = await Promise.all([
    tx.execute<SummaryRow>(sql`
          select ${SUMMARY_COLUMNS} from settlements s join drivers d on d.id = s.driver_id
          where ${condition}
          order by ${LIST_ORDER[query.sort]} ${dir}, s.period_end desc, lower(d.full_name), s.id
          limit ${query.pageSize} offset ${offsetOf(query)}`),
    tx.execute<{ n: number }>(sql`
          select count(*)::int as n from settlements s join drivers d on d.id = s.driver_id where ${condition}`),
    tx.execute<{ draft: number; approved: number; approved_net: string; paid_month: string }>(sql`
          select count(*) filter (where status = 'draft')::int as draft,
            count(*) filter (where status = 'approved')::int as approved,
            coalesce(sum(net) filter (where status = 'approved'), 0)::numeric(12,2)::text as approved_net,
            coalesce(sum(net) filter (where status = 'paid' and paid_on >= ${monthStart}::date), 0)::numeric(12,2)::text as paid_month
          from settlements where status in ('draft', 'approved') or (status = 'paid' and paid_on >= ${monthStart}::date)`),
  ]);
  return {
    rows,
    total: counted[0]?.n ?? 0,
    totals: {
      draft: totals[0]?.draft ?? 0,
      approved: totals[0]?.approved ?? 0,
      approvedNet: totals[0]?.approved_net ?? "0.00",
      paidThisMonth: totals[0]?.paid_month ?? "0.00",
    },
  };
}

/** Earlier approved or paid settlements of the driver, which an adjustment may correct. */
export async function settledBefore(tx: Tx, driverId: string, before: string) {
  const { rows } = await tx.execute<{ id: string; number: string; period_end: string }>(sql`
        select id, number, period_end::text from settlements
        where driver_id = ${driverId} and status in ('approved', 'paid') and period_end < ${before}::date
        order by period_end desc limit 52`);
  return rows.map((r) => ({ id: r.id, number: r.number, periodEnd: r.period_end }));
}

// ---- Writing settlements

export async function findSettlement(tx: Tx, id: string): Promise<SettlementRow | undefined> {
  const [row] = await tx.select().from(settlements).where(eq(settlements.id, id));
  return row;
}

/** The settlement locked for the rest of the transaction. */
export async function lockSettlement(tx: Tx, id: string): Promise<SettlementRow | undefined> {
  const [row] = await tx.select().from(settlements).where(eq(settlements.id, id)).for("update");
  return row;
}

export async function updateSettlement(tx: Tx, id: string, patch: Partial<typeof settlements.$inferInsert>) {
  await tx.update(settlements).set(patch).where(eq(settlements.id, id));
}

/** One generation at a time: a second click waits and then finds everything done. */
export async function lockGeneration(tx: Tx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settlements:generate'))`);
}

/** Drivers with a shortfall carried from an approved or paid settlement before `periodStart` not yet taken. */
export async function driversCarrying(tx: Tx, periodStart: string): Promise<string[]> {
  const { rows } = await tx.execute<{ driver_id: string }>(sql`
          select distinct s.driver_id from settlement_lines sl join settlements s on s.id = sl.settlement_id
          where s.status in ('approved', 'paid') and sl.kind = 'carry_forward' and s.period_end < ${periodStart}::date
            and not exists (select 1 from settlement_lines o where o.carried_from_line_id = sl.id and o.live)`);
  return rows.map((r) => r.driver_id);
}

/** The live (not void) settlements of these drivers for the period starting `periodStart`. */
export async function liveSettlementsOf(tx: Tx, periodStart: string, driverIds: string[]) {
  const { rows } = await tx.execute<{ id: string; driver_id: string; status: string }>(sql`
          select id, driver_id, status from settlements
          where period_start = ${periodStart}::date and status <> 'void' and driver_id in (${uuidList(driverIds)})`);
  return rows;
}

export async function workerTypesOf(tx: Tx, driverIds: string[]): Promise<Map<string, string>> {
  const { rows } = await tx.execute<{ id: string; worker_type: string }>(sql`
          select id, worker_type from drivers where id in (${uuidList(driverIds)})`);
  return new Map(rows.map((p) => [p.id, p.worker_type]));
}

/** New drafts for these drivers, numbered ST-<n>. */
export async function insertDrafts(
  tx: Tx,
  driverIds: string[],
  period: { start: string; end: string },
  userId: string | null,
) {
  if (!driverIds.length) return [];
  return tx
    .insert(settlements)
    .values(
      driverIds.map((driverId) => ({
        number: sql`'ST-' || nextval('settlement_number_seq')`,
        driverId,
        periodStart: period.start,
        periodEnd: period.end,
        createdBy: userId,
      })),
    )
    .returning({ id: settlements.id, driverId: settlements.driverId });
}

// ---- Lines

export async function insertLines(tx: Tx, rows: NewLine[]) {
  if (rows.length) await tx.insert(settlementLines).values(rows);
}

export async function findLine(tx: Tx, settlementId: string, lineId: string) {
  const [line] = await tx
    .select()
    .from(settlementLines)
    .where(and(eq(settlementLines.id, lineId), eq(settlementLines.settlementId, settlementId)));
  return line;
}

export async function updateLine(tx: Tx, lineId: string, patch: Partial<NewLine>) {
  await tx.update(settlementLines).set(patch).where(eq(settlementLines.id, lineId));
}

export async function deleteLine(tx: Tx, lineId: string) {
  await tx.delete(settlementLines).where(eq(settlementLines.id, lineId));
}

/** What `settlementFigures` needs of a settlement's lines. */
export async function lineAmounts(tx: Tx, settlementId: string) {
  return tx
    .select({ section: settlementLines.section, kind: settlementLines.kind, amount: settlementLines.amount })
    .from(settlementLines)
    .where(eq(settlementLines.settlementId, settlementId));
}

export async function loadLinesOf(tx: Tx, settlementId: string) {
  return tx
    .select({ id: settlementLines.id, loadId: settlementLines.loadId })
    .from(settlementLines)
    .where(and(eq(settlementLines.settlementId, settlementId), eq(settlementLines.kind, "load")));
}

/** Takes a void settlement's lines out of play: its loads, fuel, citations and carried amounts are free again. */
export async function retireLines(tx: Tx, settlementId: string) {
  await tx.update(settlementLines).set({ live: false }).where(eq(settlementLines.settlementId, settlementId));
}

/** Deletes a file's row in the transaction; its storage key, for removing the bytes once it commits. */
export async function deleteFile(tx: Tx, fileId: string): Promise<string | null> {
  const [old] = await tx.delete(files).where(eq(files.id, fileId)).returning({ key: files.storageKey });
  return old?.key ?? null;
}

export async function receiptOf(tx: Tx, settlementId: string, lineId: string) {
  const [row] = await tx
    .select({ fileName: files.fileName, contentType: files.contentType, storageKey: files.storageKey })
    .from(settlementLines)
    .innerJoin(files, eq(files.id, settlementLines.receiptFileId))
    .where(and(eq(settlementLines.id, lineId), eq(settlementLines.settlementId, settlementId)));
  return row;
}

// ---- Loads and drivers

export async function loadStatusOf(tx: Tx, loadId: string): Promise<string | undefined> {
  const { rows } = await tx.execute<{ status: string }>(sql`select status from loads where id = ${loadId}`);
  return rows[0]?.status;
}

/** The driver's completed loads no live settlement holds, newest first. */
export async function unsettledLoadsOf(tx: Tx, driverId: string) {
  const { rows } = await tx.execute<{
    id: string;
    load_number: string;
    delivered_at: Date | string | null;
    pickup_city: string;
    delivery_city: string;
  }>(sql`
        select l.id, l.load_number, l.delivered_at, l.pickup_city, l.delivery_city
        from loads l
        where l.driver_id = ${driverId} and l.status = 'completed'
          and not exists (select 1 from settlement_lines sl where sl.load_id = l.id and sl.live)
        order by l.delivered_at desc nulls last limit 100`);
  return rows;
}

export async function driverNameOf(tx: Tx, driverId: string): Promise<string> {
  const [driver] = await tx
    .select({ fullName: drivers.fullName })
    .from(drivers)
    .where(eq(drivers.id, driverId));
  return driver?.fullName ?? "";
}

/** Where the statement goes: the driver's email and mailing address (blank when the driver is gone). */
export async function mailingOf(tx: Tx, driverId: string) {
  const [d] = await tx
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

/** The sign-in account of a settlement's driver, if they have one (who hears it was paid). */
export async function driverUserId(tx: Tx, driverId: string): Promise<string | null> {
  const [row] = await tx.select({ userId: drivers.userId }).from(drivers).where(eq(drivers.id, driverId));
  return row?.userId ?? null;
}
