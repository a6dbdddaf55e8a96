/**
 * Throughput of single-row reads and the loads list with wrk (issue 42, targets 4 and 5). Starts the real
 * server (`src/server/main.ts`, as `npm start` runs it, embedded PostgreSQL) on a free port with its own
 * DATA_DIR, signs in as the demo users over HTTP, and drives each route with `wrk -t2 -c32 -d10s` right
 * after `/api/me` driven the same way, so every route's req/s is read as a ratio to `/api/me` measured
 * on the same machine a few seconds apart (the machine is shared and noisy; the ratio is the figure).
 *
 *   npm run bench:wrk
 *
 * Settings: BENCH_DATA_DIR (a database to use, e.g. a copy of the 10 k or the 1 M seed; without it a
 * new temporary directory gets the demo data and is removed afterwards), BENCH_SECONDS (10),
 * BENCH_ONLY=<regex> for the matching routes only, BENCH_JSON=<file> to also write the numbers as JSON.
 * wrk is installed with apt-get when it is missing. The load generator runs on the same cores as the app.
 *
 * Next to the req/s, each run's CPU time per request of the server and its PostgreSQL (the postmaster
 * and its backends, from /proc): on a machine shared with other work the req/s follow the neighbours,
 * the CPU time per request much less, and `/api/me`'s over the route's is the ratio on a quiet machine.
 *
 * Targets: single-row reads ≥ 4,000 req/s and ≥ 0.45× `/api/me`; the loads list ≥ 1,500 req/s and
 * ≥ 0.15×; `/api/health` cheap.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, signIn, startServer, waitHealthy } from "./real-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null;

// ---- wrk

function ensureWrk() {
  if (spawnSync("wrk", ["--version"]).error === undefined) return;
  console.log("wrk is missing: installing it with apt-get…");
  const root = process.getuid?.() === 0 ? [] : ["sudo"];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...root, ...args];
    const res = spawnSync(cmd, rest, { stdio: "inherit" });
    if (res.status !== 0) throw new Error(`${args.join(" ")} failed (${res.status})`);
  };
  run(["apt-get", "update"]);
  run(["apt-get", "install", "-y", "wrk"]);
}

type Figures = { rps: number; p50: number; p99: number; requests: number; errors: number };

/** wrk's latency figures ("812.00us", "3.21ms", "1.02s") in ms. */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!m) throw new Error(`Unreadable latency: ${text}`);
  const unit = { us: 0.001, ms: 1, s: 1000, m: 60_000 }[m[2] as "us" | "ms" | "s" | "m"];
  return Number(m[1]) * unit;
}

/** `wrk -t2 -c32 -d<seconds>s --latency` on one URL with the cookie; non-2xx/3xx answers and socket errors are errors. */
function wrk(url: string, cookie: string | undefined, seconds: number): Figures {
  const args = ["-t2", "-c32", `-d${seconds}s`, "--latency"];
  if (cookie) args.push("-H", `Cookie: ${cookie}`);
  args.push(url);
  const out = execFileSync("wrk", args, { encoding: "utf8" });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const p50 = /\s50%\s+(\S+)/.exec(out)?.[1];
  const p99 = /\s99%\s+(\S+)/.exec(out)?.[1];
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  if (!rps || !p50 || !p99) throw new Error(`Unreadable wrk output:\n${out}`);
  return { rps: Math.round(rps), p50: ms(p50), p99: ms(p99), requests, errors: non2xx + socketErrors };
}

// ---- CPU time: what a request costs however busy the machine is

const CLK_TCK = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;

/** Fields 3… of /proc/<pid>/stat (after the command's name), or undefined once the process is gone. */
function stat(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/**
 * CPU seconds (user + system) of the server's process and of its PostgreSQL: the postmaster's own,
 * those of the backends it has forked and that still run, and — through the postmaster's children's
 * times — those of every backend that has exited, so a connection closed by the pool keeps its time.
 */
function serverCpuSeconds(serverPid: number): number {
  const postmaster = Number(
    readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0],
  );
  const seconds = (fields: string[] | undefined, withChildren = false) =>
    fields
      ? (Number(fields[11]) +
          Number(fields[12]) +
          (withChildren ? Number(fields[13]) + Number(fields[14]) : 0)) /
        CLK_TCK
      : 0;
  let total = seconds(stat(serverPid)) + seconds(stat(postmaster), true);
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    const fields = stat(Number(d));
    if (fields && Number(fields[1]) === postmaster) total += seconds(fields);
  }
  return total;
}

