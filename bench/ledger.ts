/**
 * Ledger search at a million loads (issue 42): the ledger list service (`GET /api/ledger?q=…`) for
 * typical terms, alone and with a source or date filter, next to its own SQL (the statements the
 * service ran, as timed by the `pg` client, summed) and next to the query it ran before (one OR over
 * the joined truck, driver and load names, counted and summed over every match). Each scenario's
 * answer is compared with the one before: the same page (ids, in order) and, when exact, the same
 * count and sums.
 *
 *   DATA_DIR=/tmp/lms-1m npx tsx bench/ledger.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/ledger.ts # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (20, after 3 warm-up runs), BENCH_BEFORE_RUNS (how often the query before is
 * timed: 1 by default, since it takes tens of seconds at a million loads; 0 skips it), BENCH_ONLY (a
 * scenario's name fragment), BENCH_ANSWERS=<file> (every scenario's whole answer as JSON, to compare
 * two builds on the same data: `diff` the files).
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import type { LedgerListQuery } from "@shared/accounting/ledger.schema";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import { likePattern } from "../src/server/http/pagination";
import { createLogger } from "../src/server/logger";
import { createLedgerService } from "../src/server/modules/accounting/ledger.service";
import { measured } from "./statements";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;
const BEFORE_RUNS = Number(process.env.BENCH_BEFORE_RUNS ?? 1);

const config = { ...loadConfig(), logLevel: "warn" as const };
const database = await openDatabase(config, createLogger("warn"));
const { db, pool } = database;
const ledger = createLedgerService({ db } as unknown as Deps);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

// Terms from the data itself: a truck, a driver, a load number, a payee seen on the ledger.
const { rows: picked } = await pool.query<{ unit: string; driver: string; load: string; year: number }>(`
  select (select unit_number from vehicles v where exists (select 1 from transactions t where t.vehicle_id = v.id)
          order by unit_number desc limit 1) as unit,
         (select full_name from drivers d where exists (select 1 from transactions t where t.driver_id = d.id)
          order by full_name limit 1) as driver,
         (select l.load_number from transactions t join loads l on l.id = t.load_id
          order by t.occurred_on desc, t.id desc limit 1 offset 500) as load,
         (select extract(year from max(occurred_on))::int from transactions) as year`);
const { unit, driver, load, year } = picked[0];
const yearRange = { from: `${year}-01-01`, to: `${year}-12-31` };

const all: { name: string; query: Partial<LedgerListQuery> }[] = [
  { name: "q=Pilot (a payee)", query: { q: "Pilot" } },
  { name: `q=${unit} (a truck)`, query: { q: unit } },
  { name: `q=${driver} (a driver)`, query: { q: driver } },
  { name: `q=${load} (a load)`, query: { q: load } },
  { name: "q=zzqx (nothing)", query: { q: "zzqx" } },
  { name: "q=fuel (very many)", query: { q: "fuel" } },
  { name: "q=Steel (many payees)", query: { q: "Steel" } },
  { name: `q=LD-${year - 1} (a year's loads, none recent)`, query: { q: `LD-${year - 1}` } },
  { name: "q=Pilot, source fuel", query: { q: "Pilot", source: "fuel" } },
  { name: `q=${driver}, ${year}`, query: { q: driver, ...yearRange } },
  { name: `q=fuel, ${year}`, query: { q: "fuel", ...yearRange } },
  { name: `q=${unit}, source manual, ${year}`, query: { q: unit, source: "manual", ...yearRange } },
];
const scenarios = all.filter((s) => !process.env.BENCH_ONLY || s.name.includes(process.env.BENCH_ONLY));

const full = (q: Partial<LedgerListQuery>): LedgerListQuery => ({
  page: 1,
  pageSize: 25,
  sort: "occurredOn",
  dir: "desc",
  state: "posted",
  ...q,
});

/** The list as it was before issue 42: one OR over the joined names; every match counted and summed. */
async function before(q: LedgerListQuery) {
  const p = likePattern(q.q ?? "");
  const where = sql.join(
    [
      q.state === "posted" ? sql`t.voided_at is null` : sql`true`,
      q.source ? sql`t.source = ${q.source}` : sql`true`,
      q.from ? sql`t.occurred_on >= ${q.from}` : sql`true`,
      q.to ? sql`t.occurred_on <= ${q.to}` : sql`true`,
      sql`((t.counterparty || ' ' || t.reference || ' ' || t.notes) ilike ${p} or v.unit_number ilike ${p}
            or d.full_name ilike ${p} or l.load_number ilike ${p})`,
    ],
    sql` and `,
  );
  const from = sql`from transactions t left join vehicles v on v.id = t.vehicle_id
    left join drivers d on d.id = t.driver_id left join loads l on l.id = t.load_id`;
  const { rows: sums } = await db.execute<{ total: number; income: string; expense: string }>(sql`
    select count(*)::int as total,
      coalesce(sum(t.amount) filter (where t.voided_at is null and t.direction = 'income'), 0)::text as income,
      coalesce(sum(t.amount) filter (where t.voided_at is null and t.direction = 'expense'), 0)::text as expense
    ${from} where ${where}`);
  const { rows: page } = await db.execute<{ id: string }>(
    sql`select t.id ${from} where ${where} order by t.occurred_on desc, t.id desc limit 25`,
  );
  return { ...sums[0], ids: page.map((r) => r.id) };
}

