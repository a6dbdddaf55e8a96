/**
 * 1099-NEC year totals benchmark (issue 13): the tax-forms screen's year — every contractor's box 1
 * and box 4 summed from a year of paid settlements, with blockers and what was issued — on a database
 * of a million loads. See docs/performance.md.
 *
 * The bulk data set has loads but no pay history, so the script first imports one: a paid weekly
 * settlement for every driver and week of the tax year with completed loads, a line per load (its
 * driver pay), an escrow deduction on each and backup withholding for a few drivers; half the drivers
 * become contractors for the run. It is written set-based with the lock triggers off for the import
 * (this benchmark's own database only), and removed afterwards (BENCH_KEEP=1 keeps it).
 *
 *   DATA_DIR=/tmp/lms-bench npx tsx bench/tax-forms.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/tax-forms.ts    # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (5), BENCH_TAX_YEAR (last year), BENCH_EXPLAIN=1 to print the totals' plan.
 */

import os from "node:os";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import { createLogger } from "../src/server/logger";
import { createTaxFormsService } from "../src/server/modules/tax-forms/tax-forms.service";
import { demoAccountant, measured } from "./statements";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const YEAR = Number(process.env.BENCH_TAX_YEAR ?? new Date().getUTCFullYear() - 1);
const MARK = `bench: synthetic tax year ${YEAR}`;

const config = { ...loadConfig(), logLevel: "warn" as const };
const log = createLogger("warn");
const database = await openDatabase(config, log);
const { db, pool } = database;
const tz = config.company.timeZone;

const actor = await demoAccountant(pool);

/** A year of weekly pay, paid the Friday after each week, written in one transaction. */
async function importYear() {
  const client = await pool.connect();
  const start = performance.now();
  try {
    await client.query("begin");
    // The lock triggers refuse lines on paid settlements; an import writes them paid at once.
    await client.query("set local session_replication_role = replica");
    await client.query(
      `create temp table bench_weeks on commit drop as
       select gen_random_uuid() as id, l.driver_id,
              date_trunc('week', (l.delivered_at at time zone $2))::date as week_start
       from loads l
       where l.status = 'completed' and l.driver_id is not null
         and l.delivered_at >= ($1::text || '-01-01')::timestamp at time zone $2
         and l.delivered_at < (($1::int + 1)::text || '-01-01')::timestamp at time zone $2
       group by 2, 3`,
      [YEAR, tz],
    );
    await client.query(
      `insert into settlements (id, number, driver_id, period_start, period_end, status, paid_on,
         pay_method, pay_reference, notes, approved_at, paid_at)
       select id, 'BX-' || row_number() over (order by week_start, driver_id), driver_id, week_start,
              week_start + 6, 'paid', week_start + 11, 'ach', 'ACH bench', $1, now(), now()
       from bench_weeks`,
      [MARK],
    );
    await client.query(
      `insert into settlement_lines (settlement_id, section, kind, description, amount, load_id,
         pay_type, pay_rate, position)
       select w.id, 'earning', 'load', l.load_number,
              coalesce(l.driver_pay, round(l.total_rate * 0.25, 2)), l.id,
              coalesce(l.pay_type, 'percentage'), coalesce(l.pay_rate, 25), 0
       from bench_weeks w join loads l on l.driver_id = w.driver_id and l.status = 'completed'
         and l.delivered_at >= w.week_start::timestamp at time zone $1
         and l.delivered_at < (w.week_start + 7)::timestamp at time zone $1`,
      [tz],
    );
    await client.query(
      `insert into settlement_lines (settlement_id, section, kind, description, amount, position)
       select id, 'deduction'::settlement_line_section, 'escrow'::settlement_line_kind, 'Escrow', 50, 100
       from bench_weeks
       union all
       select id, 'deduction', 'backup_withholding', 'Backup withholding 24 %', 120, 110
       from bench_weeks where get_byte(uuid_send(driver_id), 0) < 16`,
    );
    await client.query(
      `update settlements s set earnings = t.earnings, deductions = t.deductions,
         net = greatest(t.earnings - t.deductions, 0),
         load_count = t.loads
       from (select settlement_id,
               coalesce(sum(amount) filter (where section = 'earning'), 0) as earnings,
               coalesce(sum(amount) filter (where section = 'deduction'), 0) as deductions,
               count(*) filter (where kind = 'load') as loads
             from settlement_lines where settlement_id in (select id from bench_weeks)
             group by settlement_id) t
       where s.id = t.settlement_id`,
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback");
    throw err;
  } finally {
    client.release();
  }
  await pool.query("analyze settlements; analyze settlement_lines");
  return performance.now() - start;
}

async function removeYear(contractors: string[]) {
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    await client.query(
      `delete from settlement_lines where settlement_id in (select id from settlements where notes = $1)`,
      [MARK],
    );
    await client.query("delete from settlements where notes = $1", [MARK]);
    await client.query(`update drivers set worker_type = 'company' where id = any($1::uuid[])`, [
      contractors,
    ]);
    await client.query("commit");
  } finally {
    client.release();
  }
  // Leave the tables as they were found: a quarter of a million dead lines would slow the other
  // benchmarks' inserts and anti-joins until autovacuum came by.
  await pool.query("vacuum analyze settlement_lines, settlements");
}