/**
 * The app's and its database's CPU time per request over a wrk run, in ms. On a shared machine
 * req/s follow whatever else runs; CPU time per request does not, so `/api/me`'s CPU time over the
 * route's is the ratio the routes would show on a quiet machine of their own.
 */
function cpuPerRequest(serverPid: number, run: () => Figures): Figures & { cpuMs: number } {
  const before = serverCpuSeconds(serverPid);
  const figures = run();
  const after = serverCpuSeconds(serverPid);
  return { ...figures, cpuMs: ((after - before) * 1000) / Math.max(1, figures.requests) };
}

// ---- The server

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const BASE = `http://127.0.0.1:${port}`;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "lms-bench-wrk-"));

async function firstId(cookie: string, pathname: string): Promise<string> {
  const res = await fetch(`${BASE}${pathname}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  const body = (await res.json()) as { items: { id: string }[] };
  if (!body.items.length) throw new Error(`${pathname}: no rows to read`);
  return body.items[0].id;
}

// ---- The run

type Route = { name: string; kind: "single" | "list" | "health"; path: string; cookie?: string };
const TARGETS = { single: { rps: 4000, ratio: 0.45 }, list: { rps: 1500, ratio: 0.15 } } as const;

const fmt = (n: number) => n.toLocaleString("en-US");
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

ensureWrk();
const server = startServer(dataDir, port);
const results: Record<string, unknown> = { dataDir, seconds: SECONDS, routes: {} };
try {
  await waitHealthy(BASE, undefined, server);
  const dispatcher = await signIn(port, "dispatcher@demo.test");
  const accountant = await signIn(port, "accountant@demo.test");
  const routes: Route[] = [
    { name: "/api/health", kind: "health", path: "/api/health" },
    { name: "a toll", kind: "single", path: `/api/tolls/${await firstId(dispatcher, "/api/tolls")}` },
    {
      name: "a vehicle",
      kind: "single",
      path: `/api/fleet/vehicles/${await firstId(dispatcher, "/api/fleet/vehicles")}`,
    },
    { name: "a driver", kind: "single", path: `/api/drivers/${await firstId(dispatcher, "/api/drivers")}` },
    {
      name: "a customer",
      kind: "single",
      path: `/api/customers/${await firstId(dispatcher, "/api/customers")}`,
    },
    {
      name: "an invoice",
      kind: "single",
      path: `/api/invoices/${await firstId(accountant, "/api/invoices")}`,
      cookie: accountant,
    },
    {
      name: "a load's detail",
      kind: "single",
      path: `/api/loads/${await firstId(dispatcher, "/api/loads")}`,
    },
    { name: "the loads list, first page", kind: "list", path: "/api/loads" },
  ];

  console.log(
    `\nwrk -t2 -c32 -d${SECONDS}s, each route right after /api/me (same user); server pid ${server.pid}, data in ${dataDir}\n`,
  );
  console.log(
    "| route | req/s | p50 ms | p99 ms | errors | /api/me req/s | ratio | CPU ms/request (route, /api/me) | CPU ratio | target | load average (1, 5, 15 min) |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const r of routes.filter((x) => !ONLY || ONLY.test(x.name))) {
    const cookie = r.cookie ?? dispatcher;
    wrk(`${BASE}${r.path}`, cookie, WARMUP_SECONDS);
    const me = cpuPerRequest(server.pid!, () => wrk(`${BASE}/api/me`, cookie, SECONDS));
    const route = cpuPerRequest(server.pid!, () =>
      wrk(`${BASE}${r.path}`, r.kind === "health" ? undefined : cookie, SECONDS),
    );
    const ratio = route.rps / me.rps;
    const cpuRatio = me.cpuMs / route.cpuMs;
    const target = r.kind === "health" ? null : TARGETS[r.kind];
    const met = target ? route.rps >= target.rps && ratio >= target.ratio : null;
    const load = loadAverage();
    (results.routes as Record<string, unknown>)[r.name] = {
      path: r.path,
      me,
      route,
      ratio,
      cpuRatio,
      met,
      load,
    };
    console.log(
      `| ${r.name} | ${fmt(route.rps)} | ${route.p50.toFixed(2)} | ${route.p99.toFixed(2)} | ${route.errors} | ${fmt(me.rps)} | ${ratio.toFixed(2)}× | ${route.cpuMs.toFixed(3)}, ${me.cpuMs.toFixed(3)} | ${cpuRatio.toFixed(2)}× | ${
        target ? `≥ ${fmt(target.rps)} and ≥ ${target.ratio}×: ${met ? "met" : "not met"}` : "cheap"
      } | ${load} |`,
    );
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