const money = (s: string) => Number(s);
const answers: Record<string, unknown> = {};

const { rows: facts } = await pool.query<{ loads: string; rows: string }>(
  `select (select reltuples::bigint::text from pg_class where relname = 'loads') as loads,
          (select reltuples::bigint::text from pg_class where relname = 'transactions') as rows`,
);
console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}; ~${Number(facts[0].loads).toLocaleString("en-US")} loads, ` +
    `~${Number(facts[0].rows).toLocaleString("en-US")} ledger rows; load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}; ${RUNS} runs after ${WARMUP}; before: ${BEFORE_RUNS} run(s)`,
);
console.log(
  "| Scenario | matches | service p50 / p95 | its SQL p50 / p95 | p95 service/SQL | before (ms) | same answer |",
);
console.log("|---|--:|--:|--:|--:|--:|---|");
for (const s of scenarios) {
  const query = full(s.query);
  const service: number[] = [];
  const own: number[] = [];
  let answer = await ledger.list(query);
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const run = await measured(() => ledger.list(query));
    answer = run.result;
    if (i < WARMUP) continue;
    service.push(run.ms);
    own.push(run.statements.reduce((sum, st) => sum + st.ms, 0));
  }
  if (process.env.BENCH_ANSWERS) answers[s.name] = answer;
  if (BEFORE_RUNS === 0) {
    console.log(
      `| ${s.name} | ${answer.total.toLocaleString("en-US")}${answer.totalIsEstimate ? " (estimated)" : ""} | ` +
        `${fmt(quantile(service, 0.5))} / ${fmt(quantile(service, 0.95))} ms | ` +
        `${fmt(quantile(own, 0.5))} / ${fmt(quantile(own, 0.95))} ms | ` +
        `${(quantile(service, 0.95) / quantile(own, 0.95)).toFixed(2)}× | – | – |`,
    );
    continue;
  }
  const beforeMs: number[] = [];
  let old = await (async () => {
    const start = performance.now();
    const r = await before(query);
    beforeMs.push(performance.now() - start);
    return r;
  })();
  for (let i = 1; i < BEFORE_RUNS; i++) {
    const start = performance.now();
    old = await before(query);
    beforeMs.push(performance.now() - start);
  }
  const samePage = JSON.stringify(old.ids) === JSON.stringify(answer.items.map((r) => r.id));
  const exactSame =
    old.total === answer.total &&
    money(old.income) === money(answer.totals.income) &&
    money(old.expense) === money(answer.totals.expense);
  const off = (a: number, b: number) => (b === 0 ? (a === 0 ? 0 : 100) : (100 * Math.abs(a - b)) / b);
  const same = answer.totalIsEstimate
    ? `page ${samePage ? "same" : "DIFFERENT"}; estimated: count ${answer.total.toLocaleString("en-US")} vs ${old.total.toLocaleString("en-US")} ` +
      `(${off(answer.total, old.total).toFixed(1)} % off), money in ${off(money(answer.totals.income), money(old.income)).toFixed(1)} % off, ` +
      `money out ${off(money(answer.totals.expense), money(old.expense)).toFixed(1)} % off`
    : samePage && exactSame
      ? "yes (page, count, sums)"
      : `NO: page ${samePage}, count ${answer.total} vs ${old.total}, in ${answer.totals.income} vs ${old.income}, out ${answer.totals.expense} vs ${old.expense}`;
  const p95 = quantile(service, 0.95);
  const sqlP95 = quantile(own, 0.95);
  console.log(
    `| ${s.name} | ${old.total.toLocaleString("en-US")} | ${fmt(quantile(service, 0.5))} / ${fmt(p95)} ms | ` +
      `${fmt(quantile(own, 0.5))} / ${fmt(sqlP95)} ms | ${(p95 / sqlP95).toFixed(2)}× | ` +
      `${fmt(quantile(beforeMs, 0.5))} | ${same} |`,
  );
}
if (process.env.BENCH_ANSWERS) writeFileSync(process.env.BENCH_ANSWERS, JSON.stringify(answers, null, 1));
await database.close();
