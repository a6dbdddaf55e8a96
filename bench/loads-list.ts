/**
 * Load list benchmark: the API (in-process `app.fetch`, signed in as the demo dispatcher) against
 * the very SQL that request ran, replayed directly on the same pool. See docs/performance.md.
 *
 *   DATA_DIR=/tmp/lms-bench npx tsx bench/loads-list.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/loads-list.ts    # or any PostgreSQL with the data
 *
 * Settings: BENCH_ITERATIONS (500), BENCH_WARMUP per scenario (20), BENCH_GLOBAL_WARMUP rounds of all
 * scenarios before measuring (50), BENCH_MAX_SECONDS per scenario (20),
 * BENCH_CONCURRENCY for the throughput run (4), BENCH_JSON=<file> to also write the numbers as JSON,
 * BENCH_EXPLAIN=1 to print every statement with its EXPLAIN ANALYZE plan (on stderr),
 * BENCH_ONLY=<regex> to run the matching scenarios only.
 * Nothing leaves the machine: the app runs in this process and PostgreSQL listens on loopback.
 */

import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import type pg from "pg";
import { createApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import { createLogger } from "../src/server/logger";
import { createAuth } from "../src/server/modules/auth/auth";
import { createDbEvents } from "../src/server/platform/events/db-events";
import { createMailer } from "../src/server/platform/mail/mailer";
import { createStorage, diskStore } from "../src/server/platform/storage/storage";
import { DEMO_PASSWORD } from "../src/server/seed/demo-accounts";

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
/** Rounds of every chosen scenario before any is measured. */
const GLOBAL_WARMUP = Number(process.env.BENCH_GLOBAL_WARMUP ?? 50);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);

// ---- The app and a recorder of the SQL it sends

interface Sent {
  text: string;
  values: unknown[] | undefined;
  rowMode: string | undefined;
  start: number;
  end: number;
}

const config = { ...loadConfig(), logLevel: "warn" as const, signInRateLimit: 1000 };
/** Requests look like the browser's: same origin as PUBLIC_URL. */
const ORIGIN = new URL(config.publicUrl).origin;
const log = createLogger("warn");
const database = await openDatabase(config, log);
const { db, pool } = database;

let recording: Sent[] | null = null;
const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
(pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
  const result = poolQuery(...args);
  if (recording && result && typeof (result as Promise<unknown>).then === "function") {
    const cfg = args[0] as string | { text: string; rowMode?: string; values?: unknown[] };
    const entry: Sent = {
      text: typeof cfg === "string" ? cfg : cfg.text,
      values: (args[1] as unknown[] | undefined) ?? (typeof cfg === "string" ? undefined : cfg.values),
      rowMode: typeof cfg === "string" ? undefined : cfg.rowMode,
      start: performance.now(),
      end: Number.POSITIVE_INFINITY,
    };
    recording.push(entry);
    (result as Promise<unknown>).then(
      () => (entry.end = performance.now()),
      () => (entry.end = performance.now()),
    );
  }
  return result;
};

const deps: Deps = {
  config,
  db,
  pool,
  events: createDbEvents({ connectionString: database.url }, log),
  log,
  auth: createAuth(config, db),
  mailer: createMailer({ db, smtpUrl: undefined, from: config.mailFrom, log }),
  storage: createStorage(diskStore(path.join(config.dataDir, "files"))),
};
const app = createApp(deps);
// `serve()` installs @hono/node-server's lightweight Request/Response globals in production (main.ts);
// without a socket the requests below are built from the same classes.
getRequestListener(app.fetch);
// The actor cache trusts nothing until its events connection listens.
await deps.events.sync();

/**
 * The response body the way @hono/node-server sends it: a `c.json()` answer holds its string, which
 * the server writes to the socket as is (`responseViaCache`); anything else is read from its stream.
 */
async function bodyOf(res: Response): Promise<string> {
  const cache = Object.getOwnPropertySymbols(res).find((k) => k.description === "cache");
  const held = cache ? (res as unknown as Record<symbol, [number, unknown, unknown]>)[cache] : undefined;
  return typeof held?.[1] === "string" ? held[1] : res.text();
}

async function request(pathname: string, init: RequestInit = {}): Promise<Response> {
  const res = await app.fetch(new Request(`${ORIGIN}${pathname}`, init));
  return res;
}

