import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogle } from "@ai-sdk/google";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { ASSISTANT_ENDPOINT, can, canOpen, ROUTES, type RouteKey, routePath } from "@shared/access";
import {
  type AiProvider,
  ASSISTANT_MESSAGES,
  type AssistantChat,
  type AssistantEvent,
  type AssistantSettings,
  type AssistantSettingsInput,
  type AssistantStatus,
  assistantEndpoint,
} from "@shared/assistant/assistant.schema";
import { assistantLine } from "@shared/audit/audit-targets";
import navEn from "@shared/i18n/locales/en/nav.json";
import { LOAD_STATUSES } from "@shared/loads/loads.schema";
import { REPORT_IDS } from "@shared/reports/reports.schema";
import { isStepCount, type LanguageModel, streamText, tool } from "ai";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { assistantSettings } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, forbidden, HttpError, loggableError } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { openSecret, sealSecret } from "../../platform/secrets/secret-box";
import { reportsFor } from "../reports/reports.service";
import { createSearchService } from "../search/search.service";

const KEY_PURPOSE = "assistant-api-key";
const LANGUAGE_NAMES = { en: "English", es: "Spanish", fr: "French" } as const;
/** At most this many model turns per question (tool calls and the answer). */
const MAX_STEPS = 6;

/** The screens a user may open without a record: the assistant's `open_screen` choices. */
function screensFor(actor: Actor) {
  return (Object.keys(ROUTES) as RouteKey[]).filter(
    (k) => !ROUTES[k].path.includes(":") && ROUTES[k].access !== "public" && canOpen(actor, k),
  );
}
const titleOf = (key: RouteKey) => {
  const label = (ROUTES[key] as { nav?: { label: string } }).nav?.label ?? key;
  return (navEn as Record<string, unknown>)[label] as string | undefined;
};

/** Which route a path is, with its params, when the user may open it. */
function routeOfPath(actor: Actor, path: string): RouteKey | null {
  const clean = path.split(/[?#]/)[0];
  for (const key of Object.keys(ROUTES) as RouteKey[]) {
    const pattern = new RegExp(`^${ROUTES[key].path.replace(/:\w+/g, "[^/]+")}$`);
    if (pattern.test(clean) && ROUTES[key].access !== "public" && canOpen(actor, key)) return key;
  }
  return null;
}

function modelFor(provider: AiProvider, model: string, apiKey: string, baseUrl: string): LanguageModel {
  switch (provider) {
    case "openai":
      // Chat completions, not the Responses API the provider now defaults to: a base URL may point at an
      // OpenAI-style proxy or gateway, and chat completions is what every one of those serves.
      return createOpenAI({ apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}) }).chat(model);
    case "anthropic":
      return createAnthropic({ apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}) })(model);
    case "google":
      return createGoogle({ apiKey, ...(baseUrl ? { baseURL: baseUrl } : {}) })(model);
    case "openai-compatible":
      return createOpenAICompatible({
        name: "company-model",
        baseURL: baseUrl,
        apiKey: apiKey || undefined,
      }).chatModel(model);
  }
}

/**
 * The AI assistant (decision 033): a question in the user's language, answered by the configured
 * provider with tools that run as the user — open a screen or a record they may open, search what they
 * may see, propose a change for them to confirm. Every question and tool call is audited.
 */
