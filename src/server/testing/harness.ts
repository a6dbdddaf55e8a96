import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { createApp } from "../app";
import { type Config, DEFAULT_COMPANY } from "../config";
import { createDb, runMigrations } from "../db/client";
import type { Deps } from "../deps";
import { createLogger } from "../logger";
import { createAuth } from "../modules/auth/auth";
import { watchCompanySettings } from "../modules/settings/company-settings";
import { createDbEvents } from "../platform/events/db-events";
import { createMailer } from "../platform/mail/mailer";
import { blobStoreFor, createStorage } from "../platform/storage/storage";
import { DEMO_PASSWORD } from "../seed/demo-accounts";

export const TEST_ORIGIN = "http://localhost:3000";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 3000,
    host: "127.0.0.1",
    dataDir: "/tmp/lms-test-unused",
    databaseUrl: undefined,
    preparedStatements: true,
    authSecret: "test-secret-test-secret-test-secret-0123456789",
    publicUrl: TEST_ORIGIN,
    trustedOrigins: [TEST_ORIGIN],
    demoData: false,
    production: false,
    trustProxy: true,
    signInRateLimit: 10_000,
    smtpUrl: undefined,
    mailFrom: "LMS <no-reply@lms.test>",
    logLevel: "error",
    // A copy: saved company settings change an instance's profile in place (decision 029).
    company: { ...DEFAULT_COMPANY },
    sendQueuesAtOnce: false,
    ...overrides,
  };
}

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject("testServerUrl") });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file, cloned from the migrated, demo-seeded template. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lms_t_${randomBytes(6).toString("hex")}`;
  const template = inject("templateDatabase");
  await withServer(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`create database ${name} template ${template}`);
        return;
      } catch (err) {
        // Two files cloning at the same instant can briefly see each other's copy in progress.
        if (attempt >= 10) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  });
  const url = new URL(inject("testServerUrl"));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withServer((c) => c.query(`drop database if exists ${name} with (force)`).then(() => undefined)),
  };
}

/** A new installation's database: migrated, with no rows but what the migrations add (restore tests). */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lms_e_${randomBytes(6).toString("hex")}`;
  await withServer((client) => client.query(`create database ${name} template template0`));
  const url = new URL(inject("testServerUrl"));
  url.pathname = `/${name}`;
  const { db, pool } = createDb(url.toString(), 2);
  try {
    await runMigrations(db);
  } finally {
    await pool.end();
  }
  return {
    url: url.toString(),
    drop: () =>
      withServer((c) => c.query(`drop database if exists ${name} with (force)`).then(() => undefined)),
  };
}

export interface TestContext {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  /** Another app instance on the same database and files (its own pool and listener), closed with this one. */
  anotherInstance(): Promise<AppInstance>;
  /** The test database's URL (a job queue or a second client of the same database). */
  databaseUrl: string;
  close(): Promise<void>;
}

export interface AppInstance {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  close(): Promise<void>;
}

/** One app instance: its pool, its LISTEN connection, its auth — as `npm start` builds them. */
async function startInstance(databaseUrl: string, config: Config): Promise<AppInstance> {
  const { db, pool } = createDb(databaseUrl, 5);
  const log = createLogger(config.logLevel);
  const deps: Deps = {
    config,
    db,
    pool,
    events: createDbEvents({ connectionString: databaseUrl }, log),
    log,
    auth: createAuth(config, db),
    mailer: createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
    storage: createStorage(blobStoreFor(config)),
  };
  await watchCompanySettings(deps);
  const app = createApp(deps);
  // The actor cache listens from here on: tests start with it live (a busy machine may take a while).
  for (let waited = 0; !deps.events.live && waited < 15_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    deps,
    app,
    async close() {
      await deps.events.close();
      await pool.end();
    },
  };
}

