/**
 * Every staff search box (issue 42, target 1): each request through the API in this process, signed in
 * as the role that uses the screen, next to the very SQL that request ran replayed on the same pool —
 * p50/p95 and the ratio. The ledger (`/api/ledger`) and the customer portal have their own benches.
 *
 *   DATA_DIR=/tmp/lms-1m npx tsx bench/search-boxes.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/search-boxes.ts # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (40 pairs, fewer when a scenario passes BENCH_MAX_SECONDS, 15), BENCH_WARMUP (3),
 * BENCH_ONLY=<regex> (scenario names), BENCH_EXPLAIN=1 (each statement's plan on stderr),
 * BENCH_ANSWERS=<file> (every scenario's answer as JSON, to compare two builds on the same data).
 */
import { writeFileSync } from "node:fs";
import { measurePair, openInProcessApp } from "./in-process";

const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const MAX_SECONDS = Number(process.env.BENCH_MAX_SECONDS ?? 15);

const lms = await openInProcessApp();
const { pool } = lms;
const q = encodeURIComponent;

// The terms, read from the data so the same bench fits the demo data and a million loads.
const { rows } = await pool.query<{
  loads: string;
  full: string;
  prefix: string;
  customer: string;
  customer_id: string;
  company: string;
  driver: string;
  year: number;
}>(`
  select (select reltuples::bigint from pg_class where relname = 'loads')::text as loads,
         -- A load a year and more older than the newest: not among the newest (the same load every run).
         (select load_number from loads
           where pickup_at < (select max(pickup_at) from loads) - interval '400 days'
           order by pickup_at desc limit 1) as full,
         -- The previous year's load numbers: a quarter of a million at 1 M, none of the newest.
         'LD-' || (extract(year from now())::int - 1) as prefix,
         c.id as customer_id, c.company_name as company,
         split_part(c.company_name, ' ', 1) as customer,
         (select split_part(full_name, ' ', 2) from drivers d join users u on u.id = d.user_id
           where u.email = 'driver@demo.test') as driver,
         extract(year from now())::int - 1 as year
    from customers c
    join (select customer_id, count(*) from loads group by 1 order by 2 desc limit 1) top
      on top.customer_id = c.id`);
const f = rows[0];
const terms: Array<[string, string]> = [
  ["a city", "chicago"],
  ["a load number prefix", f.prefix],
  ["a whole load number", f.full],
  ["a customer name", f.customer],
  ["a driver name", f.driver],
  ["nothing matches", "zqxj"],
  ["one character", "a"],
  ["two characters", "om"],
];

const dispatcher = await lms.signIn("dispatcher@demo.test");
const accountant = await lms.signIn("accountant@demo.test");
const year = `from=${f.year}-01-01&to=${f.year}-12-31`;

type Scenario = { box: string; term: string; path: string; cookie: string };
const scenarios: Scenario[] = [];
const each = (box: string, path: (t: string) => string, cookie = dispatcher, only?: string[]) => {
  for (const [label, term] of terms)
    if (!only || only.includes(label))
      scenarios.push({ box, term: `${label} (${term})`, path: path(q(term)), cookie });
};
// The palette asks from two characters on (its query schema).
each(
  "Global search (Ctrl+K)",
  (t) => `/api/search?q=${t}`,
  dispatcher,
  terms
    .slice(0, -2)
    .map(([l]) => l)
    .concat("two characters"),
);
each("Loads list", (t) => `/api/loads?q=${t}`);
each(
  "Loads list, completed, by pickup",
  (t) => `/api/loads?q=${t}&status=completed&sort=pickupAt`,
  dispatcher,
  ["a city", "a load number prefix", "a customer name"],
);
each("Loads list, a year, by rate", (t) => `/api/loads?q=${t}&${year}&sort=totalRate`, dispatcher, [
  "a city",
  "a load number prefix",
]);
each(
  "Loads list, largest customer, page 5",
  (t) => `/api/loads?q=${t}&customerId=${f.customer_id}&page=5`,
  dispatcher,
  ["a city"],
);
each("Loads list, by load number ascending", (t) => `/api/loads?q=${t}&sort=loadNumber&dir=asc`, dispatcher, [
  "a city",
  "a load number prefix",
]);
each("Invoices", (t) => `/api/invoices?q=${t}`, accountant, [
  "a customer name",
  "a load number prefix",
  "nothing matches",
]);
each(
  "Billable loads of a customer",
  (t) => `/api/invoices/billable-loads?customerId=${f.customer_id}&q=${t}`,
  accountant,
  ["a city", "nothing matches"],
);
each("Customers", (t) => `/api/customers?q=${t}`, dispatcher, [
  "a customer name",
  "nothing matches",
  "one character",
]);
each("Drivers", (t) => `/api/drivers?q=${t}`, dispatcher, [
  "a driver name",
  "nothing matches",
  "one character",
]);
each("Documents", (t) => `/api/documents?q=${t}`, dispatcher, [
  "a driver name",
  "nothing matches",
  "one character",
]);
each("Chat", (t) => `/api/chat/threads?q=${t}`, dispatcher, [
  "a driver name",
  "nothing matches",
  "one character",
]);

const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
const chosen = scenarios.filter((s) => !only || only.test(`${s.box} ${s.term}`));

console.log(
  `${lms.machine()}; ~${Number(f.loads).toLocaleString("en-US")} loads; ${RUNS} runs (≤ ${MAX_SECONDS} s) after ${WARMUP}`,
);
console.log("| box | term | API p50 / p95 | its SQL p50 / p95 | p95 API/SQL | statements |");
console.log("|---|---|---:|---:|---:|---:|");
const fmt = (ms: number) => ms.toFixed(ms < 10 ? 1 : 0);
const answers: Record<string, unknown> = {};
for (const s of chosen) {
  const plan = await lms.captureSql(s.path, s.cookie);
  if (process.env.BENCH_ANSWERS) answers[`${s.box} ${s.term}`] = JSON.parse(await lms.get(s.path, s.cookie));
  if (process.env.BENCH_EXPLAIN) console.error(`\n-- ${s.box} ${s.term}\n${await lms.explain(plan)}`);
  const { a: api, b: sql } = await measurePair(
    () => lms.get(s.path, s.cookie),
    () => lms.replay(plan),
    { runs: RUNS, warmup: WARMUP, maxSeconds: MAX_SECONDS },
  );
  console.log(
    `| ${s.box} | ${s.term} | ${fmt(api.p50)} / ${fmt(api.p95)} ms | ${fmt(sql.p50)} / ${fmt(sql.p95)} ms | ` +
      `${(api.p95 / sql.p95).toFixed(2)}× | ${plan.flat().length} |`,
  );
}
if (process.env.BENCH_ANSWERS) writeFileSync(process.env.BENCH_ANSWERS, JSON.stringify(answers, null, 1));
await lms.close();
