/**
 * Throughput over real sockets (issue 19). Starts the real server (`src/server/main.ts`, embedded
 * PostgreSQL, demo data) in a scratch DATA_DIR, signs in over HTTP and drives it with autocannon:
 *
 *  1. one route at a time, 32 connections, as fast as it answers: a flat single-row GET (a toll), a
 *     load's detail, a vehicle's detail, the loads list's first page, a search and a create — each next
 *     to the same statements (captured from one request) replayed directly on a pool of the app's
 *     size by 32 workers, so the gap between the two is the app's own cost;
 *  2. a mix of 200 users at a steady rate: dispatchers listing, searching and opening loads and trucks,
 *     drivers polling their dashboard, every user with an open event stream;
 *  3. 1,000 idle event streams on one instance, with the server's memory before and after.
 *
 *   npx tsx bench/http.ts
 *
 * Settings: BENCH_SECONDS per measured run (10; each run is warmed up for 3 s first), BENCH_PORT (3400),
 * BENCH_DATA_DIR (a new temporary directory, removed afterwards unless given), BENCH_ONLY=<regex> to run
 * the matching single-route scenarios only, BENCH_JSON=<file> to also write the numbers as JSON.
 * The load generator runs on the same machine and cores as the app and its database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { DEMO_PASSWORD } from "../src/server/seed/demo-accounts";
import { loadInput } from "../src/server/testing/fixtures";
import { embeddedUrl, waitHealthy } from "./real-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;
const BASE = `http://127.0.0.1:${PORT}`;
const ORIGIN = `http://localhost:${PORT}`;
const CONNECTIONS = 32;
/** The app's pool (db/client.ts). */
const APP_POOL = 10;

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "lms-bench-http-"));
const sqlLog = path.join(dataDir, "bench-sql.jsonl");

// ---- The server

function startServer(): ChildProcess {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--import", "./bench/sql-capture.mjs", "src/server/main.ts"],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(PORT),
        PUBLIC_URL: ORIGIN,
        LOG_LEVEL: "warn",
        SIGN_IN_RATE_LIMIT: "1000",
        BENCH_SQL_LOG: sqlLog,
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  return child;
}

/** The server's resident memory (VmRSS), in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0) / 1024;
}

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`Signing in as ${email} failed (${res.status})`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function getJson<T>(cookie: string, pathname: string): Promise<T> {
  const res = await fetch(`${BASE}${pathname}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  return (await res.json()) as T;
}

// ---- Measuring

type Figures = { rps: number; p50: number; p95: number; p99: number; errors: number; requests: number };

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

function figures(latencies: number[], seconds: number, errors: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: Math.round(sorted.length / seconds),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

type Target = {
  cookie: string;
  connections: number;
  requests: { method?: string; path: string; body?: string }[];
  /** requests per second per connection; unlimited when absent */
  rate?: number;
};

/** Runs the targets at once for `seconds`; latencies (ms) of every response, errors are non-2xx or failures. */
async function drive(targets: Target[], seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const runs = targets.map(
    (t) =>
      new Promise<number>((resolve, reject) => {
        const instance = autocannon(
          {
            url: BASE,
            connections: t.connections,
            duration: seconds,
            connectionRate: t.rate,
            headers: { cookie: t.cookie, origin: ORIGIN, "content-type": "application/json" },
            requests: t.requests.map((r) => ({
              method: (r.method ?? "GET") as "GET",
              path: r.path,
              body: r.body,
            })),
          },
          (err, result) => (err ? reject(err) : resolve(result.errors + result.timeouts)),
        );
        instance.on("response", (_client, status, _bytes, ms) => {
          latencies.push(ms);
          if (status >= 300) errors++;
        });
      }),
  );
  errors += (await Promise.all(runs)).reduce((a, b) => a + b, 0);
  return figures(latencies, seconds, errors);
}

/**
 * Users who think between requests: each waits a random, exponentially distributed pause (mean
 * 1/rate s) and then sends its next request over its own keep-alive socket, like a browser tab.
 * Their arrivals are independent, unlike autocannon's paced connections, which all fire on the same tick.
 */
type User = { cookie: string; paths: string[]; rate: number };
async function simulateUsers(users: User[], seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const get = (agent: http.Agent, cookie: string, pathname: string) =>
    new Promise<number>((resolve) => {
      const req = http.get(`${BASE}${pathname}`, { agent, headers: { cookie } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", () => resolve(0));
    });
  await Promise.all(
    users.map(async (u) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; ; i++) {
        await new Promise((r) => setTimeout(r, (-Math.log(1 - Math.random()) / u.rate) * 1000));
        if (performance.now() >= end) break;
        const start = performance.now();
        const status = await get(agent, u.cookie, u.paths[i % u.paths.length]);
        latencies.push(performance.now() - start);
        if (status < 200 || status >= 300) errors++;
      }
      agent.destroy();
    }),
  );
  return figures(latencies, seconds, errors);
}