/** The whole app on a fresh database. Call in beforeAll; close in afterAll. */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "lms-files-"));
  const config = testConfig({ dataDir, ...overrides });
  const first = await startInstance(database.url, config);
  const others: AppInstance[] = [];
  return {
    ...first,
    databaseUrl: database.url,
    async anotherInstance() {
      const instance = await startInstance(database.url, config);
      others.push(instance);
      return instance;
    },
    async close() {
      for (const instance of others.splice(0)) await instance.close();
      await first.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  headers?: Record<string, string>;
}

type DeclaredOperation = {
  method: string;
  path: string;
  pattern: RegExp;
  params: number;
  statuses: Set<string>;
};
const declaredOperations = new WeakMap<object, DeclaredOperation[]>();

/** The app's operations as /api/openapi.json declares them: method, path pattern and the statuses listed. */
function operationsOf(app: AppInstance["app"]): DeclaredOperation[] {
  const known = declaredOperations.get(app);
  if (known) return known;
  const doc = app.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "test", version: "0" } });
  const operations = Object.entries(doc.paths ?? {}).flatMap(([template, item]) =>
    Object.entries(item ?? {})
      .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path: template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`),
        params: (template.match(/\{/g) ?? []).length,
        statuses: new Set(Object.keys((op as { responses?: object }).responses ?? {})),
      })),
  );
  declaredOperations.set(app, operations);
  return operations;
}

/**
 * Every refusal an operation gives must be one its declaration lists (decision 047): a 404 for a path
 * with an id, a 409 where the record's state refuses, a 413, a 429… A test that meets an undeclared
 * one fails here, naming the operation, so the document never promises less than the server does.
 */
function expectDeclared(app: AppInstance["app"], method: string, url: string, status: number, code: unknown) {
  if (status < 400 || status >= 500) return;
  const pathname = new URL(url, "http://test").pathname;
  const matching = operationsOf(app)
    .filter((op) => op.method === method && op.pattern.test(pathname))
    .sort((a, b) => a.params - b.params);
  const op = matching[0];
  if (!op || op.statuses.has(String(status))) return;
  const message =
    `${method} ${op.path} answered ${status}${code ? ` ${String(code)}` : ""}, which its declaration does not list: ` +
    "declare it (`conflict:`, `rateLimited:`, a summary naming the 409, or `responses`)";
  if (process.env.UNDECLARED_LOG) appendFileSync(process.env.UNDECLARED_LOG, `${message}\n`);
  else throw new Error(message);
}

/** One API call as a browser on our origin would make it. */
export async function call(ctx: Pick<AppInstance, "app">, path: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  const res = await ctx.app.request(path, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  // An event stream never ends: its status and headers are the answer (tests read it with its own reader).
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, json: null, headers: res.headers };
  }
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  const method = (opts.method ?? (opts.body === undefined ? "GET" : "POST")).toUpperCase();
  expectDeclared(ctx.app, method, path, res.status, json?.error?.code);
  return { status: res.status, json, headers: res.headers };
}

/** `name=value` pairs of the Set-Cookie headers, merged over an existing Cookie header. */
export function mergeCookies(existing: string | undefined, res: { headers: Headers }): string {
  const jar = new Map<string, string>();
  for (const part of (existing ?? "").split(/;\s*/).filter(Boolean)) {
    const [k, ...v] = part.split("=");
    jar.set(k, v.join("="));
  }
  for (const raw of res.headers.getSetCookie()) {
    const [pair, ...attrs] = raw.split(";");
    const [k, ...v] = pair.split("=");
    const expired = attrs.some((a) => /max-age=0/i.test(a.trim()));
    if (expired || v.join("=") === "") jar.delete(k.trim());
    else jar.set(k.trim(), v.join("="));
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export async function signIn(ctx: TestContext, email: string, password = DEMO_PASSWORD, ip = "203.0.113.10") {
  const res = await call(ctx, "/api/auth/sign-in/email", {
    body: { email, password },
    headers: { "x-forwarded-for": ip },
  });
  if (res.status !== 200)
    throw new Error(`sign-in as ${email} failed: ${res.status} ${JSON.stringify(res.json)}`);
  return mergeCookies(undefined, res);
}
