import type { Role } from "@shared/access";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BY_ROLE } from "../testing/demo-users";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../testing/harness";

/*
 * Malformed and hostile input over every operation of the OpenAPI document: bounded, seeded
 * (FUZZ_SEED repeats a run, FUZZ_ROUNDS widens it), and failing on any 5xx. Values come from each
 * operation's own schemas, mostly valid with one field broken, so requests reach the services and the
 * database instead of stopping at validation. Callers are signed in as several roles (and nobody).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const ROUNDS = Number(process.env.FUZZ_ROUNDS ?? 12);
const CALLERS: Array<Role | null> = [
  "admin",
  "manager",
  "dispatcher",
  "safety",
  "accountant",
  "driver",
  "customer",
  null,
];

/** mulberry32: small, fast, and the same sequence for the same seed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
type Rng = ReturnType<typeof random>;

const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "'; drop table loads; --",
  "%",
  "_",
  "\\",
  "%00",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  '=HYPERLINK("http://x")',
  "😀🚚",
  "\u202etxt.exe",
  "\ud800",
  "x".repeat(5000),
  "2026-02-30",
  "2026-13-01",
  "9999-12-31",
  "0000-01-01",
  "1e309",
  "-1",
  "NaN",
  "null",
  "true",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
];
const HOSTILE_NUMBERS = [0, -1, -0.5, 0.001, 1e15, 2 ** 53 + 2, 2147483648, -2147483649, 1e308];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  nullable?: boolean;
  const?: unknown;
};

interface Operation {
  method: string;
  path: string;
  roles: string[];
  params: Array<{ name: string; in: string; schema: JsonSchema }>;
  body?: { type: "json" | "multipart"; schema: JsonSchema };
}

function resolver(doc: { components?: { schemas?: Record<string, JsonSchema> } }) {
  return (s: JsonSchema | undefined): JsonSchema => {
    let cur = s ?? {};
    for (let i = 0; cur.$ref && i < 10; i++)
      cur = doc.components?.schemas?.[cur.$ref.split("/").pop()!] ?? {};
    return cur;
  };
}

/** A plausible value for the schema, from `ids` where a real record helps the request get further. */
function validValue(s: JsonSchema, rng: Rng, ctx: Gen, name = "", depth = 0): unknown {
  s = ctx.resolve(s);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return rng.pick(s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return validValue(rng.pick(variants), rng, ctx, name, depth);
  if (s.allOf?.length) return validValue(s.allOf[0], rng, ctx, name, depth);
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== "null") ?? "null") : s.type;
  switch (type) {
    case "object": {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) {
        if (s.required?.includes(key) || rng.chance(0.6))
          out[key] = validValue(prop, rng, ctx, key, depth + 1);
      }
      return out;
    }
    case "array":
      return Array.from({ length: rng.int(3) + (depth > 3 ? 0 : 1) }, () =>
        validValue(s.items ?? {}, rng, ctx, name, depth + 1),
      );
    case "integer":
    case "number": {
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? min + 1000, min + 100000);
      const n = min + rng.next() * (max - min);
      return type === "integer" ? Math.round(n) : Math.round(n * 100) / 100;
    }
    case "boolean":
      return rng.chance(0.5);
    case "null":
      return null;
    default:
      return validString(s, rng, ctx, name);
  }
}

function validString(s: JsonSchema, rng: Rng, ctx: Gen, name: string): string {
  if (s.format === "uuid" || /id$/i.test(name))
    return rng.chance(0.8) ? rng.pick(ctx.ids) : crypto.randomUUID();
  if (s.format === "email" || /email/i.test(name)) return `fuzz${rng.int(1e6)}@example.com`;
  if (s.format === "date-time")
    return new Date(Date.UTC(2026, rng.int(12), 1 + rng.int(28), rng.int(24))).toISOString();
  if (s.format === "date" || /date|day|from$|to$|On$/i.test(name))
    return `2026-${String(1 + rng.int(12)).padStart(2, "0")}-${String(1 + rng.int(28)).padStart(2, "0")}`;
  if (/amount|rate|price|cost|fee|total|pay/i.test(name)) return (rng.int(100000) / 100).toFixed(2);
  const min = s.minLength ?? 1;
  const max = Math.min(s.maxLength ?? 20, 40);
  const length = Math.max(min, Math.min(max, 3 + rng.int(12)));
  return Array.from({ length }, () => rng.pick([..."abcdefghijklmnopqrstuvwxyz0123456789 -"])).join("");
}