// ---- The SQL of one request, replayed

type Statement = { text: string; values: unknown[] };

async function captureSql(server: ChildProcess, send: () => Promise<void>): Promise<Statement[]> {
  writeFileSync(sqlLog, "");
  // requests the load generator left in flight finish first
  await new Promise((r) => setTimeout(r, 1000));
  server.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 200));
  await send();
  await new Promise((r) => setTimeout(r, 200));
  server.kill("SIGUSR2");
  return (
    readFileSync(sqlLog, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Statement)
      // the job queue polls on its own connections; it is not the request's SQL
      .filter((st) => !/\bpgboss\./.test(st.text))
  );
}

/** 32 workers each run the request's statements one after another on a pool of the app's size, prepared. */
async function replay(url: string, statements: Statement[], seconds: number): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: url, max: APP_POOL });
  const named = statements.map((s, i) => ({ ...s, name: s.values.length ? `bench_${i}` : undefined }));
  const latencies: number[] = [];
  let errors = 0;
  const until = (ms: number) => performance.now() + ms;
  const work = async (end: number, record: boolean) => {
    while (performance.now() < end) {
      const start = performance.now();
      const client = await pool.connect();
      try {
        for (const s of named) await client.query({ name: s.name, text: s.text, values: s.values });
        if (record) latencies.push(performance.now() - start);
      } catch {
        errors++;
      } finally {
        client.release();
      }
    }
  };
  const warm = until(WARMUP_SECONDS * 1000);
  await Promise.all(Array.from({ length: CONNECTIONS }, () => work(warm, false)));
  const end = until(seconds * 1000);
  await Promise.all(Array.from({ length: CONNECTIONS }, () => work(end, true)));
  await pool.end();
  return figures(latencies, seconds, errors);
}

// ---- Event streams

function openStreams(cookie: string, count: number): Promise<http.ClientRequest[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<http.ClientRequest>((resolve, reject) => {
          const req = http.get(
            `${BASE}/api/events`,
            { agent, headers: { cookie, origin: ORIGIN } },
            (res) => {
              if (res.statusCode !== 200) reject(new Error(`events: ${res.statusCode}`));
              res.on("data", () => {});
              res.on("error", () => {});
              resolve(req);
            },
          );
          req.on("error", reject);
        }),
    ),
  );
}

// ---- The run

const fmt = (f: Figures) =>
  `${f.rps.toLocaleString("en-US")} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ${f.errors}`;

