/**
 * The app in this process, for benchmarks that time a request next to the SQL it ran (issue 42's
 * "≤ 1.5× its own SQL"): the pool records every statement a request sends, and `replay` runs the same
 * statements again on the same pool, those the request ran at the same time at the same time.
 * `bench/search-boxes.ts` uses it; `bench/loads-list.ts` has its own copy of the same idea.
 */
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

export interface Sent {
  text: string;
  values: unknown[] | undefined;
  rowMode: string | undefined;
  start: number;
  end: number;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
}

/** Auth and session bookkeeping are the API's overhead, not the screen's SQL. */
const AUTH_TABLES =
  /\b(from|into|update)\s+"?(sessions|users|accounts|verifications|app_users|rate_limits)"?/i;

export async function openInProcessApp() {
  const config = { ...loadConfig(), logLevel: "warn" as const, signInRateLimit: 1000 };
  const origin = new URL(config.publicUrl).origin;
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
      const done = () => (entry.end = performance.now());
      (result as Promise<unknown>).then(done, done);
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
  // As in production (main.ts), requests are built from @hono/node-server's classes.
  getRequestListener(app.fetch);
  await deps.events.sync();

  /** The body as the server would send it (a `c.json()` answer holds its string). */
  async function bodyOf(res: Response): Promise<string> {
    const cache = Object.getOwnPropertySymbols(res).find((k) => k.description === "cache");
    const held = cache ? (res as unknown as Record<symbol, [number, unknown, unknown]>)[cache] : undefined;
    return typeof held?.[1] === "string" ? held[1] : res.text();
  }

  const request = (pathname: string, init: RequestInit = {}) =>
    app.fetch(new Request(`${origin}${pathname}`, init));

  async function signIn(email: string): Promise<string> {
    const res = await request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    if (res.status !== 200)
      throw new Error(`Signing in as ${email} failed (${res.status}): seed the data first`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  /** GET as the cookie's user: the body (throws on anything but 200). */
  async function get(pathname: string, cookie: string): Promise<string> {
    const res = await request(pathname, { headers: { cookie } });
    const body = await bodyOf(res);
    if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}: ${body.slice(0, 200)}`);
    return body;
  }

  /** The request's own SQL (session lookups left out), grouped into what ran at the same time. */
  async function captureSql(pathname: string, cookie: string): Promise<Sent[][]> {
    const sent: Sent[] = [];
    recording = sent;
    try {
      await get(pathname, cookie);
    } finally {
      recording = null;
    }
    const out: Sent[][] = [];
    let end = Number.NEGATIVE_INFINITY;
    const own = sent.filter((q) => !AUTH_TABLES.test(q.text));
    for (const q of own.sort((a, b) => a.start - b.start)) {
      if (q.start >= end || out.length === 0) out.push([q]);
      else out[out.length - 1].push(q);
      end = Math.max(end, q.end);
    }
    return out;
  }

  async function replay(plan: Sent[][]): Promise<void> {
    for (const phase of plan)
      await Promise.all(phase.map((q) => poolQuery({ text: q.text, rowMode: q.rowMode }, q.values)));
  }

  async function explain(plan: Sent[][]): Promise<string> {
    const out: string[] = [];
    for (const q of plan.flat()) {
      if (!/^\s*(select|with)/i.test(q.text)) continue;
      const { rows } = await poolQuery(`explain (analyze, buffers) ${q.text}`, q.values);
      out.push(
        q.text,
        JSON.stringify(q.values),
        ...(rows as Array<{ "QUERY PLAN": string }>).map((r) => r["QUERY PLAN"]),
      );
    }
    return out.join("\n");
  }

  return {
    config,
    db,
    pool,
    get,
    signIn,
    captureSql,
    replay,
    explain,
    machine: () =>
      `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}; load average ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")}`,
    async close() {
      await deps.events.close();
      await database.close();
    },
  };
}

export function stats(times: number[]): Stats {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  return { n: s.length, p50: at(0.5), p95: at(0.95) };
}

/**
 * Two pieces of work timed in turns (which goes first alternates), so a neighbour's burst of noise
 * lands on both columns, not on one.
 */
export async function measurePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  { runs, warmup, maxSeconds }: { runs: number; warmup: number; maxSeconds: number },
): Promise<{ a: Stats; b: Stats }> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const times = { a: [] as number[], b: [] as number[] };
  const timed = async (side: "a" | "b") => {
    const t = performance.now();
    await (side === "a" ? a() : b());
    times[side].push(performance.now() - t);
  };
  const deadline = performance.now() + maxSeconds * 1000;
  for (let i = 0; i < runs && (i < 10 || performance.now() < deadline); i++) {
    const [first, second] = i % 2 ? (["a", "b"] as const) : (["b", "a"] as const);
    await timed(first);
    await timed(second);
  }
  return { a: stats(times.a), b: stats(times.b) };
}
