import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { Deps } from "../../deps";
import { readGeoSettings } from "../../platform/geo/geo-settings";

/**
 * `vehicle_positions` by month (migration 0043): the nightly job keeps the coming months' partitions
 * ready and lets positions go after the retention setting (default 180 days).
 */

const PARTITION = /^vehicle_positions_(\d{4})(\d{2})$/;
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));
const nameOf = (start: Date) =>
  `vehicle_positions_${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, "0")}`;

/** The monthly partitions that exist, with their range. */
async function partitions(tx: Tx) {
  const { rows } = await tx.execute<{ name: string }>(sql`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    join pg_class p on p.oid = i.inhparent
    where p.relname = 'vehicle_positions'`);
  return rows.flatMap(({ name }) => {
    const m = PARTITION.exec(name);
    if (!m) return [];
    const from = monthStart(Number(m[1]), Number(m[2]) - 1);
    return [{ name, from, to: monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1) }];
  });
}

/**
 * Creates the partitions of this month and the next `monthsAhead`. Rows already in the DEFAULT
 * partition for such a month (written while it was missing) move into it first — PostgreSQL refuses
 * to attach a range the default partition still holds rows of.
 */
export async function ensurePartitions(tx: Tx, now: Date, monthsAhead = 2): Promise<string[]> {
  const existing = new Set((await partitions(tx)).map((p) => p.name));
  const made: string[] = [];
  for (let i = 0; i <= monthsAhead; i++) {
    const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i);
    const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = nameOf(from);
    if (existing.has(name)) continue;
    const table = sql.identifier(name);
    const range = sql`for values from (${sql.raw(`'${from.toISOString()}'`)}) to (${sql.raw(`'${to.toISOString()}'`)})`;
    await tx.transaction(async (t) => {
      await t.execute(
        sql`create table ${table} (like vehicle_positions including defaults including constraints)`,
      );
      await t.execute(sql`
        with moved as (
          delete from vehicle_positions_default
          where recorded_at >= ${from.toISOString()}::timestamptz and recorded_at < ${to.toISOString()}::timestamptz
          returning *
        )
        insert into ${table} select * from moved`);
      await t.execute(sql`alter table vehicle_positions attach partition ${table} ${range}`);
    });
    made.push(name);
  }
  return made;
}

/**
 * Positions older than the retention go: whole months are dropped, then the rest older than the
 * cut-off is deleted (the boundary month, and the DEFAULT partition). Returns what went.
 */
export async function applyPositionRetention(
  tx: Tx,
  now: Date,
  retentionDays: number,
): Promise<{ dropped: string[]; deleted: number }> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const dropped: string[] = [];
  for (const p of await partitions(tx)) {
    if (p.to.getTime() > cutoff.getTime()) continue;
    await tx.execute(sql`drop table ${sql.identifier(p.name)}`);
    dropped.push(p.name);
  }
  const { rowCount } = await tx.execute(
    sql`delete from vehicle_positions where recorded_at < ${cutoff.toISOString()}::timestamptz`,
  );
  return { dropped, deleted: rowCount ?? 0 };
}

/** The nightly job's positions part: partitions for the next two months, then retention. */
export async function runPositionHousekeeping(deps: Deps, now = new Date()) {
  const settings = await readGeoSettings(deps.db, deps.config.authSecret);
  const made = await ensurePartitions(deps.db, now);
  const retention = await applyPositionRetention(deps.db, now, settings.positionRetentionDays);
  return { made, ...retention };
}
