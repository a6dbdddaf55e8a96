import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../testing/harness";
import { applyPositionRetention, ensurePartitions, runPositionHousekeeping } from "./retention";

/**
 * Positions by month (issue 40): the nightly job makes the coming months' partitions and lets
 * positions older than the retention setting go — whole months dropped, the rest deleted, in the
 * DEFAULT partition too.
 */
let ctx: TestContext;
const DAY = 86_400_000;
const SUBJECT = "00000000-0000-4000-8000-0000000000aa";

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const insertAt = (at: Date) =>
  ctx.deps.db.execute(sql`
    insert into vehicle_positions (source, subject_id, latitude, longitude, recorded_at)
    values ('phone', ${SUBJECT}::uuid, 41.8, -87.6, ${at.toISOString()}::timestamptz)`);
/** Where each of the subject's rows lives, oldest first. */
const placed = async () =>
  (
    await ctx.deps.db.execute<{ part: string; at: Date | string }>(sql`
      select tableoid::regclass::text as part, recorded_at as at from vehicle_positions
      where subject_id = ${SUBJECT}::uuid order by recorded_at`)
  ).rows.map((r) => ({ part: r.part, at: new Date(r.at).toISOString() }));
const partitionNames = async () =>
  (
    await ctx.deps.db.execute<{ name: string }>(sql`
      select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent where p.relname = 'vehicle_positions' order by 1`)
  ).rows.map((r) => r.name);

describe("position partitions and retention", () => {
  const now = new Date();
  const monthName = (monthsFromNow: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 1));
    return `vehicle_positions_${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  };

  it("makes a missing month's partition, moving its rows out of the DEFAULT partition first", async () => {
    const future = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 5, 10));
    await insertAt(future);
    expect((await placed()).map((p) => p.part)).toEqual(["vehicle_positions_default"]);
    const made = await ensurePartitions(ctx.deps.db, future, 0);
    expect(made).toEqual([monthName(5)]);
    expect(await placed()).toEqual([{ part: monthName(5), at: future.toISOString() }]);
    // Run again: nothing to make.
    expect(await ensurePartitions(ctx.deps.db, future, 0)).toEqual([]);
  });

  it("keeps this month and the next two ready", async () => {
    await runPositionHousekeeping(ctx.deps, now);
    const names = await partitionNames();
    for (const m of [0, 1, 2]) expect(names).toContain(monthName(m));
  });

  it("drops months wholly past the retention and deletes older rows elsewhere, the DEFAULT partition too", async () => {
    const eightMonthsAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 8, 15));
    await insertAt(eightMonthsAgo);
    await ensurePartitions(ctx.deps.db, eightMonthsAgo, 0);
    // 200 days ago: in the DEFAULT partition (or a month not wholly past the cut-off).
    const old = new Date(now.getTime() - 200 * DAY);
    const kept = new Date(now.getTime() - 10 * DAY);
    await insertAt(old);
    await insertAt(kept);
    expect((await placed()).map((p) => p.part)).toContain(monthName(-8));

    const result = await applyPositionRetention(ctx.deps.db, now, 180);
    expect(result.dropped).toContain(monthName(-8));
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    const left = (await placed()).map((p) => p.at);
    expect(left).not.toContain(old.toISOString());
    expect(left).not.toContain(eightMonthsAgo.toISOString());
    expect(left).toContain(kept.toISOString());
    expect(await partitionNames()).not.toContain(monthName(-8));
    const { rows } = await ctx.deps.db.execute<{ n: number }>(sql`
      select count(*)::int as n from vehicle_positions_default
      where recorded_at < ${new Date(now.getTime() - 180 * DAY).toISOString()}::timestamptz`);
    expect(rows[0].n).toBe(0);
  });
});
