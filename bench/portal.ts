/**
 * The customer portal at a million loads (issue 42): the portal's summary and every list it shows
 * (loads with and without search, filters and sorts, load requests, invoices, the statement), each
 * through its service as the customer with the most loads in the data, next to the very statements
 * that call sent, replayed on the same pool (the service's "own SQL"). p50/p95 over the runs, the
 * service and its SQL interleaved so a neighbour's burst lands on both columns.
 *
 *   DATA_DIR=/tmp/lms-1m npx tsx bench/portal.ts        # the embedded database (app stopped)
 *   DATABASE_URL=postgresql://… npx tsx bench/portal.ts # or any PostgreSQL with the data
 *
 * Settings: BENCH_RUNS (30 per scenario, after 5 warm-up runs), BENCH_ONLY=<regex> for some scenarios,
 * BENCH_LOAD_NUMBER (the load number searched; by default one from the middle of the customer's),
 * BENCH_EXPLAIN=1 to print each statement's plan (stderr), BENCH_ANSWERS=<file> to write every
 * scenario's answer as JSON and BENCH_COMPARE=<file> to compare them with a file written before a
 * change (the same data must give the same answers, estimated totals aside).
 */

import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { defaultPermissions } from "@shared/access";
import { portalInvoiceQuerySchema } from "@shared/invoices/invoices.schema";
import { myLoadRequestQuerySchema } from "@shared/portal/load-requests.schema";
import { portalLoadListQuerySchema } from "@shared/portal/portal.schema";
import pg from "pg";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/database";
import type { Deps } from "../src/server/deps";
import type { Actor } from "../src/server/http/context";
import { createLogger } from "../src/server/logger";
import { portalInvoices } from "../src/server/modules/invoices/portal-billing.service";
import { createLoadRequestsService } from "../src/server/modules/portal/load-requests.service";
import { createPortalService } from "../src/server/modules/portal/portal.service";
import { buildStatement } from "../src/server/modules/statements/statements.service";

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 5;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;

// ---- Every statement a client sends while recording, with its values and when it ran

interface Sent {
  text: string;
  values: unknown[] | undefined;
  start: number;
  end: number;
}
let recording: Sent[] | null = null;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const list = recording;
  if (!list) return clientQuery.apply(this, args);
  const cfg = args[0] as string | { text: string; values?: unknown[] };
  const entry: Sent = {
    text: typeof cfg === "string" ? cfg : cfg.text,
    values: Array.isArray(args[1])
      ? (args[1] as unknown[])
      : typeof cfg === "string"
        ? undefined
        : cfg.values,
    start: performance.now(),
    end: Number.POSITIVE_INFINITY,
  };
  list.push(entry);
  const last = args.length - 1;
  // The pool's own queries answer through a callback; a client's, a promise.
  if (typeof args[last] === "function") {
    const done = args[last] as (...a: unknown[]) => void;
    args[last] = (...a: unknown[]) => {
      entry.end = performance.now();
      done(...a);
    };
  }
  const result = clientQuery.apply(this, args);
  if (result && typeof (result as Promise<unknown>).then === "function") {
    const record = () => (entry.end = performance.now());
    (result as Promise<unknown>).then(record, record);
  }
  return result;
};

/** Statements that ran at the same time in the service (its Promise.all) run at the same time here. */
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

// ---- The data, the customer, the services

const config = { ...loadConfig(), logLevel: "warn" as const };
const database = await openDatabase(config, createLogger("warn"));
const { db, pool } = database;
const deps = { db } as unknown as Deps;

const { rows: biggest } = await pool.query<{
  customer_id: string;
  loads: number;
  company_name: string;
  user_id: string | null;
  email: string | null;
}>(
  `select l.customer_id, l.loads, c.company_name, c.user_id, u.email
     from (select customer_id, count(*)::int as loads from loads where customer_id is not null
            group by 1 order by 2 desc limit 1) l
     join customers c on c.id = l.customer_id
     left join users u on u.id = c.user_id`,
);
if (!biggest.length) throw new Error("No loads with a customer: run npm run db:seed first");
const customer = biggest[0];
const actor: Actor = {
  userId: customer.user_id ?? "bench",
  email: customer.email ?? "bench@example.test",
  name: customer.company_name,
  role: "customer",
  permissions: defaultPermissions("customer"),
  mustChangePassword: false,
  mustEnrolTwoFactor: false,
  sessionId: "bench",
  sessionExpiresAt: new Date(),
  impersonator: null,
  ip: null,
  driverId: null,
  customerId: customer.customer_id,
};
const portal = createPortalService(deps);
const requests = createLoadRequestsService(deps);

