import type { StandingDeduction } from "@shared/settlements/settlements.schema";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { standingDeductions } from "../../db/schema";

/**
 * The deductions' queries (decision 025): standing deductions (escrow, leases, advances) and what
 * is left of them, the fuel-card purchases, citations and carried shortfalls a new draft deducts,
 * and the escrow a driver has paid in.
 */

// ---- What a new draft deducts

/** The driver's standing deductions due in the period, each capped by what is left of its total. */
export async function standingDue(tx: Tx, driverId: string, periodEnd: string) {
  const { rows } = await tx.execute<{ id: string; kind: string; description: string; take: string }>(sql`
      select sd.id, sd.kind, sd.description,
        (case when sd.total is null then sd.per_period
              else least(sd.per_period, sd.total - coalesce(t.taken, 0)) end)::numeric(12,2)::text as take
      from standing_deductions sd
      left join lateral (
        select sum(o.amount) as taken from settlement_lines o where o.standing_deduction_id = sd.id and o.live
      ) t on true
      where sd.driver_id = ${driverId} and sd.active and sd.starts_on <= ${periodEnd}::date
        and (sd.total is null or sd.total - coalesce(t.taken, 0) > 0)
      order by sd.created_at`);
  return rows;
}

/** The driver's fuel-card purchases in the period (the company's days) no live line holds. */
export async function fuelCardPurchases(
  tx: Tx,
  driverId: string,
  period: { start: string; end: string },
  timeZone: string,
) {
  const { rows } = await tx.execute<{ id: string; total_amount: string; location: string; day: string }>(sql`
        select f.id, f.total_amount, f.location, (f.fueled_at at time zone ${timeZone})::date::text as day
        from fuel_entries f
        where f.driver_id = ${driverId}
          and f.fueled_at < ((${period.end}::date + 1)::timestamp at time zone ${timeZone})
          and f.fueled_at >= ((${period.start}::date)::timestamp at time zone ${timeZone})
          and not exists (select 1 from settlement_lines sl where sl.fuel_entry_id = f.id and sl.live)
        order by f.fueled_at`);
  return rows;
}

/** The driver's citations the company paid in the period that no live line charges back yet. */
export async function paidCitations(tx: Tx, driverId: string, period: { start: string; end: string }) {
  const { rows } = await tx.execute<{ id: string; amount: string; label: string }>(sql`
        select c.id, t.amount, (c.violation || ' ' || c.citation_number) as label
        from transactions t join citations c on c.id = t.source_id
        where t.source = 'citation' and t.voided_at is null and c.driver_id = ${driverId}
          and t.occurred_on between ${period.start}::date and ${period.end}::date
          and not exists (select 1 from settlement_lines sl where sl.citation_id = c.id and sl.live)`);
  return rows;
}

/**
 * The shortfalls carried from the driver's approved or paid settlements before `periodStart` that
 * no live line has taken, as the amount to deduct (a carry-forward line is a negative deduction).
 */
export async function carriedShortfalls(tx: Tx, driverId: string, periodStart: string) {
  const { rows } = await tx.execute<{ id: string; amount: string; number: string }>(sql`
      select sl.id, (-sl.amount)::numeric(12,2)::text as amount, s.number
      from settlement_lines sl join settlements s on s.id = sl.settlement_id
      where s.driver_id = ${driverId} and s.status in ('approved', 'paid') and sl.kind = 'carry_forward'
        and s.period_end < ${periodStart}::date
        and not exists (select 1 from settlement_lines o where o.carried_from_line_id = sl.id and o.live)`);
  return rows;
}

// ---- Standing deductions

export async function listStandingDeductions(
  tx: Tx,
  query: { driverId?: string; active?: "true" | "false" },
) {
  const where: SQL[] = [sql`true`];
  if (query.driverId) where.push(sql`sd.driver_id = ${query.driverId}`);
  if (query.active) where.push(sql`sd.active = ${query.active === "true"}`);
  const { rows } = await tx.execute<{
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
  return rows;
}

type StandingValues = Omit<typeof standingDeductions.$inferInsert, "id" | "createdBy">;

/** The deduction's id, or undefined when there is none by that id. */
export async function updateStandingDeduction(
  tx: Tx,
  id: string,
  values: StandingValues,
): Promise<string | undefined> {
  const [row] = await tx
    .update(standingDeductions)
    .set(values)
    .where(eq(standingDeductions.id, id))
    .returning({ id: standingDeductions.id });
  return row?.id;
}

export async function insertStandingDeduction(
  tx: Tx,
  values: StandingValues,
  userId: string | null,
): Promise<string> {
  const [row] = await tx
    .insert(standingDeductions)
    .values({ ...values, createdBy: userId })
    .returning({ id: standingDeductions.id });
  return row.id;
}

// ---- Escrow

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

/** Terminated drivers whose escrow the company still holds, with the day (the company's) they left. */
export async function escrowHeld(tx: Tx, timeZone: string) {
  const { rows } = await tx.execute<{
    id: string;
    full_name: string;
    balance: string;
    terminated_on: string;
  }>(sql`
        select d.id, d.full_name, b.balance::numeric(12,2)::text as balance,
          (d.deactivated_at at time zone ${timeZone})::date::text as terminated_on
        from drivers d
        join lateral (
          select sum(case when sl.kind = 'escrow' then sl.amount else -sl.amount end) as balance
          from settlement_lines sl join settlements s on s.id = sl.settlement_id
          where s.driver_id = d.id and sl.live and sl.kind in ('escrow', 'escrow_return')
            and s.status in ('approved', 'paid')
        ) b on true
        where not d.active and d.deactivated_at is not null and b.balance > 0
        order by d.deactivated_at`);
  return rows;
}