async function signIn(email: string): Promise<string> {
  const res = await request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200)
    throw new Error(`Signing in as ${email} failed (${res.status}): run npm run db:seed first`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

// ---- The SQL of one request, and its replay

/** Auth and session bookkeeping are the API's overhead, not the list's SQL. */
const AUTH_TABLES =
  /\b(from|into|update)\s+"?(sessions|users|accounts|verifications|app_users|rate_limits)"?/i;

/** Statements that ran at the same time in the API (its Promise.all) run at the same time here too. */
function phases(sent: Sent[]): Sent[][] {
  const out: Sent[][] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const q of [...sent].sort((a, b) => a.start - b.start)) {
    if (q.start >= end || out.length === 0) out.push([q]);
    else out[out.length - 1].push(q);
    end = Math.max(end, q.end);
  }
  return out;
}

async function captureSql(pathname: string, cookie: string): Promise<Sent[][]> {
  recording = [];
  const res = await request(pathname, { headers: { cookie } });
  await bodyOf(res);
  const sent = recording.filter((q) => !AUTH_TABLES.test(q.text));
  recording = null;
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  return phases(sent);
}

async function replay(plan: Sent[][]): Promise<void> {
  for (const phase of plan) {
    await Promise.all(phase.map((q) => poolQuery({ text: q.text, rowMode: q.rowMode }, q.values)));
  }
}

/** BENCH_EXPLAIN=1: each statement with its plan, to see where the time goes. */
async function explain(name: string, plan: Sent[][]): Promise<void> {
  for (const q of plan.flat()) {
    if (!/^\s*select/i.test(q.text)) continue;
    const { rows } = await poolQuery(`explain (analyze, buffers) ${q.text}`, q.values);
    const lines = (rows as Array<{ "QUERY PLAN": string }>).map((r) => r["QUERY PLAN"]);
    console.error(`\n-- ${name}\n${q.text}\n-- ${JSON.stringify(q.values)}\n${lines.join("\n")}`);
  }
}

// ---- Measuring

interface Stats {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  rps: number;
}

function stats(times: number[]): Stats {
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)];
  const total = times.reduce((s, t) => s + t, 0);
  return {
    n: times.length,
    p50: at(0.5),
    p95: at(0.95),
    mean: total / times.length,
    rps: (times.length * 1000) / total,
  };
}

/**
 * The API call and its SQL replay, interleaved (alternating which goes first), so both sides see the
 * same machine: a burst of noise from a neighbour lands on both columns, not on one.
 */
async function measurePair(
  api: () => Promise<unknown>,
  sql: () => Promise<unknown>,
): Promise<{ api: Stats; sql: Stats }> {
  for (let i = 0; i < WARMUP; i++) {
    await api();
    await sql();
  }
  const times = { api: [] as number[], sql: [] as number[] };
  const timed = async (side: "api" | "sql") => {
    const t = performance.now();
    await (side === "api" ? api() : sql());
    times[side].push(performance.now() - t);
  };
  const deadline = performance.now() + MAX_SECONDS * 1000;
  for (let i = 0; i < ITERATIONS && (i < 10 || performance.now() < deadline); i++) {
    const [first, second] = i % 2 ? (["api", "sql"] as const) : (["sql", "api"] as const);
    await timed(first);
    await timed(second);
  }
  return { api: stats(times.api), sql: stats(times.sql) };
}

/** Requests per second with `CONCURRENCY` callers for a fixed number of calls. */
async function throughput(run: () => Promise<unknown>, calls = ITERATIONS * 2): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await run();
  let next = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < calls) {
        next++;
        await run();
      }
    }),
  );
  return (calls * 1000) / (performance.now() - t);
}

// ---- The scenarios

const dispatcher = await signIn("dispatcher@demo.test");
const driver = await signIn("driver@demo.test");

