import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Document, Spectral } from "@stoplight/spectral-core";
import parsers from "@stoplight/spectral-parsers";
import { oas } from "@stoplight/spectral-rulesets";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, type TestContext } from "../testing/harness";

/**
 * The Spectral warnings /api/openapi.json may keep, each with its reason in decision
 * 047. Anything else — any error, any other warning — fails.
 */
const ALLOWED_WARNINGS = new Set([
  // Every operation says what it does in `summary` (shown in the docs UI's list); a second,
  // longer text would only repeat it.
  "operation-description",
]);

type Schema = { $ref?: string; type?: string; items?: Schema; properties?: Record<string, Schema> };
type Response = { description: string; content?: Record<string, { schema: Schema }> };
type Operation = {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses: Record<string, Response>;
  "x-roles": string[];
  "x-better-auth"?: boolean;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, Record<string, string>> };
};

let ctx: TestContext;
let doc: Doc;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  ctx = await createTestContext({ logLevel: "silent" });
  const res = await call(ctx, "/api/openapi.json");
  expect(res.status).toBe(200);
  doc = res.json as Doc;
  operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path: p, op })),
  );
}, 120_000);
afterAll(() => ctx.close());

const ERROR_REF = "#/components/schemas/Error";
const PAGE_KEYS = new Set(["items", "total", "page", "pageSize"]);
const name = (o: { method: string; path: string }) => `${o.method.toUpperCase()} ${o.path}`;

