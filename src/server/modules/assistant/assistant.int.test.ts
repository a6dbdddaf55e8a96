import type { AssistantEvent, AssistantSettings } from "@shared/assistant/assistant.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AiProvider, type AiStep, startAiProvider } from "../../testing/ai-provider";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let admin: string;
let manager: string;
let dispatcher: string;
let jake: string;
let provider: AiProvider | null = null;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager, dispatcher, jake] = await Promise.all([
    signIn(ctx, "admin@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "driver@demo.test"),
  ]);
});
afterAll(async () => {
  await provider?.close();
  await ctx.close();
});

/** A fresh scripted provider, saved as the company's OpenAI-compatible endpoint (an admin's change). */
async function script(steps: AiStep[]) {
  await provider?.close();
  provider = await startAiProvider(steps);
  const res = await call(ctx, "/api/assistant/settings", {
    method: "PUT",
    cookie: admin,
    body: {
      provider: "openai-compatible",
      model: "company-llm",
      baseUrl: provider.baseUrl,
      apiKey: "sk-test-4242",
    },
  });
  expect(res.status).toBe(200);
  return provider;
}

async function ask(cookie: string, question: string, language = "en") {
  const res = await ctx.app.request("/api/assistant/chat", {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ role: "user", content: question }], language }),
  });
  const text = await res.text();
  const events =
    res.status === 200
      ? text
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as AssistantEvent)
      : [];
  return {
    status: res.status,
    events,
    body: res.status === 200 ? null : JSON.parse(text),
    type: res.headers.get("content-type"),
  };
}
const answer = (events: AssistantEvent[]) =>
  events.flatMap((e) => (e.type === "text" ? [e.text] : [])).join("");