/** Something the schema does not allow, or allows only at its edges. */
function hostileValue(rng: Rng): unknown {
  switch (rng.int(7)) {
    case 0:
    case 1:
    case 2:
      return rng.pick(HOSTILE_STRINGS);
    case 3:
      return rng.pick(HOSTILE_NUMBERS);
    case 4:
      return rng.pick([null, true, false, [], {}, [null], { $ne: 1 }]);
    case 5:
      return { nested: { deeper: [rng.pick(HOSTILE_STRINGS)] } };
    default:
      return rng.pick(HOSTILE_STRINGS).repeat(3);
  }
}

/** Breaks one field somewhere in a valid value (or the whole value). */
function mutate(value: unknown, rng: Rng, depth = 0): unknown {
  if (depth > 4 || rng.chance(0.15)) return hostileValue(rng);
  if (Array.isArray(value)) {
    if (!value.length || rng.chance(0.2)) return [...value, hostileValue(rng)];
    const copy = [...value];
    const i = rng.int(copy.length);
    copy[i] = mutate(copy[i], rng, depth + 1);
    return copy;
  }
  if (value && typeof value === "object") {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const roll = rng.next();
    if (!keys.length || roll < 0.15)
      copy[rng.pick(["extra", "__proto__", "constructor", "id"])] = hostileValue(rng);
    else if (roll < 0.3) delete copy[rng.pick(keys)];
    else {
      const k = rng.pick(keys);
      copy[k] = mutate(copy[k], rng, depth + 1);
    }
    return copy;
  }
  return hostileValue(rng);
}

const asText = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
/** A lone surrogate cannot be percent-encoded: it goes out as the invalid UTF-8 bytes a client could send. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

interface Gen {
  resolve: (s: JsonSchema | undefined) => JsonSchema;
  ids: string[];
}

/** Lone surrogates become U+FFFD, as URLSearchParams would encode them (String#toWellFormed is ES2024). */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

function buildRequest(op: Operation, rng: Rng, gen: Gen): { url: string; init: RequestInit } {
  const hostile = rng.chance(0.7);
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const value = hostile && rng.chance(0.3) ? hostileValue(rng) : validValue(p.schema, rng, gen, p.name);
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeSegment(asText(value)).slice(0, 2000));
    else if (p.in === "query" && (rng.chance(0.6) || hostile)) query.set(p.name, wellFormed(asText(value)));
  }
  const url = query.size ? `${path}?${query}` : path;
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (!op.body) return { url, init: { method: op.method, headers } };
  if (op.body.type === "multipart") {
    const form = new FormData();
    const fields = validValue(op.body.schema, rng, gen) as Record<string, unknown>;
    for (const [key, value] of Object.entries(fields ?? {})) {
      const prop = gen.resolve(gen.resolve(op.body.schema).properties?.[key]);
      if (prop.format === "binary" || key === "file" || key === "images" || key === "photos") {
        const bytes = rng.pick([
          new TextEncoder().encode("%PDF-1.4\n%%EOF\n"),
          new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0]),
          new TextEncoder().encode("<html>not a file</html>"),
          new Uint8Array(0),
        ]);
        form.append(
          key,
          new File([bytes], rng.pick(["a.pdf", "b.jpg", "c.html", "\u0000.pdf", "x".repeat(300)])),
        );
      } else form.append(key, asText(hostile && rng.chance(0.4) ? hostileValue(rng) : value));
    }
    return { url, init: { method: op.method, headers, body: form } };
  }
  headers["content-type"] = "application/json";
  const valid = validValue(op.body.schema, rng, gen);
  const body = rng.chance(0.05)
    ? rng.pick(["{", "[1,2", "\u0000", "null", '"string"', '{"a":"\\u0000"}'])
    : JSON.stringify(hostile ? mutate(valid, rng) : valid);
  return { url, init: { method: op.method, headers, body } };
}

let ctx: TestContext;
let operations: Operation[];
let gen: Gen;
const cookies = new Map<Role, string>();

