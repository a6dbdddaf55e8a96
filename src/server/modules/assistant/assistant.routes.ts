import { OpenAPIHono } from "@hono/zod-openapi";
import {
  type AssistantEvent,
  assistantChatSchema,
  assistantSettingsInputSchema,
  assistantSettingsSchema,
  assistantStatusSchema,
} from "@shared/assistant/assistant.schema";
import { stream } from "hono/streaming";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary } from "../../http/files";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createAssistantService } from "./assistant.service";

const tags = ["AI assistant"];
const NDJSON = "application/x-ndjson";

const getStatus = defineRoute({
  method: "get",
  path: "/api/assistant/status",
  tags,
  summary: "Whether the assistant is configured, and whether this user may configure it",
  access: "assistant:use",
  responses: { 200: jsonContent(assistantStatusSchema) },
});
const chat = defineRoute({
  method: "post",
  path: "/api/assistant/chat",
  tags,
  summary:
    "Ask the assistant: the answer streams as one JSON event per line (text, navigate, proposal, error, done). Its tools run with the user's own permissions; every question and tool call is audited. 409 ASSISTANT_NOT_CONFIGURED without a provider",
  access: "assistant:use",
  request: { body: jsonBody(assistantChatSchema) },
  responses: { 200: binary([NDJSON], "The answer's events") },
});
const getSettings = defineRoute({
  method: "get",
  path: "/api/assistant/settings",
  tags,
  summary: "The provider and model (the API key is never returned: only whether one is saved)",
  access: "assistant:configure",
  responses: { 200: jsonContent(assistantSettingsSchema) },
});
const putSettings = defineRoute({
  method: "put",
  path: "/api/assistant/settings",
  tags,
  summary:
    "Set the provider (OpenAI, Anthropic, Google, or an OpenAI-compatible base URL), the model and the key (stored encrypted; empty keeps it for the same provider and address; no provider turns the assistant off). A new provider or address needs `assistant:endpoint` (admin by default; 403 ASSISTANT_ENDPOINT_FORBIDDEN) and the key entered again when one is saved (400 ASSISTANT_KEY_REQUIRED, on `apiKey`); audited with the old and new endpoint, never the key",
  access: "assistant:configure",
  request: { body: jsonBody(assistantSettingsInputSchema) },
  responses: { 200: jsonContent(assistantSettingsSchema) },
});

export function assistantRoutes(deps: Deps) {
  const service = createAssistantService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(getStatus, async (c) => c.json(await service.status(actorOf(c)), 200))
    .openapi(getSettings, async (c) => c.json(await service.settings(), 200))
    .openapi(putSettings, async (c) =>
      c.json(await service.saveSettings(actorOf(c), c.req.valid("json")), 200),
    )
    .openapi(chat, async (c) => {
      const actor = actorOf(c);
      const input = c.req.valid("json");
      await service.ensureConfigured();
      c.header("Content-Type", NDJSON);
      c.header("Cache-Control", "no-store");
      c.header("X-Accel-Buffering", "no");
      return stream(c, async (out) => {
        const emit = (event: AssistantEvent) => out.write(`${JSON.stringify(event)}\n`).then(() => undefined);
        await service.chat(actor, input, emit);
      }) as never;
    });
}
