/**
 * Reports and dashboard benchmark (issue 15): every report for "this year" and the staff dashboard,
 * through their services as the demo manager, on a database of a million loads; each run timed whole
 * and its slowest statement timed on the connection (the raw SQL). See docs/performance.md.
 *
 *   DATA_DIR=/tmp/lms-bench npx tsx bench/reports.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/reports.ts    # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (20 per scenario, after 3 warm-up runs), BENCH_PERIOD (this-year),
 * BENCH_ONLY=<regex> for some scenarios, BENCH_EXPLAIN=1 to print the slowest statement's plan.
 */

import os from "node:os";
import { defaultPermissions } from "@shared/access";
import type { PeriodPreset, ReportId } from "@shared/reports/reports.schema";
import { REPORT_IDS } from "@shared/reports/reports.schema";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import type { Actor } from "../src/server/http/context";
import { createLogger } from "../src/server/logger";
import { createDashboardService } from "../src/server/modules/dashboard/dashboard.service";
import { createReportsService } from "../src/server/modules/reports/reports.service";
import { demoAccountant, measured } from "./statements";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;
const PERIOD = (process.env.BENCH_PERIOD ?? "this-year") as PeriodPreset;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

const config = { ...loadConfig(), logLevel: "warn" as const };
const log = createLogger("warn");
const database = await openDatabase(config, log);
const { db, pool } = database;
const deps = { db, pool, config, log } as unknown as Deps;
// The demo manager opens every report and every dashboard tile.
// With the manager's own permissions: the accountant's would be refused the reports only managers open.
const manager: Actor = {
  ...(await demoAccountant(pool)),
  role: "manager",
  email: "manager@demo.test",
  permissions: defaultPermissions("manager"),
};
const reports = createReportsService(deps);
const dashboard = createDashboardService(deps);

const { rows: facts } = await pool.query<{ loads: string; year: number; ledger: string }>(
  `select (select reltuples::bigint from pg_class where relname = 'loads')::text as loads,
          (select count(*) from loads where pickup_at >= date_trunc('year', now()))::int as year,
          (select reltuples::bigint from pg_class where relname = 'transactions')::text as ledger`,
);
console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; ` +
    `~${Number(facts[0].loads).toLocaleString("en-US")} loads (${facts[0].year.toLocaleString("en-US")} this year), ` +
    `~${Number(facts[0].ledger).toLocaleString("en-US")} ledger rows; period ${PERIOD}; ${RUNS} runs each after ${WARMUP} warm-up`,
);

const scenarios: Array<{ name: string; run: () => Promise<unknown> }> = [
  ...REPORT_IDS.map((id: ReportId) => ({
    name: `report ${id}`,
    run: () =>
      reports.build(manager, id, {
        period: id === "ifta" && PERIOD === "this-year" ? "this-quarter" : PERIOD,
      }),
  })),
  { name: "staff dashboard", run: () => dashboard.get(manager) },
];

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
console.log("| Scenario | p50 | p95 | max | statements | slowest statement p50 |");
console.log("|---|---|---|---|---|---|");
for (const s of scenarios) {
  if (ONLY && !ONLY.test(s.name)) continue;
  for (let i = 0; i < WARMUP; i++) await s.run();
  const whole: number[] = [];
  const slowest: number[] = [];
  let statements = 0;
  let slowText = "";
  for (let i = 0; i < RUNS; i++) {
    const m = await measured(s.run);
    whole.push(m.ms);
    const top = m.statements.reduce((a, b) => (b.ms > a.ms ? b : a), { text: "", ms: 0 });
    slowest.push(top.ms);
    slowText = top.text;
    statements = m.statements.length;
  }
  whole.sort((a, b) => a - b);
  slowest.sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `| ${s.name} | ${f(pct(whole, 50))} | ${f(pct(whole, 95))} | ${f(whole[whole.length - 1])} | ${statements} | ${f(pct(slowest, 50))} |`,
  );
  if (process.env.BENCH_EXPLAIN && slowText)
    console.error(`\n-- ${s.name}: slowest statement\n${slowText.slice(0, 1500)}\n`);
}
await database.close();