beforeAll(async () => {
  ctx = await createTestContext({ logLevel: "silent" });
  for (const role of CALLERS) if (role) cookies.set(role, await signIn(ctx, DEMO_BY_ROLE[role]));
  const doc = (await call(ctx, "/api/openapi.json")).json;
  const resolve = resolver(doc);
  // better-auth's sign-in endpoints are documented but not fuzzed here: signing out would leave the
  // rest of the run anonymous (auth.int.test.ts covers them).
  operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
    ([path, methods]) =>
      Object.entries(methods)
        .filter(([, raw]) => !raw["x-better-auth"])
        .map(([method, raw]) => {
          const content = (raw.requestBody as { content?: Record<string, { schema: JsonSchema }> })?.content;
          const body = content?.["multipart/form-data"]
            ? { type: "multipart" as const, schema: content["multipart/form-data"].schema }
            : content?.["application/json"]
              ? { type: "json" as const, schema: content["application/json"].schema }
              : undefined;
          return {
            method: method.toUpperCase(),
            path,
            roles: (raw["x-roles"] as string[] | undefined) ?? [],
            params: ((raw.parameters as Operation["params"]) ?? []).map((p) => ({
              ...p,
              schema: p.schema ?? {},
            })),
            body,
          };
        }),
  );
  // Real ids from the demo data, so a request can find its record and go on to the rules behind it.
  const { rows } = await ctx.deps.db.execute<{ id: string }>(sql`
    (select id::text from loads limit 15) union all (select id::text from drivers limit 10)
    union all (select id::text from vehicles limit 8) union all (select id::text from trailers limit 5)
    union all (select id::text from customers limit 8) union all (select id::text from invoices limit 8)
    union all (select id from users limit 10) union all (select id::text from citations limit 5)
    union all (select id::text from accidents limit 5) union all (select id::text from maintenance_records limit 5)
    union all (select id::text from fuel_entries limit 5) union all (select id::text from time_off_requests limit 5)
    union all (select id::text from inspections limit 5) union all (select id::text from load_requests limit 5)`);
  gen = { resolve, ids: rows.map((r) => r.id) };
}, 120_000);
afterAll(() => ctx.close());

describe("fuzzing every operation", () => {
  it(`answers no request with a 5xx (seed ${SEED}, ${ROUNDS} rounds)`, async () => {
    const rng = random(SEED);
    const failures: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const op of operations) {
        // Signing out or ending an impersonation would leave the rest of the run anonymous.
        if (op.path === "/api/impersonation/stop" || op.path === "/api/admin/impersonation") continue;
        // Mostly a caller the operation admits, so the request reaches its rules; sometimes anyone.
        const admitted = CALLERS.filter((r) =>
          r === null ? op.roles.includes("public") : op.roles.includes(r) || op.roles.includes("public"),
        );
        const caller = admitted.length && rng.chance(0.85) ? rng.pick(admitted) : rng.pick(CALLERS);
        const { url, init } = buildRequest(op, rng, gen);
        const headers = new Headers(init.headers);
        if (caller) headers.set("cookie", cookies.get(caller)!);
        const res = await ctx.app.request(url, { ...init, headers });
        sent++;
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500) {
          const text = await res.text();
          failures.push(
            `${init.method} ${url.slice(0, 200)} as ${caller ?? "nobody"}: ${res.status} ${text.slice(0, 200)} body=${String(typeof init.body === "string" ? init.body : "(form)").slice(0, 300)}`,
          );
        } else if (res.headers.get("content-type")?.startsWith("text/event-stream")) await res.body?.cancel();
        else await res.arrayBuffer();
      }
    }
    if (process.env.FUZZ_REPORT)
      console.log(operations.length, "operations;", sent, "requests;", [...statuses].sort());
    expect(sent).toBeGreaterThan(1000);
    expect(failures.slice(0, 25)).toEqual([]);
  }, 600_000);

  it("takes the calendar's first and last days as a period's ends on every read with a period", async () => {
    // Found by the seeded run above only by luck of the draw: a list that counted its period's end in
    // JavaScript turned the day after 9999-12-31 into a year PostgreSQL cannot read (a 500).
    const periodic = operations.filter(
      (op) =>
        op.method === "GET" &&
        !op.path.includes("{") &&
        op.params.some(
          (p) => p.in === "query" && (p.name === "to" || p.name === "from") && p.schema.format === "date",
        ),
    );
    expect(periodic.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const op of periodic) {
      const caller = (
        ["admin", "manager", "accountant", "dispatcher", "safety", "driver", "customer"] as const
      ).find((r) => op.roles.includes(r));
      for (const period of ["from=0001-01-01&to=9999-12-31", "to=9999-12-31", "from=9999-12-31"]) {
        const res = await ctx.app.request(`${op.path}?${period}`, {
          headers: caller ? { cookie: cookies.get(caller)! } : {},
        });
        if (res.status >= 500) failures.push(`GET ${op.path}?${period} as ${caller}: ${res.status}`);
        await res.arrayBuffer();
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