const facts = (
  await pool.query<{
    loads: string;
    stops: string;
    customer_id: string;
    company: string;
    driver_id: string;
    year: number;
    mid_number: string;
    mid_id: string;
    db_size: string;
    version: string;
  }>(`
    select (select reltuples::bigint from pg_class where relname = 'loads')::text as loads,
           (select reltuples::bigint from pg_class where relname = 'load_stops')::text as stops,
           c.id as customer_id, c.company_name as company,
           (select d.id from drivers d join users u on u.id = d.user_id where u.email = 'driver@demo.test') as driver_id,
           extract(year from now())::int - 2 as year,
           m.load_number as mid_number, m.id as mid_id,
           pg_size_pretty(pg_database_size(current_database())) as db_size,
           current_setting('server_version') as version
      from customers c
      -- The customer with the most loads: the worst case of the customer filter.
      join (select customer_id, count(*) from loads group by 1 order by 2 desc limit 1) top on top.customer_id = c.id
      cross join lateral (select id, load_number from loads
                           where pickup_at < now() - interval '400 days' order by pickup_at desc limit 1) m`)
).rows[0];
if (!facts) throw new Error("No loads to measure: run npm run db:seed -- --loads 1000000 first");

const range = `from=${facts.year}-01-01&to=${facts.year}-03-31`;
const scenarios: Array<{ name: string; path: string; cookie?: string }> = [
  { name: "List, first page", path: "/api/loads" },
  { name: "List, page 200", path: "/api/loads?page=200" },
  { name: "Status completed, page 200", path: "/api/loads?status=completed&page=200" },
  { name: `Date range (Q1 ${facts.year}), page 20`, path: `/api/loads?${range}&page=20` },
  { name: "Customer (largest), page 50", path: `/api/loads?customerId=${facts.customer_id}&page=50` },
  {
    name: "Customer + status + date range",
    path: `/api/loads?customerId=${facts.customer_id}&status=completed&${range}`,
  },
  { name: "Driver filter, page 10", path: `/api/loads?driverId=${facts.driver_id}&page=10` },
  { name: "Search a city (q=Omaha)", path: "/api/loads?q=Omaha" },
  { name: "Search a load number", path: `/api/loads?q=${encodeURIComponent(facts.mid_number)}` },
  { name: "Search a customer name", path: `/api/loads?q=${encodeURIComponent(facts.company.split(" ")[0])}` },
  { name: "Sort by total rate", path: "/api/loads?sort=totalRate" },
  { name: "Driver's own loads (as driver)", path: "/api/loads", cookie: driver },
  { name: "Load detail", path: `/api/loads/${facts.mid_id}` },
];

// BENCH_SUITE=ledger measures the accounting ledger (/api/ledger, as the demo accountant) instead:
// its list with filters and the filtered set's totals over a year (issue 12's target: p95 < 50 ms,
// within 1.5× of its SQL).
if (process.env.BENCH_SUITE === "ledger") {
  const accountant = await signIn("accountant@demo.test");
  const ledger = (
    await pool.query<{ vehicle_id: string; year: number; rows: string }>(`
      select (select vehicle_id from transactions where vehicle_id is not null
               group by 1 order by count(*) desc limit 1) as vehicle_id,
             extract(year from now())::int - 1 as year,
             (select reltuples::bigint from pg_class where relname = 'transactions')::text as rows`)
  ).rows[0];
  const year = `from=${ledger.year}-01-01&to=${ledger.year}-12-31`;
  scenarios.length = 0;
  scenarios.push(
    { name: "Ledger, first page", path: "/api/ledger", cookie: accountant },
    { name: `Ledger, a year (${ledger.year})`, path: `/api/ledger?${year}`, cookie: accountant },
    { name: "Ledger, a year, fuel", path: `/api/ledger?${year}&category=fuel`, cookie: accountant },
    { name: "Ledger, a year, money in", path: `/api/ledger?${year}&direction=income`, cookie: accountant },
    {
      name: "Ledger, a year, one truck",
      path: `/api/ledger?${year}&vehicleId=${ledger.vehicle_id}`,
      cookie: accountant,
    },
    { name: "Ledger, search a payee", path: "/api/ledger?q=Pilot", cookie: accountant },
    { name: "Ledger, sort by amount, page 50", path: "/api/ledger?sort=amount&page=50", cookie: accountant },
  );
  console.log(`Ledger rows: ${Number(ledger.rows).toLocaleString("en-US")}`);
}

console.log(
  `Load list benchmark · ${Number(facts.loads).toLocaleString("en-US")} loads, ` +
    `${Number(facts.stops).toLocaleString("en-US")} stops, database ${facts.db_size} · PostgreSQL ${facts.version} · ` +
    `Node ${process.version} · ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ` +
    `${Math.round(os.totalmem() / 2 ** 30)} GiB · ${ITERATIONS} iterations (≤ ${MAX_SECONDS} s), warm-up ${WARMUP}\n`,
);