const present = await pool.query(`select 1 from settlements where notes = $1 limit 1`, [MARK]);
const importMs = present.rowCount ? null : await importYear();
// Half the drivers are owner-operators (1099); the others are company drivers and leave the year.
const { rows: made } = await pool.query<{ id: string }>(
  `update drivers set worker_type = 'contractor'
   where worker_type = 'company' and get_byte(uuid_send(id), 15) % 2 = 0 returning id`,
);
const contractors = made.map((r) => r.id);

const { rows: facts } = await pool.query<{
  loads: string;
  settlements: number;
  lines: number;
  contractors: number;
}>(
  `select (select reltuples::bigint from pg_class where relname = 'loads')::text as loads,
     (select count(*) from settlements where status = 'paid'
        and paid_on >= ($1::text || '-01-01')::date and paid_on < (($1::int + 1)::text || '-01-01')::date)::int
       as settlements,
     (select count(*) from settlement_lines sl join settlements s on s.id = sl.settlement_id
        where s.status = 'paid' and s.paid_on >= ($1::text || '-01-01')::date
          and s.paid_on < (($1::int + 1)::text || '-01-01')::date)::int as lines,
     (select count(*) from drivers where worker_type = 'contractor')::int as contractors`,
  [YEAR],
);

if (process.env.BENCH_EXPLAIN) {
  const { rows } = await pool.query(
    `explain (analyze, buffers) select s.driver_id,
       coalesce(sum(sl.amount) filter (where sl.section in ('earning', 'addition')
         and sl.kind not in ('carry_forward', 'escrow_return')), 0),
       coalesce(sum(sl.amount) filter (where sl.kind = 'backup_withholding'), 0)
     from settlements s join settlement_lines sl on sl.settlement_id = s.id
     where s.status = 'paid' and s.paid_on >= $1::date and s.paid_on < $2::date
     group by s.driver_id`,
    [`${YEAR}-01-01`, `${YEAR + 1}-01-01`],
  );
  console.error(rows.map((r) => r["QUERY PLAN"]).join("\n"));
}

const service = createTaxFormsService({ db, config, log } as unknown as Deps);
const runs: Array<{ ms: number; sqlMs: number; statements: number; rows: number; reportable: number }> = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const { result: year, ms, statements } = await measured(() => service.year(actor, YEAR));
    runs.push({
      ms,
      sqlMs: statements.reduce((s, q) => s + q.ms, 0),
      statements: statements.length,
      rows: year.items.length,
      reportable: year.reportableCount,
    });
  }
} finally {
  if (!process.env.BENCH_KEEP) await removeYear(contractors);
}

const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
console.log(
  JSON.stringify(
    {
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      loads: facts[0].loads,
      taxYear: YEAR,
      paidSettlementsInYear: facts[0].settlements,
      linesInYear: facts[0].lines,
      contractors: facts[0].contractors,
      importMs: importMs === null ? "already there" : Math.round(importMs),
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]),
      runs: runs.map((r) => ({ ...r, ms: Math.round(r.ms), sqlMs: Math.round(r.sqlMs) })),
    },
    null,
    2,
  ),
);
await database.close();
