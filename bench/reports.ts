/**
 * Reports and dashboard benchmark (issues 15 and 42): every report over the calendar presets and over
 * custom ranges with partial months at both ends, and the staff dashboard, through their services as
 * the demo manager; each run timed whole and its slowest statement timed on the connection (the raw
 * SQL). See docs/performance.md, "Reports over any period at a million loads".
 *
 *   DATA_DIR=/tmp/lms-bench npx tsx bench/reports.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/reports.ts    # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (10 per scenario, after 2 warm-up runs), BENCH_PERIODS (a comma-separated list
 * of the period names below; all by default), BENCH_ONLY=<regex> for some scenarios, BENCH_EXPLAIN=1
 * to print each scenario's slowest statement.
 *
 * Before/after comparison of the figures (issue 42: results identical): BENCH_DUMP=<file> builds every
 * report once per period and writes the documents (less their `generatedAt`) to the file, timing
 * nothing; BENCH_COMPARE=<file> builds them again and compares each with the file's, listing every
 * scenario whose document differs (exit code 1 if any does).
 */

import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { isDeepStrictEqual } from "node:util";
import { defaultPermissions } from "@shared/access";
import type { ReportId, ReportQuery } from "@shared/reports/reports.schema";
import { addDays, REPORT_IDS } from "@shared/reports/reports.schema";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import type { Actor } from "../src/server/http/context";
import { createLogger } from "../src/server/logger";
import { createDashboardService } from "../src/server/modules/dashboard/dashboard.service";
import { createReportsService } from "../src/server/modules/reports/reports.service";
import { companyDay } from "../src/server/platform/company-day";
import { demoAccountant, measured } from "./statements";

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const DUMP = process.env.BENCH_DUMP;
const COMPARE = process.env.BENCH_COMPARE;

const config = { ...loadConfig(), logLevel: "warn" as const };
const log = createLogger("warn");
const database = await openDatabase(config, log);
const { db, pool } = database;
const deps = { db, pool, config, log } as unknown as Deps;
// The demo manager opens every report (the money ones included) and every dashboard tile: the
// accountant's row with the manager's role and permissions.
const manager: Actor = {
  ...(await demoAccountant(pool)),
  role: "manager",
  email: "manager@demo.test",
  permissions: defaultPermissions("manager"),
};
const reports = createReportsService(deps);
const dashboard = createDashboardService(deps);

// Custom ranges in the last year that has had its 20 November: the Jan 15 – Nov 20 (partial
// months at both ends, ten inner whole months), ten days across a month end, one across a year end,
// and a single day.
const today = companyDay(new Date(), config.company.timeZone);
const year = Number(today.slice(0, 4)) - (today.slice(5) < "11-21" ? 1 : 0);
const custom = (from: string, to: string): ReportQuery => ({ period: "custom", from, to });
const PERIODS: Record<string, ReportQuery> = {
  "this-week": { period: "this-week" },
  "this-month": { period: "this-month" },
  "this-quarter": { period: "this-quarter" },
  "this-year": { period: "this-year" },
  "last-week": { period: "last-week" },
  "last-month": { period: "last-month" },
  "last-quarter": { period: "last-quarter" },
  "last-year": { period: "last-year" },
  "jan15-nov20": custom(`${year}-01-15`, `${year}-11-20`),
  "10-days-over-month-end": custom(`${year}-10-27`, `${year}-11-05`),
  "across-year-end": custom(`${year - 1}-12-20`, `${year}-01-10`),
  "single-day": custom(`${year}-11-18`, `${year}-11-18`),
  "last-30-days": custom(addDays(today, -29), today),
};
const periodNames = process.env.BENCH_PERIODS?.split(",") ?? Object.keys(PERIODS);
for (const name of periodNames) if (!PERIODS[name]) throw new Error(`Unknown period ${name}`);

const { rows: facts } = await pool.query<{ loads: string; year: number; ledger: string }>(
  `select (select reltuples::bigint from pg_class where relname = 'loads')::text as loads,
          (select count(*) from loads where pickup_at >= date_trunc('year', now()))::int as year,
          (select reltuples::bigint from pg_class where relname = 'transactions')::text as ledger`,
);
console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}; ` +
    `~${Number(facts[0].loads).toLocaleString("en-US")} loads (${facts[0].year.toLocaleString("en-US")} this year), ` +
    `~${Number(facts[0].ledger).toLocaleString("en-US")} ledger rows; today ${today}; ${RUNS} runs each after ${WARMUP} warm-up`,
);

const scenarios: Array<{ name: string; run: () => Promise<unknown> }> = [];
for (const name of periodNames)
  for (const id of REPORT_IDS as readonly ReportId[])
    scenarios.push({ name: `${id} · ${name}`, run: () => reports.build(manager, id, PERIODS[name]) });
scenarios.push({ name: "staff dashboard", run: () => dashboard.get(manager) });
const chosen = scenarios.filter((s) => !ONLY || ONLY.test(s.name));

/** A report's document without the instant it was made (the only part that differs between runs). */
const figures = (doc: unknown) => {
  const { generatedAt: _, ...rest } = doc as { generatedAt?: string };
  return rest;
};

if (DUMP || COMPARE) {
  const before: Record<string, unknown> = COMPARE ? JSON.parse(readFileSync(COMPARE, "utf8")) : {};
  const now: Record<string, unknown> = {};
  const differ: string[] = [];
  for (const s of chosen) {
    if (s.name === "staff dashboard") continue;
    now[s.name] = figures(await s.run());
    if (COMPARE && !isDeepStrictEqual(now[s.name], before[s.name])) differ.push(s.name);
  }
  if (DUMP) writeFileSync(DUMP, JSON.stringify(now, null, 1));
  if (COMPARE)
    console.log(
      differ.length
        ? `${differ.length} of ${Object.keys(now).length} reports differ from ${COMPARE}:\n  ${differ.join("\n  ")}`
        : `All ${Object.keys(now).length} reports identical to ${COMPARE}`,
    );
  await database.close();
  process.exit(differ.length ? 1 : 0);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const p95s: number[] = [];
console.log("| Scenario | p50 | p95 | max | statements | slowest statement p50 |");
console.log("|---|---|---|---|---|---|");
for (const s of chosen) {
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
  p95s.push(pct(whole, 95));
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `| ${s.name} | ${f(pct(whole, 50))} | ${f(pct(whole, 95))} | ${f(whole[whole.length - 1])} | ${statements} | ${f(pct(slowest, 50))} |`,
  );
  if (process.env.BENCH_EXPLAIN && slowText)
    console.error(`\n-- ${s.name}: slowest statement\n${slowText.replace(/\s+/g, " ").slice(0, 600)}\n`);
}
console.log(
  `\nWorst p95 ${Math.max(...p95s).toFixed(1)} ms over ${p95s.length} scenarios; load average ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);
await database.close();
