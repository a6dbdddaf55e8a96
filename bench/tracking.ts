/**
 * Live tracking under load (issue 40). Starts the real server (`src/server/main.ts`, embedded
 * PostgreSQL, demo data) in a scratch DATA_DIR, adds 300 drivers who sign in over HTTP, each on a
 * load in progress with consent given, and measures:
 *
 *  1. ingestion: every driver posts a one-point batch every 30 s (10 batches/s), their start times
 *     spread over the first 30 s, for BENCH_SECONDS (120 by default; the issue's 10 minutes with
 *     BENCH_SECONDS=600) — p50/p95/p99, and the rows stored against the points sent;
 *  2. a burst: the 300 drivers post at the same instant — p95, rows stored;
 *  3. `GET /api/tracking/map` with the 300 trucks (and the demo's), 4 at a time, next to `GET /api/me`
 *     measured the same way, as a ratio;
 *  4. a position reaching a dispatcher's open event stream: POST sent → `event: position` read.
 *
 *   npm run bench:tracking            # BENCH_SECONDS, BENCH_PORT (4103), BENCH_DATA_DIR, BENCH_JSON
 *
 * At scale: `DATA_DIR=/tmp/lms-1m npm run db:seed -- --loads 1000000` (each generated driver's truck
 * gets a fix on their load in progress), then `BENCH_DATA_DIR=/tmp/lms-1m BENCH_MAP_ONLY=1 npm run
 * bench:tracking` measures 3 and 4's reference (`/api/me`) only, on those trucks.
 *
 * The load generator runs on the same machine and cores as the app and its database.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDb } from "../src/server/db/client";
import { createAccount, hashPassword } from "../src/server/modules/auth/accounts";
import { DEMO_PASSWORD } from "../src/server/seed/demo-accounts";
import { embeddedUrl, waitHealthy } from "./real-server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
/** Only the map next to /api/me, on the trucks the data set already has (a generated million loads). */
const MAP_ONLY = process.env.BENCH_MAP_ONLY === "1";
const PORT = Number(process.env.BENCH_PORT ?? 4103);
const BASE = `http://127.0.0.1:${PORT}`;
const ORIGIN = `http://localhost:${PORT}`;
const DRIVERS = 300;
const INTERVAL_MS = 30_000;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "lms-bench-tracking-"));

function startServer(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(PORT),
      PUBLIC_URL: ORIGIN,
      LOG_LEVEL: "warn",
      SIGN_IN_RATE_LIMIT: "100000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`Signing in as ${email} failed (${res.status})`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

type Figures = { requests: number; p50: number; p95: number; p99: number; errors: number };
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
function figures(latencies: number[], errors: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
  };
}

/** One request over the driver's own keep-alive socket (like a phone's browser). */
function request(
  agent: http.Agent,
  cookie: string,
  method: string,
  pathname: string,
  body?: string,
): Promise<{ status: number; ms: number; text: string }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      `${BASE}${pathname}`,
      {
        method,
        agent,
        headers: { cookie, origin: ORIGIN, ...(body ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, text }));
      },
    );
    req.on("error", () => resolve({ status: 0, ms: performance.now() - start, text: "" }));
    req.end(body);
  });
}

type Driver = { id: string; cookie: string; agent: http.Agent; lat: number; lon: number };
const batch = (d: Driver, at = new Date()) => {
  d.lat += 0.003;
  return JSON.stringify({ points: [{ t: at.toISOString(), lat: d.lat, lon: d.lon, acc: 10, spd: 24 }] });
};

/** Measures `pathname` `count` times, `concurrency` at a time. */
async function measureGet(cookie: string, pathname: string, count: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const r = await request(agent, cookie, "GET", pathname);
        latencies.push(r.ms);
        if (r.status !== 200) errors++;
      }
    }),
  );
  agent.destroy();
  return figures(latencies, errors);
}

/** The dispatcher's event stream: resolves each `position` event's arrival time by unit key. */
function openStream(cookie: string) {
  const waiting = new Map<string, (at: number) => void>();
  let ready: () => void = () => {};
  const isReady = new Promise<void>((r) => {
    ready = r;
  });
  const req = http.get(`${BASE}/api/events`, { headers: { cookie, origin: ORIGIN } }, (res) => {
    let buffer = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes("event: ready")) ready();
        if (block.includes("event: position")) {
          const data = block.split("\n").find((l) => l.startsWith("data:"));
          const event = data ? (JSON.parse(data.slice(5)) as { unitKey: string; recordedAt: string }) : null;
          const key = event ? `${event.unitKey} ${event.recordedAt}` : "";
          waiting.get(key)?.(performance.now());
          waiting.delete(key);
        }
        end = buffer.indexOf("\n\n");
      }
    });
  });
  return {
    ready: isReady,
    expect: (key: string) => new Promise<number>((resolve) => waiting.set(key, resolve)),
    close: () => req.destroy(),
  };
}