const fmt = (ms: number) => ms.toFixed(ms < 10 ? 2 : 1);
const results: Array<{ name: string; path: string; statements: number; api: Stats; sql: Stats }> = [];
console.log("| Scenario | API p50 | API p95 | API req/s | SQL p50 | SQL p95 | SQL q/s | p95 API/SQL |");
console.log("|---|--:|--:|--:|--:|--:|--:|--:|");
// BENCH_ONLY=<regex> runs the matching scenarios only (e.g. BENCH_ONLY=Search).
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
const chosen = scenarios.filter((x) => !only || only.test(x.name));
// Steady state first: every scenario's request and replay run until V8 has compiled the paths they
// take, so the first scenario's numbers do not carry the JIT's warm-up.
for (let round = 0; round < GLOBAL_WARMUP; round++) {
  for (const s of chosen)
    await bodyOf(await request(s.path, { headers: { cookie: s.cookie ?? dispatcher } }));
}
for (const s of chosen) {
  const cookie = s.cookie ?? dispatcher;
  const plan = await captureSql(s.path, cookie);
  if (process.env.BENCH_EXPLAIN) await explain(s.name, plan);
  const { api, sql } = await measurePair(
    async () => bodyOf(await request(s.path, { headers: { cookie } })),
    () => replay(plan),
  );
  results.push({ name: s.name, path: s.path, statements: plan.flat().length, api, sql });
  console.log(
    `| ${s.name} | ${fmt(api.p50)} | ${fmt(api.p95)} | ${Math.round(api.rps)} | ${fmt(sql.p50)} | ${fmt(sql.p95)} | ` +
      `${Math.round(sql.rps)} | ${(api.p95 / sql.p95).toFixed(2)}× |`,
  );
}

const firstPage = scenarios[0];
const firstCookie = firstPage.cookie ?? dispatcher;
const firstPlan = await captureSql(firstPage.path, firstCookie);
const apiRps = await throughput(async () =>
  bodyOf(await request(firstPage.path, { headers: { cookie: firstCookie } })),
);
const sqlRps = await throughput(() => replay(firstPlan));
console.log(
  `\nThroughput, list first page, ${CONCURRENCY} concurrent callers: API ${Math.round(apiRps)} req/s, SQL ${Math.round(sqlRps)} req/s`,
);

/** One request, statement by statement: when each started and how long it took (auth ones marked). */
async function anatomy(name: string, pathname: string, cookie: string): Promise<void> {
  // Median of several runs, so one slow statement does not mislead.
  const runs: Array<{ total: number; sent: Sent[] }> = [];
  for (let i = 0; i < 21; i++) {
    recording = [];
    const t = performance.now();
    await bodyOf(await request(pathname, { headers: { cookie } }));
    runs.push({
      total: performance.now() - t,
      sent: recording.map((q) => ({ ...q, start: q.start - t, end: q.end - t })),
    });
    recording = null;
  }
  runs.sort((a, b) => a.total - b.total);
  const { total, sent } = runs[10];
  console.log(`\n${name} — ${fmt(total)} ms in the app, ${sent.length} statements:`);
  for (const q of sent) {
    const label = q.text.replace(/\s+/g, " ").slice(0, 90);
    const kind = AUTH_TABLES.test(q.text) ? "session" : "list   ";
    console.log(`  ${kind} +${fmt(q.start)} ms  ${fmt(q.end - q.start)} ms  ${label}`);
  }
}
// The ledger suite has its own scenarios (and its own cookie): the first and third.
const anatomyOf = process.env.BENCH_SUITE === "ledger" ? [0, 2] : [0, 2, 7, 8, 12];
for (const i of anatomyOf) {
  const s = chosen.includes(scenarios[i]) ? scenarios[i] : undefined;
  if (s) await anatomy(s.name, s.path, s.cookie ?? dispatcher);
}

if (process.env.BENCH_JSON) {
  writeFileSync(
    process.env.BENCH_JSON,
    JSON.stringify(
      { facts, iterations: ITERATIONS, warmup: WARMUP, results, throughput: { apiRps, sqlRps } },
      null,
      2,
    ),
  );
}
await deps.events.close();
await database.close();
