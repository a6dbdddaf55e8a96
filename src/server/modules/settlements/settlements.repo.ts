import type { PayType } from "@shared/loads/loads.schema";
import { cents, money, type PercentageBase, settlementFigures } from "@shared/settlements/pay";
import type {
  LineSection,
  SettlementLineKind,
  SettlementStatus,
  WorkerType,
} from "@shared/settlements/settlements.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { dayAfter, dayStart } from "../../platform/company-day";
import type { LoadForPay } from "./pay-lines";

/**
 * The settlements' hand-written queries (decision 025): the loads a period makes eligible, the
 * totals kept from the lines, the carry-forward rule, and the running balances.
 */

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
  pay_type: PayType | null;
  pay_rate: string | null;
  percentage_base: PercentageBase | null;
  base_amount: string | null;
  miles: string | null;
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
      sl.pay_type, sl.pay_rate, sl.percentage_base, sl.base_amount, sl.miles, sl.from_driver_default,
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

/**
 * The driver's escrow held after the settlements through `periodEnd` that count (approved and
 * paid, plus `includeId` — the settlement being read): escrow deductions minus escrow returns.
 */
export async function escrowBalance(
  tx: Tx,
  driverId: string,
  periodEnd: string,
  includeId: string | null,
): Promise<string> {
  const { rows } = await tx.execute<{ balance: string }>(sql`
    select coalesce(sum(case when sl.kind = 'escrow' then sl.amount else -sl.amount end), 0)::numeric(12,2)::text as balance
    from settlement_lines sl join settlements s on s.id = sl.settlement_id
    where s.driver_id = ${driverId} and sl.live and sl.kind in ('escrow', 'escrow_return')
      and s.period_end <= ${periodEnd}::date
      and (s.status in ('approved', 'paid') ${includeId ? sql`or s.id = ${includeId}` : sql``})`);
  return rows[0]?.balance ?? "0.00";
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