const server = startServer();
const results: Record<string, unknown> = {};
let conn: ReturnType<typeof createDb> | null = null;
try {
  const startedAt = performance.now();
  await waitHealthy(BASE, undefined, server);
  conn = createDb(embeddedUrl(dataDir), 4);

  const drivers: Driver[] = [];
  let setupSeconds = 0;
  if (!MAP_ONLY) {
    // ---- 300 drivers with a sign-in, consent, and a load in progress each (a copy of the demo's)
    const password = "Bench-Tracking-2026!";
    const hash = await hashPassword(password);
    const ids: string[] = [];
    await conn.db.transaction(async (tx) => {
      for (let i = 0; i < DRIVERS; i++) {
        await createAccount(tx, {
          name: `Bench Driver ${i + 1}`,
          email: `bench-driver-${i + 1}@bench.test`,
          role: "driver",
          passwordHash: hash,
        });
      }
      const { rows } = await tx.execute<{ id: string }>(sql`
        select d.id from drivers d join users u on u.id = d.user_id
        where u.email like 'bench-driver-%@bench.test'
        order by substring(u.email from 'bench-driver-([0-9]+)@')::int`);
      ids.push(...rows.map((r) => r.id));
      await tx.execute(sql`
        with template as (select * from loads where status = 'in_progress' order by load_number limit 1),
        bench as (select d.id as driver_id, row_number() over (order by d.id) as n from drivers d
          join users u on u.id = d.user_id where u.email like 'bench-driver-%@bench.test'),
        made as (
          insert into loads
          select (jsonb_populate_record(null::loads, to_jsonb(t) || jsonb_build_object(
            'id', gen_random_uuid(), 'load_number', 'BENCH-' || lpad(b.n::text, 4, '0'),
            'driver_id', b.driver_id, 'vehicle_id', null, 'trailer_id', null))).*
          from template t, bench b
          returning id, driver_id
        )
        insert into load_stops
        select (jsonb_populate_record(null::load_stops, to_jsonb(s) || jsonb_build_object(
          'id', gen_random_uuid(), 'load_id', m.id))).*
        from made m, load_stops s where s.load_id = (select id from template)`);
      await tx.execute(sql`
        insert into driver_location_consents (driver_id, consented_at, user_agent)
        select d.id, now(), 'bench' from drivers d join users u on u.id = d.user_id
        where u.email like 'bench-driver-%@bench.test'`);
    });
    for (let i = 0; i < DRIVERS; i += 20) {
      const cookies = await Promise.all(
        ids.slice(i, i + 20).map((_, j) => signIn(`bench-driver-${i + j + 1}@bench.test`, password)),
      );
      for (const [j, cookie] of cookies.entries()) {
        drivers.push({
          id: ids[i + j],
          cookie,
          agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
          lat: 36 + ((i + j) % 30) * 0.3,
          lon: -100 + Math.floor((i + j) / 30) * 1.5,
        });
      }
    }
    setupSeconds = (performance.now() - startedAt) / 1000;
    const stored = async () => {
      const { rows } = await conn!.db.execute<{ n: number }>(sql`
        select count(*)::int as n from vehicle_positions
        where source = 'phone' and subject_id in (
          select d.id from drivers d join users u on u.id = d.user_id where u.email like 'bench-driver-%@bench.test')`);
      return rows[0].n;
    };

    // ---- 1. Sustained: each driver every 30 s
    const loadBefore = os.loadavg()[0];
    const latencies: number[] = [];
    let errors = 0;
    let sent = 0;
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(
      drivers.map(async (d) => {
        await new Promise((r) => setTimeout(r, Math.random() * INTERVAL_MS));
        while (performance.now() < end) {
          const tick = performance.now();
          const r = await request(d.agent, d.cookie, "POST", "/api/tracking/positions", batch(d));
          sent++;
          latencies.push(r.ms);
          if (r.status !== 200 || JSON.parse(r.text).accepted !== 1) errors++;
          await new Promise((res) => setTimeout(res, Math.max(0, INTERVAL_MS - (performance.now() - tick))));
        }
      }),
    );
    const sustained = { ...figures(latencies, errors), sent, stored: await stored(), seconds: SECONDS };
    results.sustained = { ...sustained, loadAverage: [loadBefore, os.loadavg()[0]] };

    // ---- 2. A burst: all 300 at the same instant
    const before = await stored();
    const burstAt = new Date();
    const burst = await Promise.all(
      drivers.map((d) => request(d.agent, d.cookie, "POST", "/api/tracking/positions", batch(d, burstAt))),
    );
    const burstFigures = {
      ...figures(
        burst.map((r) => r.ms),
        burst.filter((r) => r.status !== 200).length,
      ),
      sent: DRIVERS,
      stored: (await stored()) - before,
    };
    results.burst = burstFigures;
    // The same 300 sockets asking who they are at once: what a burst costs before any work.
    await new Promise((r) => setTimeout(r, 2000));
    const meBurst = await Promise.all(drivers.map((d) => request(d.agent, d.cookie, "GET", "/api/me")));
    results.meBurst = figures(
      meBurst.map((r) => r.ms),
      meBurst.filter((r) => r.status !== 200).length,
    );
  }
  // ---- 3. The map with the 300 trucks, next to /api/me
  const dispatcher = await signIn("dispatcher@demo.test");
  const trucks = (
    JSON.parse((await request(new http.Agent(), dispatcher, "GET", "/api/tracking/map")).text) as {
      trucks: unknown[];
    }
  ).trucks.length;
  await measureGet(dispatcher, "/api/tracking/map", 50, 4); // warm-up
  const map = await measureGet(dispatcher, "/api/tracking/map", 400, 4);
  await measureGet(dispatcher, "/api/me", 50, 4);
  const me = await measureGet(dispatcher, "/api/me", 400, 4);
  // One dispatcher opening the map (one request at a time), next to /api/me the same way.
  const mapAlone = await measureGet(dispatcher, "/api/tracking/map", 200, 1);
  const meAlone = await measureGet(dispatcher, "/api/me", 200, 1);
  results.map = { trucks, map, me, mapAlone, meAlone, ratioP95: map.p95 / me.p95 };

  if (!MAP_ONLY) {
    // ---- 4. A position reaching the dispatcher's stream
    const stream = openStream(dispatcher);
    await stream.ready;
    const sse: number[] = [];
    for (let i = 0; i < 30; i++) {
      const d = drivers[i];
      const at = new Date();
      const arrival = stream.expect(`driver:${d.id} ${at.toISOString()}`);
      const start = performance.now();
      await request(d.agent, d.cookie, "POST", "/api/tracking/positions", batch(d, at));
      sse.push(
        (await Promise.race([arrival, new Promise<number>((r) => setTimeout(() => r(Number.NaN), 5000))])) -
          start,
      );
    }
    stream.close();
    results.sse = figures(
      sse.filter((v) => !Number.isNaN(v)),
      sse.filter((v) => Number.isNaN(v)).length,
    );
  }
  const f = (x: number) => x.toFixed(1);
  if (!MAP_ONLY)
    console.log(`\nSetup (server start, ${DRIVERS} drivers signed in): ${setupSeconds.toFixed(0)} s`);
  console.log(
    `Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")}`,
  );
  console.log("\n| Scenario | requests | p50 ms | p95 ms | p99 ms | errors | rows stored / sent |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  const line = (name: string, x: Figures, rows = "") =>
    console.log(
      `| ${name} | ${x.requests} | ${f(x.p50)} | ${f(x.p95)} | ${f(x.p99)} | ${x.errors} | ${rows} |`,
    );
  if (!MAP_ONLY) {
    const s = results.sustained as Figures & { stored: number; sent: number };
    line(`${DRIVERS} drivers every 30 s for ${SECONDS} s`, s, `${s.stored} / ${s.sent}`);
    const b = results.burst as Figures & { stored: number; sent: number };
    line(`burst of ${DRIVERS} at once`, b, `${b.stored} / ${b.sent}`);
    line(`burst of ${DRIVERS} GET /api/me at once (reference)`, results.meBurst as Figures);
  }
  line(`GET /api/tracking/map (${trucks} trucks), 4 at a time`, map);
  line("GET /api/me, 4 at a time", me);
  line(`GET /api/tracking/map (${trucks} trucks), one at a time`, mapAlone);
  line("GET /api/me, one at a time", meAlone);
  if (!MAP_ONLY) line("position POST → dispatcher's stream event", results.sse as Figures);
  console.log(
    `\nmap p95 / me p95 = ${(map.p95 / me.p95).toFixed(1)}× (4 at a time), ${(mapAlone.p95 / meAlone.p95).toFixed(1)}× (one at a time)`,
  );
  if (!MAP_ONLY) {
    const b = results.burst as Figures;
    console.log(`burst p95 / me burst p95 = ${(b.p95 / (results.meBurst as Figures).p95).toFixed(1)}×`);
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
} finally {
  await conn?.pool.end();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
}