describe("the AI assistant", () => {
  it("says it is not configured until a key is set, and keeps the key to the server", async () => {
    const status = await call(ctx, "/api/assistant/status", { cookie: dispatcher });
    expect(status.json).toEqual({ configured: false, canConfigure: false });
    expect((await call(ctx, "/api/assistant/status", { cookie: manager })).json.canConfigure).toBe(true);
    const res = await ask(dispatcher, "open the loads");
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: "ASSISTANT_NOT_CONFIGURED",
      message: "AI assistant not configured",
    });
    expect((await call(ctx, "/api/assistant/settings", { cookie: dispatcher })).status).toBe(403);
    expect(
      (await call(ctx, "/api/assistant/status", { cookie: await signIn(ctx, "customer@demo.test") })).status,
    ).toBe(403);

    // A provider that needs a key refuses to be saved without one.
    const noKey = await call(ctx, "/api/assistant/settings", {
      method: "PUT",
      cookie: admin,
      body: { provider: "openai", model: "gpt-4o-mini", baseUrl: "", apiKey: "" },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.json.error.details.fields.apiKey).toBe("Enter the API key.");

    await script([]);
    const saved = (await call(ctx, "/api/assistant/settings", { cookie: admin })).json as AssistantSettings;
    expect(saved).toMatchObject({ provider: "openai-compatible", model: "company-llm", keySet: true });
    expect(JSON.stringify(saved)).not.toContain("sk-test-4242");
    const { rows } = await ctx.deps.db.execute<{ key_encrypted: string }>(
      sql`select key_encrypted from assistant_settings`,
    );
    expect(rows[0].key_encrypted).toMatch(/^v1\./);
    expect(rows[0].key_encrypted).not.toContain("sk-test-4242");
    // Saving without a key keeps the saved one.
    const kept = await call(ctx, "/api/assistant/settings", {
      method: "PUT",
      cookie: admin,
      body: {
        provider: "openai-compatible",
        model: "company-llm-2",
        baseUrl: provider?.baseUrl ?? "",
        apiKey: "",
      },
    });
    expect(kept.json.keySet).toBe(true);
    expect((await call(ctx, "/api/assistant/status", { cookie: dispatcher })).json.configured).toBe(true);
  });

  it("opens a screen and a record found by search, streaming its answer, with the user's key sent to the provider", async () => {
    const { rows } = await ctx.deps.db.execute<{ id: string; load_number: string }>(
      sql`select id, load_number from loads order by load_number limit 1`,
    );
    const load = rows[0];
    const p = await script([
      { toolCalls: [{ name: "search_records", args: { query: load.load_number } }] },
      { toolCalls: [{ name: "open_record", args: { path: `/operations/loads/${load.id}` } }] },
      { text: `Here is load ${load.load_number}.` },
    ]);
    const res = await ask(dispatcher, `open load ${load.load_number}`);
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/x-ndjson");
    expect(res.events).toContainEqual({ type: "navigate", path: `/operations/loads/${load.id}` });
    expect(answer(res.events)).toBe(`Here is load ${load.load_number}.`);
    expect(res.events.filter((e) => e.type === "text").length).toBeGreaterThan(1);
    expect(res.events.at(-1)).toEqual({ type: "done" });
    expect(p.authorizations[0]).toBe("Bearer sk-test-4242");
    // The search ran as the dispatcher and its result went back to the model.
    const toolMessage = p.requests[1].messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain(load.load_number);
    // The tools and the screens this user may open were offered.
    expect(JSON.stringify(p.requests[0].tools)).toContain("open_screen");
    expect(JSON.stringify(p.requests[0].messages[0])).toContain(
      "customerInvoices".length ? "loads: Loads" : "",
    );

    const { rows: audit } = await ctx.deps.db.execute<{ action: string; target_label: string }>(
      sql`select action, target_label from audit_log where action like 'assistant.%' order by created_at, id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "assistant.asked",
      "assistant.tool_called",
      "assistant.tool_called",
    ]);
    expect(audit[1].target_label).toBe(`search_records: ${load.load_number}`);
  });

  it("tells a dispatcher a money report is not theirs, and opens the ones they may", async () => {
    const p = await script([
      { toolCalls: [{ name: "open_screen", args: { screen: "reports", reportId: "profit-and-loss" } }] },
      { text: "Your role cannot open the profit and loss report." },
    ]);
    const res = await ask(dispatcher, "show me profit and loss for this month");
    expect(res.events.some((e) => e.type === "navigate")).toBe(false);
    const toolMessage = p.requests[1].messages.find((m) => m.role === "tool");
    expect(JSON.stringify(toolMessage?.content)).toContain("does not have access");
    expect(answer(res.events)).toContain("cannot open");

    // A screen off the role's list: refused the same way; a driver's own screen: opened.
    await script([
      { toolCalls: [{ name: "open_screen", args: { screen: "customerInvoices" } }] },
      { text: "No." },
    ]);
    expect((await ask(dispatcher, "open invoices")).events.some((e) => e.type === "navigate")).toBe(false);
    await script([{ toolCalls: [{ name: "open_screen", args: { screen: "fuelLog" } }] }, { text: "Done." }]);
    expect((await ask(jake, "abre mi registro de combustible", "es")).events).toContainEqual({
      type: "navigate",
      path: "/fuel-log",
    });
    // A record path the user may not open is refused (a driver and the customers' page).
    await script([
      { toolCalls: [{ name: "open_record", args: { path: "/customers/abc" } }] },
      { text: "No." },
    ]);
    expect((await ask(jake, "open a customer")).events.some((e) => e.type === "navigate")).toBe(false);
  });

  it("only proposes a change, as a card; the change itself goes through the normal, re-authorised API", async () => {
    const { rows } = await ctx.deps.db.execute<{ id: string; load_number: string }>(
      sql`select id, load_number from loads where status = 'pending' order by load_number limit 1`,
    );
    await script([
      {
        toolCalls: [
          { name: "propose_load_status", args: { loadNumber: rows[0].load_number, status: "cancelled" } },
        ],
      },
      { text: "Confirm the card to cancel it." },
    ]);
    const res = await ask(dispatcher, `cancel ${rows[0].load_number}`);
    expect(res.events).toContainEqual({
      type: "proposal",
      proposal: {
        kind: "loadStatus",
        loadId: rows[0].id,
        loadNumber: rows[0].load_number,
        status: "cancelled",
      },
    });
    const { rows: still } = await ctx.deps.db.execute<{ status: string }>(
      sql`select status from loads where id = ${rows[0].id}`,
    );
    expect(still[0].status).toBe("pending");
    // A driver is never offered one.
    const p = await script([
      {
        toolCalls: [
          { name: "propose_load_status", args: { loadNumber: rows[0].load_number, status: "cancelled" } },
        ],
      },
      { text: "You cannot." },
    ]);
    expect((await ask(jake, "cancel it")).events.some((e) => e.type === "proposal")).toBe(false);
    expect(JSON.stringify(p.requests[1].messages)).toContain("may not change loads");
  });

  it("apologises when the provider fails, keeping the details in the server log", async () => {
    await script([{ status: 500 }, { status: 500 }, { status: 500 }]);
    const errors: string[] = [];
    const original = ctx.deps.log.error;
    ctx.deps.log.error = (msg: string) => {
      errors.push(msg);
    };
    try {
      const res = await ask(dispatcher, "open the loads");
      expect(res.status).toBe(200);
      expect(res.events).toContainEqual({
        type: "error",
        code: "ASSISTANT_FAILED",
        message: "Sorry, the assistant could not answer just now. Please try again in a moment.",
      });
      expect(errors).toContain("assistant provider error");
    } finally {
      ctx.deps.log.error = original;
    }
  });

  it("lets only an admin move the provider's endpoint, always with the key entered again, and audits old and new without the key", async () => {
    const p = await script([{ text: "From the company's server." }]);
    const before = `openai-compatible ${p.baseUrl}`;
    const attacker = await startAiProvider([{ text: "got it" }]);
    try {
      const save = (cookie: string, body: Record<string, unknown>) =>
        call(ctx, "/api/assistant/settings", {
          method: "PUT",
          cookie,
          body: {
            provider: "openai-compatible",
            model: "company-llm",
            baseUrl: p.baseUrl,
            apiKey: "",
            ...body,
          },
        });

      // A manager may not point the saved key (or a new one) anywhere else, nor switch provider.
      for (const body of [
        { baseUrl: attacker.baseUrl },
        { baseUrl: attacker.baseUrl, apiKey: "sk-manager-1" },
        { provider: "openai", baseUrl: "", apiKey: "sk-manager-1" },
      ]) {
        const refused = await save(manager, body);
        expect(refused.status).toBe(403);
        expect(refused.json.error).toMatchObject({
          code: "ASSISTANT_ENDPOINT_FORBIDDEN",
          message: "Your role may not change the AI provider or its server address.",
        });
      }
      // The rest stays theirs: the model, with the saved key kept.
      const model = await save(manager, { model: "company-llm-3" });
      expect(model.status).toBe(200);
      expect(model.json).toMatchObject({ baseUrl: p.baseUrl, model: "company-llm-3", keySet: true });

      // An admin moving the endpoint enters the key again.
      for (const body of [{ baseUrl: attacker.baseUrl }, { provider: "openai", baseUrl: "" }]) {
        const again = await save(admin, body);
        expect(again.status).toBe(400);
        expect(again.json.error).toMatchObject({
          code: "ASSISTANT_KEY_REQUIRED",
          message: "Enter the API key again to change the provider or its server address.",
          details: {
            fields: { apiKey: "Enter the API key again to change the provider or its server address." },
          },
        });
      }
      // Nothing moved: the next question goes to the company's server with its key, and the other
      // address never saw a request.
      expect((await ask(dispatcher, "hello")).status).toBe(200);
      expect(p.authorizations).toEqual(["Bearer sk-test-4242"]);
      expect(attacker.authorizations).toEqual([]);

      const moved = await save(admin, { baseUrl: attacker.baseUrl, apiKey: "sk-new-7777" });
      expect(moved.status).toBe(200);
      expect(moved.json).toMatchObject({ baseUrl: attacker.baseUrl, keySet: true });
      const { rows } = await ctx.deps.db.execute<{ target_label: string; details: unknown }>(
        sql`select target_label, details from audit_log where action = 'settings.assistant_saved'
             order by created_at desc, id desc limit 1`,
      );
      expect(rows[0].details).toEqual({ from: before, to: `openai-compatible ${attacker.baseUrl}` });
      expect(JSON.stringify(rows[0])).not.toMatch(/sk-new-7777|sk-test-4242/);
      expect((await ask(dispatcher, "hello")).status).toBe(200);
      expect(attacker.authorizations).toEqual(["Bearer sk-new-7777"]);

      // The permissions editor may give the endpoint to managers too.
      const grant = await call(ctx, "/api/permissions", {
        method: "PUT",
        cookie: admin,
        body: { changes: [{ role: "manager", permission: "assistant:endpoint", granted: true }] },
      });
      expect(grant.status).toBe(200);
      expect((await save(manager, { apiKey: "sk-test-4242" })).status).toBe(200);
      expect((await call(ctx, "/api/permissions/reset", { method: "POST", cookie: admin })).status).toBe(200);

      // Turning the assistant off sends nothing anywhere: a manager may still do it.
      expect((await save(manager, { provider: null })).json).toMatchObject({ provider: null, keySet: false });
    } finally {
      await attacker.close();
    }
  });
});
