/**
 * Global search (the command palette, Ctrl+K) at a million loads (issue 42): the search service as
 * the demo dispatcher for a few typed words, each next to the one query the loads search ran before
 * (every match sorted for the newest five), on the same connection pool, p50/p95 over the runs.
 *
 *   DATA_DIR=/tmp/lms-1m npx tsx bench/search.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/search.ts # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (20, after 3 warm-up runs), BENCH_TERMS (chicago,LD-2025,omaha,pilot).
 */
import os from "node:os";
import { defaultPermissions } from "@shared/access";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import type { Actor } from "../src/server/http/context";
import { createLogger } from "../src/server/logger";
import { createSearchService } from "../src/server/modules/search/search.service";
import { demoAccountant } from "./statements";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const WARMUP = 3;
const TERMS = (process.env.BENCH_TERMS ?? "chicago,LD-2025,omaha,pilot").split(",");

const config = { ...loadConfig(), logLevel: "warn" as const };
const database = await openDatabase(config, createLogger("warn"));
const { db, pool } = database;
const dispatcher: Actor = {
  ...(await demoAccountant(pool)),
  role: "dispatcher",
  permissions: defaultPermissions("dispatcher"),
};
const search = createSearchService({ db } as unknown as Deps);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
async function time(work: () => Promise<unknown>) {
  for (let i = 0; i < WARMUP; i++) await work();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  return { p50: quantile(ms, 0.5), p95: quantile(ms, 0.95) };
}

const { rows: facts } = await pool.query<{ loads: string }>(
  `select reltuples::bigint::text as loads from pg_class where relname = 'loads'`,
);
console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}; ~${Number(facts[0].loads).toLocaleString("en-US")} loads; ` +
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}; ${RUNS} runs after ${WARMUP}`,
);
console.log("| term | matches | search (all kinds) p50 / p95 | the loads query before p50 / p95 |");
console.log("|---|---:|---:|---:|");
for (const term of TERMS) {
  const like = `%${term.replace(/[\\%_]/g, "\\$&")}%`;
  const matches = sql`(load_number || ' ' || pickup_city || ' ' || delivery_city) ilike ${like}`;
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from loads where ${matches}`,
  );
  const now = await time(() => search.search(dispatcher, term));
  const before = await time(() =>
    db.execute(sql`select id from loads where ${matches} order by pickup_at desc limit 5`),
  );
  console.log(
    `| ${term} | ${rows[0].n.toLocaleString("en-US")} | ${now.p50.toFixed(1)} / ${now.p95.toFixed(1)} ms | ` +
      `${before.p50.toFixed(1)} / ${before.p95.toFixed(1)} ms |`,
  );
}
await database.close();