// A load number of theirs from the middle of their history (the same one on every run), typed whole
// and in part.
const { rows: numbers } = await pool.query<{ load_number: string }>(
  `select load_number from loads where customer_id = $1 order by load_number offset $2 limit 1`,
  [customer.customer_id, Math.floor(customer.loads * 0.6)],
);
const oneNumber = process.env.BENCH_LOAD_NUMBER ?? numbers[0]?.load_number ?? "LD-2025-00001";
const year = new Date().getUTCFullYear();
const today = new Date().toISOString().slice(0, 10);
const monthStart = `${today.slice(0, 8)}01`;

const loadsQuery = (q: Record<string, unknown>) => portalLoadListQuerySchema.parse(q);
const scenarios: Array<{ name: string; run: () => Promise<unknown> }> = [
  { name: "summary", run: () => portal.summary(actor) },
  { name: "loads", run: () => portal.listLoads(actor, loadsQuery({})) },
  { name: "loads page 2", run: () => portal.listLoads(actor, loadsQuery({ page: 2 })) },
  {
    name: "loads status=in_progress",
    run: () => portal.listLoads(actor, loadsQuery({ status: "in_progress" })),
  },
  { name: "loads status=completed", run: () => portal.listLoads(actor, loadsQuery({ status: "completed" })) },
  { name: "loads status=cancelled", run: () => portal.listLoads(actor, loadsQuery({ status: "cancelled" })) },
  {
    name: "loads sort deliveryAt desc",
    run: () => portal.listLoads(actor, loadsQuery({ sort: "deliveryAt" })),
  },
  {
    name: "loads sort loadNumber asc",
    run: () => portal.listLoads(actor, loadsQuery({ sort: "loadNumber", dir: "asc" })),
  },
  {
    name: "loads sort status asc",
    run: () => portal.listLoads(actor, loadsQuery({ sort: "status", dir: "asc" })),
  },
  { name: "loads sort status desc", run: () => portal.listLoads(actor, loadsQuery({ sort: "status" })) },
  { name: "loads q=Omaha", run: () => portal.listLoads(actor, loadsQuery({ q: "Omaha" })) },
  { name: "loads q=omaha page 3", run: () => portal.listLoads(actor, loadsQuery({ q: "omaha", page: 3 })) },
  { name: "loads q=Boise", run: () => portal.listLoads(actor, loadsQuery({ q: "Boise" })) },
  { name: `loads q=LD-${year}`, run: () => portal.listLoads(actor, loadsQuery({ q: `LD-${year}` })) },
  { name: `loads q=LD-${year - 1}`, run: () => portal.listLoads(actor, loadsQuery({ q: `LD-${year - 1}` })) },
  { name: "loads q=<a load number>", run: () => portal.listLoads(actor, loadsQuery({ q: oneNumber })) },
  {
    name: "loads q=<part of a number>",
    run: () => portal.listLoads(actor, loadsQuery({ q: oneNumber.slice(0, -2) })),
  },
  { name: "loads q=Salt Lake", run: () => portal.listLoads(actor, loadsQuery({ q: "Salt Lake" })) },
  {
    name: "loads q=Omaha status=in_progress",
    run: () => portal.listLoads(actor, loadsQuery({ q: "Omaha", status: "in_progress" })),
  },
  { name: "loads q=zzzz (none)", run: () => portal.listLoads(actor, loadsQuery({ q: "zzzz" })) },
  { name: "load requests", run: () => requests.listMine(actor, myLoadRequestQuerySchema.parse({})) },
  {
    name: "load requests status=pending",
    run: () => requests.listMine(actor, myLoadRequestQuerySchema.parse({ status: "pending" })),
  },
  { name: "invoices", run: () => portalInvoices(db, actor, portalInvoiceQuerySchema.parse({})) },
  {
    name: "invoices q=INV",
    run: () => portalInvoices(db, actor, portalInvoiceQuerySchema.parse({ q: "INV" })),
  },
  {
    name: "statement this month",
    run: () => buildStatement(db, customer.customer_id, monthStart, today),
  },
].filter((s) => !ONLY || ONLY.test(s.name));

// ---- Measuring

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};

async function capture(run: () => Promise<unknown>) {
  recording = [];
  try {
    const answer = await run();
    return { answer, plan: phases(recording) };
  } finally {
    recording = null;
  }
}