describe("the OpenAPI document", () => {
  it("gives every operation a unique operationId, derived from method and path", () => {
    expect(operations.length).toBeGreaterThan(400);
    const ids = operations.map((o) => o.op.operationId);
    expect(operations.filter((o) => !o.op.operationId).map(name)).toEqual([]);
    const seen = new Map<string, string[]>();
    for (const o of operations)
      seen.set(o.op.operationId!, [...(seen.get(o.op.operationId!) ?? []), name(o)]);
    expect([...seen].filter(([, ops]) => ops.length > 1)).toEqual([]);
    expect(new Set(ids).size).toBe(operations.length);
    const idOf = (method: string, p: string) => doc.paths[p]?.[method]?.operationId;
    expect(idOf("get", "/api/loads")).toBe("getLoads");
    expect(idOf("get", "/api/loads/{id}")).toBe("getLoad");
    expect(idOf("get", "/api/loads/{id}/interests")).toBe("getLoadInterests");
    expect(idOf("put", "/api/loads/{id}/stops/{stopId}/check-in")).toBe("putLoadStopCheckIn");
    expect(idOf("get", "/api/ledger/{id}")).toBe("getLedgerById");
    expect(idOf("post", "/api/auth/sign-in/email")).toBe("signIn");
  });

  it("names the shared schemas as components, and every answer refers to them", () => {
    const schemas = doc.components.schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(250);
    for (const n of [
      "Error",
      "LoadDetail",
      "LoadPage",
      "InvoiceDetail",
      "CustomerDetail",
      "Settlement",
      "Me",
    ])
      expect(schemas, n).toHaveProperty(n);
    expect(doc.paths["/api/loads/{id}"]!.get!.responses["200"]!.content!["application/json"]!.schema).toEqual(
      {
        $ref: "#/components/schemas/LoadDetail",
      },
    );
    // A JSON success answer is a named schema, or a list, `{ items }` or page of one; the health check,
    // which is no resource, is the one plain object, and an answer that is some operation's request
    // body stays inline with it (a body is never a component: its defaults would read as required).
    const bodies = new Set(
      operations.map((o) => JSON.stringify(o.op.requestBody?.content?.["application/json"]?.schema ?? null)),
    );
    const inline: string[] = [];
    const named = (s: Schema | undefined): boolean =>
      Boolean(
        s?.$ref ||
          (s?.type === "array" && s.items?.$ref) ||
          (s?.type === "object" &&
            Object.keys(s.properties ?? {}).every((k) => PAGE_KEYS.has(k)) &&
            named(s.properties?.items)),
      );
    for (const o of operations) {
      for (const status of ["200", "201"]) {
        const schema = o.op.responses[status]?.content?.["application/json"]?.schema;
        const echo = bodies.has(JSON.stringify(schema));
        if (schema && !named(schema) && !echo && o.path !== "/api/health")
          inline.push(`${name(o)} ${status}`);
      }
    }
    expect(inline).toEqual([]);
  });

  it("draws each component as its schema: one some answer holds as nullable is not null everywhere", () => {
    const schemas = doc.components.schemas as Record<string, { type?: unknown; anyOf?: unknown[] }>;
    // A load's detail is `currentLoad: … | null` on the driver's dashboard, a hold `| null` on a queue row.
    const nullable = Object.entries(schemas)
      .filter(([, s]) => JSON.stringify(s.type ?? "").includes("null"))
      .map(([name]) => name);
    expect(nullable).toEqual([]);
    const billed =
      doc.paths["/api/billing-queue/invoice"]!.post!.responses["201"]!.content!["application/json"]!;
    expect(billed.schema).toEqual({ $ref: "#/components/schemas/BillFromQueueResult" });
  });

  it("names the schemas of every shared schema module (a new module joins the list)", () => {
    const list = readFileSync(path.join(import.meta.dirname, "openapi-schemas.ts"), "utf8");
    const shared = path.resolve(import.meta.dirname, "../../shared");
    const modules = readdirSync(shared, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .filter((f) => /export const \w+Schema = z\./.test(readFileSync(path.join(shared, f), "utf8")))
      .filter((f) => !f.endsWith("login.schema.ts")) // zod mini: the generator cannot read it
      .map((f) => `"@shared/${f.replace(/\.ts$/, "")}"`);
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.filter((m) => !list.includes(m))).toEqual([]);
  });

  it("declares the errors each operation can give, in the one error shape", () => {
    const missing: string[] = [];
    const want = (o: (typeof operations)[number], status: string, why: string) => {
      if (!o.op.responses[status]) missing.push(`${name(o)}: ${status} (${why})`);
    };
    for (const o of operations) {
      const { op } = o;
      const isPublic = op["x-roles"].includes("public");
      want(o, "400", "every operation");
      if (!isPublic) {
        want(o, "401", "signed-in only");
        want(o, "403", "signed-in only");
        expect(op.security, name(o)).toEqual([{ sessionCookie: [] }]);
      }
      if (/\{\w+\}/.test(o.path)) want(o, "404", "path parameter");
      if (o.method === "delete") want(o, "409", "a record still in use");
      if (/\b409\b/.test(`${op.summary} ${op.description ?? ""}`)) want(o, "409", "its summary names one");
      if (op.requestBody) want(o, "413", "reads a body");
      if (/rate-limited/i.test(op.summary ?? "")) want(o, "429", "rate-limited");
      for (const [status, res] of Object.entries(op.responses)) {
        if (status.startsWith("4"))
          expect(res.content?.["application/json"]?.schema, `${name(o)} ${status}`).toEqual({
            $ref: ERROR_REF,
          });
      }
    }
    expect(missing).toEqual([]);
    // Conflicts found in the services, not in the summaries.
    expect(doc.paths["/api/customers/{id}"]!.put!.responses["409"]!.description).toContain(
      "CUSTOMER_EMAIL_TAKEN",
    );
    expect(doc.paths["/api/me/two-factor/enable"]!.post!.responses).toHaveProperty("429");
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "lms.session_token",
    });
  });

  it("documents sign-in, the two-factor step and sign-out", () => {
    const signIn = doc.paths["/api/auth/sign-in/email"]!.post!;
    expect(signIn.security).toEqual([]);
    expect(Object.keys(signIn.responses)).toEqual(
      expect.arrayContaining(["200", "400", "401", "403", "429"]),
    );
    expect(doc.paths["/api/auth/sign-out"]!.post!.operationId).toBe("signOut");
    expect(doc.paths["/api/auth/two-factor/verify-totp"]!.post!.operationId).toBe("verifyTwoFactorCode");
    expect(doc.paths["/api/auth/two-factor/verify-backup-code"]!.post).toBeDefined();
  });

  it("is valid OpenAPI 3.1 and passes Spectral's spectral:oas ruleset", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [oas] } as never);
    const results = await spectral.run(new Document(JSON.stringify(doc), parsers.Json, "openapi.json"));
    // Severity 0 is an error (oas3-schema: the document against the OpenAPI 3.1 schema), 1 a warning.
    const errors = results.filter((r) => r.severity === 0);
    const warnings = results.filter((r) => r.severity === 1 && !ALLOWED_WARNINGS.has(String(r.code)));
    const show = (r: (typeof results)[number]) => `${r.code} ${r.path.join(".")}: ${r.message}`;
    expect(errors.map(show)).toEqual([]);
    expect(warnings.map(show)).toEqual([]);
  }, 120_000);

  it("generates a TypeScript client that compiles", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "lms-openapi-"));
    try {
      const schema = path.join(dir, "schema.ts");
      writeFileSync(schema, astToString(await openapiTS(JSON.parse(JSON.stringify(doc)))));
      // A use of the generated types, so the check is that a caller can reach them, not only that
      // the declarations parse.
      const use = path.join(dir, "use.ts");
      writeFileSync(
        use,
        [
          `import type { components, operations, paths } from "./schema";`,
          `type Load = paths["/api/loads/{id}"]["get"]["responses"][200]["content"]["application/json"];`,
          `export const id = (load: Load): string => load.id;`,
          `type Refused = operations["signIn"]["responses"][401]["content"]["application/json"];`,
          `export const code = (e: Refused): string => e.error.code;`,
          `export const same = (e: components["schemas"]["Error"]): Refused => e;`,
        ].join("\n"),
      );
      const program = ts.createProgram([schema, use], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        skipLibCheck: true,
      });
      const diagnostics = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(diagnostics).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
