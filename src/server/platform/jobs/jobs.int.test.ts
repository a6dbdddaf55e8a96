import { sql } from "drizzle-orm";
import PgBoss10 from "pg-boss-10";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { createTestContext, type TestContext } from "../../testing/harness";
import { startJobs } from "./jobs";

/*
 * An installation that ran pg-boss 10 (schema 24) starts on pg-boss 12, which migrates only from
 * schema 25 on: the queue is upgraded and the job that was waiting still runs (decision 045).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const QUEUE = "upgrade-probe";

async function jobState(id: string) {
  const { rows } = await ctx.deps.db.execute<{ state: string; data: unknown }>(
    sql`select state, data from pgboss.job where id = ${id}`,
  );
  return rows[0];
}

describe("the job queue after the upgrade from pg-boss 10", () => {
  it("keeps a job enqueued by pg-boss 10 and runs it on pg-boss 12", async () => {
    // The old version, as an installation left it: its schema, a queue and a job waiting to run.
    const old = new PgBoss10({
      connectionString: ctx.databaseUrl,
      schema: "pgboss",
      supervise: false,
      schedule: false,
    });
    await old.start();
    await old.createQueue(QUEUE);
    const id = await old.send(QUEUE, { from: "pg-boss 10" });
    await old.stop({ graceful: false, wait: true });
    expect(id).toBeTruthy();
    const before = await ctx.deps.db.execute<{ version: number }>(sql`select version from pgboss.version`);
    expect(Number(before.rows[0].version)).toBe(24);

    const runs: string[] = [];
    const stop = await startJobs(
      ctx.databaseUrl,
      [{ name: QUEUE, cron: "0 0 1 1 *", run: async () => void runs.push(QUEUE) }],
      createLogger("silent"),
    );
    try {
      const after = await ctx.deps.db.execute<{ version: number }>(sql`select version from pgboss.version`);
      expect(Number(after.rows[0].version)).toBeGreaterThanOrEqual(25);
      const aside = await ctx.deps.db.execute(sql`select 1 from pg_namespace where nspname = 'pgboss_v10'`);
      expect(aside.rows).toHaveLength(0);
      // The worker polls every 2 s; generous, as in scale-out.int.test.ts.
      for (
        let waited = 0;
        (await jobState(id as string))?.state !== "completed" && waited < 30_000;
        waited += 250
      )
        await new Promise((r) => setTimeout(r, 250));
      expect(await jobState(id as string)).toEqual({ state: "completed", data: { from: "pg-boss 10" } });
      expect(runs).toEqual([QUEUE]);
    } finally {
      await stop();
    }
    // Started again, nothing is left to upgrade and the queue starts as usual.
    const again = await startJobs(ctx.databaseUrl, [], createLogger("silent"));
    await again();
  }, 60_000);
});