async function replay(plan: Sent[][]) {
  for (const phase of plan) await Promise.all(phase.map((q) => pool.query(q.text, q.values)));
}

async function explain(name: string, plan: Sent[][]) {
  for (const q of plan.flat()) {
    if (!/^\s*(select|with)/i.test(q.text)) continue;
    const { rows } = await pool.query(`explain (analyze, buffers) ${q.text}`, q.values);
    const lines = rows.map((r: Record<string, string>) => r["QUERY PLAN"]);
    console.error(`\n-- ${name}\n${q.text}\n-- ${JSON.stringify(q.values)}\n${lines.join("\n")}`);
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
console.log(
  `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}; load average ${loadAverage()} at the start; ` +
    `${RUNS} runs after ${WARMUP}`,
);
const { rows: size } = await pool.query<{ n: string }>(
  `select reltuples::bigint::text as n from pg_class where relname = 'loads'`,
);
console.log(
  `~${Number(size[0].n).toLocaleString("en-US")} loads; the customer: ${customer.company_name} ` +
    `(${customer.loads.toLocaleString("en-US")} loads); a load number of theirs: ${oneNumber}\n`,
);
console.log("| scenario | answer | statements | service p50 / p95 | its SQL p50 / p95 | ratio (p50) |");
console.log("|---|---|---:|---:|---:|---:|");

const answers: Record<string, unknown> = {};
for (const s of scenarios) {
  const { answer, plan } = await capture(s.run);
  answers[s.name] = answer;
  if (process.env.BENCH_EXPLAIN) await explain(s.name, plan);
  for (let i = 0; i < WARMUP; i++) {
    await s.run();
    await replay(plan);
  }
  const service: number[] = [];
  const own: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first, so neither always runs on a cache the other warmed.
    const order = i % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      const start = performance.now();
      if (which === 0) await s.run();
      else await replay(plan);
      (which === 0 ? service : own).push(performance.now() - start);
    }
  }
  const page = answer as { total?: number; totalIsEstimate?: boolean; items?: unknown[] };
  const what =
    page && Array.isArray(page.items)
      ? `${page.items.length} rows of ${page.totalIsEstimate ? "about " : ""}${page.total?.toLocaleString("en-US")}`
      : "—";
  const p = (xs: number[]) => `${quantile(xs, 0.5).toFixed(1)} / ${quantile(xs, 0.95).toFixed(1)} ms`;
  console.log(
    `| ${s.name} | ${what} | ${plan.flat().length} | ${p(service)} | ${p(own)} | ` +
      `${(quantile(service, 0.5) / quantile(own, 0.5)).toFixed(2)}× |`,
  );
}
console.log(`\nload average ${loadAverage()} at the end`);

if (process.env.BENCH_ANSWERS) writeFileSync(process.env.BENCH_ANSWERS, JSON.stringify(answers, null, 1));
if (process.env.BENCH_COMPARE) {
  const before = JSON.parse(readFileSync(process.env.BENCH_COMPARE, "utf8")) as Record<string, unknown>;
  const now = JSON.parse(JSON.stringify(answers)) as Record<string, unknown>;
  let differ = 0;
  for (const name of Object.keys(now)) {
    if (!(name in before)) continue;
    // The summary's next delivery is the first one due from a day ago: it moves with the clock.
    const clockless = (x: unknown) => {
      const { nextDelivery: _, ...rest } = (x ?? {}) as Record<string, unknown>;
      return name === "summary" ? rest : (x as Record<string, unknown>);
    };
    const a = clockless(before[name]);
    const b = clockless(now[name]);
    // An estimated total stands for the exact one (labelled so): the rows must still be the same.
    const { total: ta, totalIsEstimate: _ea, ...restA } = a ?? {};
    const { total: tb, totalIsEstimate: eb, ...restB } = b ?? {};
    const same = JSON.stringify(restA) === JSON.stringify(restB) && (eb === true || ta === tb);
    if (!same) {
      differ++;
      console.log(`  before: ${JSON.stringify(a)}\n  now:    ${JSON.stringify(b)}`);
    }
    console.log(
      `${same ? "same" : "DIFFERENT"}: ${name}${eb ? ` (total ${String(ta)} now about ${String(tb)})` : ""}`,
    );
  }
  console.log(differ ? `${differ} answers differ` : "Every answer is the same as before.");
}
await database.close();