const server = startServer();
const results: Record<string, unknown> = {};
try {
  await waitHealthy(BASE, undefined, server);
  const dispatcher = await signIn("dispatcher@demo.test");
  const drivers = await Promise.all(["driver@demo.test", "driver2@demo.test"].map(signIn));
  const loads = await getJson<{ items: { id: string }[] }>(dispatcher, "/api/loads");
  const vehicles = await getJson<{ items: { id: string }[] }>(dispatcher, "/api/fleet/vehicles");
  const tolls = await getJson<{ items: { id: string }[] }>(dispatcher, "/api/tolls");
  const loadId = loads.items[0].id;
  const vehicleId = vehicles.items[0].id;
  const create = JSON.stringify(loadInput({ description: "Bench load" }));

  const scenarios: { name: string; cookie: string; method?: string; path: string; body?: string }[] = [
    { name: "single row: a toll", cookie: dispatcher, path: `/api/tolls/${tolls.items[0].id}` },
    { name: "a load's detail", cookie: dispatcher, path: `/api/loads/${loadId}` },
    { name: "a vehicle's detail", cookie: dispatcher, path: `/api/fleet/vehicles/${vehicleId}` },
    { name: "loads list, first page", cookie: dispatcher, path: "/api/loads" },
    { name: "loads search", cookie: dispatcher, path: "/api/loads?q=chicago" },
    { name: "create a load", cookie: dispatcher, method: "POST", path: "/api/loads", body: create },
  ];

  if (!ONLY) {
    // First, while the heap is small: 1,000 idle event streams on one instance.
    await new Promise((r) => setTimeout(r, 2000));
    const before = rssMb(server.pid!);
    const idle = await openStreams(dispatcher, 1000);
    await new Promise((r) => setTimeout(r, 5000));
    const after = rssMb(server.pid!);
    const health = await drive(
      [{ cookie: dispatcher, connections: 8, requests: [{ path: `/api/loads/${loadId}` }] }],
      5,
    );
    for (const s of idle) s.destroy();
    results.streams = {
      count: idle.length,
      rssBeforeMb: before,
      rssAfterMb: after,
      loadDetailMeanwhile: health,
    };
    console.log(
      `\n1,000 idle event streams: ${idle.length} open; server memory ${before.toFixed(0)} MB → ${after.toFixed(0)} MB ` +
        `(${(((after - before) * 1024) / idle.length).toFixed(1)} KB a stream); a load's detail meanwhile: ${fmt(health)}`,
    );
  }

  console.log(
    `\nServer pid ${server.pid}, data in ${dataDir}; ${SECONDS} s per run after ${WARMUP_SECONDS} s warm-up.\n`,
  );
  console.log(
    "| scenario | HTTP req/s | p50 ms | p95 ms | p99 ms | errors | SQL alone: per s | p50 | p95 | p99 | statements |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const s of scenarios.filter((x) => !ONLY || ONLY.test(x.name))) {
    const target: Target = { cookie: s.cookie, connections: CONNECTIONS, requests: [s] };
    await drive([target], WARMUP_SECONDS);
    const viaHttp = await drive([target], SECONDS);
    const statements = await captureSql(server, async () => {
      const res = await fetch(`${BASE}${s.path}`, {
        method: s.method ?? "GET",
        headers: { cookie: s.cookie, origin: ORIGIN, "content-type": "application/json" },
        body: s.body,
      });
      await res.arrayBuffer();
    });
    // A create's statements insert keys that now exist; replaying them would only measure refusals.
    const sqlAlone = s.method === "POST" ? null : await replay(embeddedUrl(dataDir), statements, SECONDS);
    results[s.name] = { http: viaHttp, sql: sqlAlone, statements: statements.length };
    console.log(
      `| ${s.name} | ${fmt(viaHttp)} | ${
        sqlAlone
          ? `${sqlAlone.rps.toLocaleString("en-US")} | ${sqlAlone.p50.toFixed(1)} | ${sqlAlone.p95.toFixed(1)} | ${sqlAlone.p99.toFixed(1)}`
          : "— | — | — | —"
      } | ${statements.length} |`,
    );
  }

  if (!ONLY) {
    // 200 users: 140 dispatchers at 2 requests a second each (list, search, a load, a truck, a status
    // filter), 60 drivers polling their dashboard every second; each user with an open event stream.
    const streams = [
      ...(await openStreams(dispatcher, 140)),
      ...(await openStreams(drivers[0], 30)),
      ...(await openStreams(drivers[1], 30)),
    ];
    const dispatcherPaths = [
      "/api/loads",
      "/api/loads?q=chicago",
      `/api/loads/${loadId}`,
      `/api/fleet/vehicles/${vehicleId}`,
      "/api/loads?status=in_progress",
    ];
    const users: User[] = [
      ...Array.from({ length: 140 }, () => ({ cookie: dispatcher, paths: dispatcherPaths, rate: 2 })),
      ...Array.from({ length: 60 }, (_, i) => ({
        cookie: drivers[i % 2],
        paths: ["/api/driver-dashboard"],
        rate: 1,
      })),
    ];
    await simulateUsers(users, WARMUP_SECONDS);
    const mix = await simulateUsers(users, SECONDS);
    // The same 200 users with no pause between requests: what the instance can take.
    const saturated = await drive(
      [
        { cookie: dispatcher, connections: 140, requests: dispatcherPaths.map((p) => ({ path: p })) },
        ...drivers.map((cookie) => ({
          cookie,
          connections: 30,
          requests: [{ path: "/api/driver-dashboard" }],
        })),
      ],
      SECONDS,
    );
    for (const s of streams) s.destroy();
    results.mix = { steady: mix, saturated };
    console.log("\n| 200 users, 200 open event streams | req/s | p50 ms | p95 ms | p99 ms | errors |");
    console.log("|---|---:|---:|---:|---:|---:|");
    console.log(`| thinking users: 2 requests/s per dispatcher, 1/s per driver (~340/s) | ${fmt(mix)} |`);
    console.log(`| no pause between requests (autocannon, 200 connections) | ${fmt(saturated)} |`);
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  else if (statSync(sqlLog, { throwIfNoEntry: false })) rmSync(sqlLog);
}
