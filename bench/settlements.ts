/**
 * Settlements benchmark (issue 13): generating one week's drafts for every driver with loads — the
 * bulk data set's ~300 drivers — through the service, timed whole and statement by statement, on a
 * database of a million loads. Each run's drafts are removed afterwards (drafts only), so every run
 * does the same work. See docs/performance.md.
 *
 *   DATA_DIR=/tmp/lms-bench npx tsx bench/settlements.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/settlements.ts    # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (5), BENCH_WEEKS_AGO (8: a whole past week), BENCH_EXPLAIN=1 to print the
 * eligible-loads query's plan.
 */

import os from "node:os";
import { addDays, payPeriodOf } from "@shared/settlements/pay";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import { createLogger } from "../src/server/logger";
import { companyDay } from "../src/server/modules/accounting/ledger-posting";
import { createGenerationService } from "../src/server/modules/settlements/generation.service";
import { createPayRulesService } from "../src/server/modules/settlements/pay-rules.service";
import { demoAccountant, measured } from "./statements";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WEEKS_AGO = Number(process.env.BENCH_WEEKS_AGO ?? 8);

const config = { ...loadConfig(), logLevel: "warn" as const };
const log = createLogger("warn");
const database = await openDatabase(config, log);
const { db, pool } = database;

const actor = await demoAccountant(pool);
const service = createGenerationService({ db, config, log } as unknown as Deps);
const settings = await createPayRulesService({ db }).readSettings();
const today = companyDay(new Date(), config.company.timeZone);
const rule = { frequency: settings.frequency, endWeekday: settings.endWeekday };
const period = payPeriodOf(addDays(today, -7 * WEEKS_AGO), rule);

const { rows: facts } = await pool.query<{ loads: string; drivers: number; week: number }>(
  `select (select reltuples::bigint from pg_class where relname = 'loads')::text as loads,
          (select count(*) from drivers)::int as drivers,
          (select count(*) from loads where status = 'completed'
             and delivered_at >= ($1::date::timestamp at time zone $3) and delivered_at < (($2::date + 1)::timestamp at time zone $3))::int as week`,
  [period.start, period.end, config.company.timeZone],
);

/** Drafts of the period go (only drafts: an approved settlement stays), so the next run does it all again. */
async function removeDrafts() {
  await db.execute(sql`
    delete from settlement_lines where settlement_id in (
      select id from settlements where period_start = ${period.start}::date and status = 'draft')`);
  await db.execute(
    sql`delete from settlements where period_start = ${period.start}::date and status = 'draft'`,
  );
}

if (process.env.BENCH_EXPLAIN) {
  const { rows } = await pool.query(
    `explain (analyze, buffers) select l.id from loads l join drivers d on d.id = l.driver_id
     where l.status = 'completed' and l.delivered_at >= ($1::date::timestamp at time zone $3)
       and l.delivered_at < (($2::date + 1)::timestamp at time zone $3)
       and not exists (select 1 from settlement_lines sl where sl.load_id = l.id and sl.live)`,
    [period.start, period.end, config.company.timeZone],
  );
  console.error(rows.map((r) => r["QUERY PLAN"]).join("\n"));
}

await removeDrafts();
const runs: Array<{ ms: number; sqlMs: number; statements: number; created: number; slowest: string }> = [];
for (let i = 0; i < RUNS; i++) {
  const { result, ms, statements } = await measured(() =>
    service.generate(actor, { periodStart: period.start, periodEnd: period.end }),
  );
  const sqlMs = statements.reduce((s, q) => s + q.ms, 0);
  const slowest = [...statements].sort((a, b) => b.ms - a.ms)[0];
  runs.push({
    ms,
    sqlMs,
    statements: statements.length,
    created: result.created,
    slowest: `${slowest.ms.toFixed(1)} ms: ${slowest.text.replace(/\s+/g, " ").slice(0, 90)}`,
  });
  await removeDrafts();
}

const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  JSON.stringify(
    {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      loads: facts[0].loads,
      drivers: facts[0].drivers,
      period,
      completedLoadsInPeriod: facts[0].week,
      medianMs: Math.round(median),
      runs: runs.map((r) => ({
        ms: Math.round(r.ms),
        sqlMs: Math.round(r.sqlMs),
        statements: r.statements,
        created: r.created,
        slowest: r.slowest,
      })),
    },
    null,
    2,
  ),
);
await database.close();