export function createAssistantService(deps: Deps) {
  const { db, config, log } = deps;
  const search = createSearchService(deps);

  async function row() {
    const [r] = await db.select().from(assistantSettings).where(eq(assistantSettings.id, 1));
    return r ?? null;
  }
  function keyOf(r: NonNullable<Awaited<ReturnType<typeof row>>>) {
    return r.keyEncrypted ? openSecret(config.authSecret, KEY_PURPOSE, r.keyEncrypted) : null;
  }
  /** Configured: a provider, a model, and a key (an OpenAI-compatible server may need none). */
  function usable(r: Awaited<ReturnType<typeof row>>) {
    if (!r?.provider || !r.model) return null;
    const key = keyOf(r) ?? "";
    if (!key && r.provider !== "openai-compatible") return null;
    return { provider: r.provider as AiProvider, model: r.model, baseUrl: r.baseUrl, key };
  }

  return {
    async settings(): Promise<AssistantSettings> {
      const r = await row();
      return {
        provider: (r?.provider as AiProvider | null) ?? null,
        model: r?.model ?? "",
        baseUrl: r?.baseUrl ?? "",
        keySet: !!(r && keyOf(r)),
        updatedAt: r?.updatedAt.toISOString() ?? null,
        updatedByName: r?.updatedByName ?? null,
      };
    },

    async saveSettings(actor: Actor, input: AssistantSettingsInput): Promise<AssistantSettings> {
      const current = await row();
      const provider = input.provider ?? null;
      const before = assistantEndpoint(
        (current?.provider as AiProvider | null) ?? null,
        current?.baseUrl ?? "",
      );
      const after = assistantEndpoint(provider, input.baseUrl);
      // Turning the assistant off sends nothing anywhere (and forgets the key); any other new endpoint
      // is a place the company's questions would go: the endpoint permission's, with the key typed
      // again, so a saved key never follows an address someone else chose.
      const moved = after !== null && after !== before;
      if (moved && !can(actor, ASSISTANT_ENDPOINT))
        throw forbidden(ASSISTANT_MESSAGES.endpoint, "ASSISTANT_ENDPOINT_FORBIDDEN");
      if (moved && !input.apiKey && current?.keyEncrypted)
        throw new HttpError(400, "ASSISTANT_KEY_REQUIRED", ASSISTANT_MESSAGES.keyAgain, {
          fields: { apiKey: ASSISTANT_MESSAGES.keyAgain },
        });
      const keyEncrypted = !provider
        ? null
        : input.apiKey
          ? sealSecret(config.authSecret, KEY_PURPOSE, input.apiKey)
          : (current?.keyEncrypted ?? null);
      if (provider && provider !== "openai-compatible" && !keyEncrypted)
        throw badRequest(ASSISTANT_MESSAGES.key, { fields: { apiKey: ASSISTANT_MESSAGES.key } });
      const values = {
        provider,
        model: provider ? input.model : "",
        baseUrl: provider ? input.baseUrl : "",
        keyEncrypted,
        updatedByName: actor.name,
        updatedAt: new Date(),
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(assistantSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: assistantSettings.id, set: values });
        await recordAudit(tx, actor, {
          action: "settings.assistant_saved",
          targetType: "company",
          // Never the key: which provider and model, and whether the key changed.
          targetLabel: assistantLine(provider, values.model, !!input.apiKey),
          // Where the questions went and go now (the provider and address, never the key).
          ...(after !== before ? { details: { from: before ?? "—", to: after ?? "—" } } : {}),
        });
      });
      return this.settings();
    },

    /** 409 "AI assistant not configured" before any answer starts. */
    async ensureConfigured(): Promise<void> {
      if (!usable(await row()))
        throw new HttpError(409, "ASSISTANT_NOT_CONFIGURED", ASSISTANT_MESSAGES.notConfigured);
    },

    async status(actor: Actor): Promise<AssistantStatus> {
      return { configured: !!usable(await row()), canConfigure: can(actor, "assistant:configure") };
    },

    /** Answers one question, writing each event as it comes. */
    async chat(actor: Actor, input: AssistantChat, emit: (event: AssistantEvent) => Promise<void>) {
      const settings = usable(await row());
      if (!settings) throw new HttpError(409, "ASSISTANT_NOT_CONFIGURED", ASSISTANT_MESSAGES.notConfigured);
      const question = input.messages[input.messages.length - 1]?.content ?? "";
      await recordAudit(db, actor, {
        action: "assistant.asked",
        targetType: "assistant",
        targetLabel: question.slice(0, 200),
      });
      const used = (name: string, detail: string) =>
        recordAudit(db, actor, {
          action: "assistant.tool_called",
          targetType: "assistant",
          targetLabel: `${name}: ${detail}`.slice(0, 200),
        });
      const screens = screensFor(actor);
      const reports = reportsFor(actor);

      const tools = {
        open_screen: tool({
          description:
            "Open one of the app's screens for the user. `screen` is a key from the list in the instructions; for reports also give `reportId`.",
          inputSchema: z.object({ screen: z.string(), reportId: z.string().optional() }),
          execute: async ({ screen, reportId }) => {
            await used("open_screen", `${screen}${reportId ? ` ${reportId}` : ""}`);
            if (screen === "reports" && reportId) {
              if (!(REPORT_IDS as readonly string[]).includes(reportId))
                return { opened: false, reason: "No such report." };
              if (!canOpen(actor, "reports") || !(reports as string[]).includes(reportId))
                return { opened: false, reason: "The user does not have access to this report." };
              const path = routePath("reports", { reportId });
              await emit({ type: "navigate", path });
              return { opened: true, path };
            }
            const key = screen as RouteKey;
            if (!Object.hasOwn(ROUTES, key)) return { opened: false, reason: "No such screen." };
            if (!screens.includes(key))
              return { opened: false, reason: "The user does not have access to this screen." };
            const path = ROUTES[key].path;
            await emit({ type: "navigate", path });
            return { opened: true, path };
          },
        }),
        search_records: tool({
          description:
            "Find loads (by number or city), drivers, customers, trucks, trailers and the company's documents by name or number. Returns only what the user may see, each with its page's path.",
          inputSchema: z.object({ query: z.string().min(2).max(100) }),
          execute: async ({ query }) => {
            await used("search_records", query);
            const { items } = await search.search(actor, query);
            return { results: items.map(({ kind, label, detail, path }) => ({ kind, label, detail, path })) };
          },
        }),
        open_record: tool({
          description: "Open a record's page by the path a search returned (e.g. /operations/loads/<id>).",
          inputSchema: z.object({ path: z.string().min(1).max(300) }),
          execute: async ({ path }) => {
            await used("open_record", path);
            if (!path.startsWith("/") || !routeOfPath(actor, path))
              return { opened: false, reason: "The user does not have access to this page." };
            await emit({ type: "navigate", path });
            return { opened: true, path };
          },
        }),
        propose_load_status: tool({
          description:
            "Propose changing a load's status (pending, assigned, in_progress, completed, cancelled). Nothing changes until the user confirms the card.",
          inputSchema: z.object({ loadNumber: z.string().min(1).max(40), status: z.enum(LOAD_STATUSES) }),
          execute: async ({ loadNumber, status }) => {
            await used("propose_load_status", `${loadNumber} → ${status}`);
            if (!can(actor, "loads:write"))
              return { proposed: false, reason: "The user may not change loads." };
            const { rows } = await db.execute<{ id: string; load_number: string }>(
              sql`select id, load_number from loads where lower(load_number) = lower(${loadNumber}) limit 1`,
            );
            if (!rows[0]) return { proposed: false, reason: "No load has this number." };
            await emit({
              type: "proposal",
              proposal: { kind: "loadStatus", loadId: rows[0].id, loadNumber: rows[0].load_number, status },
            });
            return { proposed: true, note: "The user sees a card and decides." };
          },
        }),
      };

      const system = [
        "You are the assistant inside the Load Management System, a trucking company's web app.",
        `The user is ${actor.name}, whose role is ${actor.role}. Answer in ${LANGUAGE_NAMES[input.language ?? "en"]}, briefly.`,
        "Use the tools to find and open what the user asks for; never invent records, numbers or paths.",
        "If a tool says the user does not have access, tell them plainly that their role cannot open it.",
        "You cannot change data yourself: propose a change with a tool and tell the user to confirm the card.",
        `Screens this user may open (key: title): ${screens.map((k) => `${k}: ${titleOf(k) ?? k}`).join("; ")}.`,
        `Reports this user may open (reportId): ${reports.join(", ")}.`,
      ].join("\n");

      let failed = false;
      try {
        const result = streamText({
          model: modelFor(settings.provider, settings.model, settings.key, settings.baseUrl),
          instructions: system,
          messages: input.messages.map((m) => ({ role: m.role, content: m.content })),
          tools,
          stopWhen: isStepCount(MAX_STEPS),
          maxRetries: 1,
          // Reported through the stream's error part below (our log, never the console).
          onError: () => {},
        });
        for await (const part of result.fullStream) {
          if (part.type === "text-delta") await emit({ type: "text", text: part.text });
          else if (part.type === "error") {
            failed = true;
            log.error(
              "assistant provider error",
              loggableError(part.error instanceof Error ? part.error : new Error(String(part.error))),
            );
          }
        }
      } catch (err) {
        failed = true;
        log.error(
          "assistant provider error",
          loggableError(err instanceof Error ? err : new Error(String(err))),
        );
      }
      if (failed)
        await emit({ type: "error", code: "ASSISTANT_FAILED", message: ASSISTANT_MESSAGES.apology });
      await emit({ type: "done" });
    },
  };
}
