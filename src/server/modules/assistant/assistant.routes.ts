import {
  type AssistantEvent,
  assistantChatSchema,
  assistantSettingsInputSchema,
  assistantSettingsSchema,
  assistantStatusSchema,
} from "@shared/assistant/assistant.schema";
import { stream } from "hono/streaming";
import type { Deps } from "../../deps";
import { actorOf } from "../../http/context";
import { binary } from "../../http/files";
import { defineRoute, jsonBody } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createAssistantService } from "./assistant.service";

const tags = ["AI assistant"];
const NDJSON = "application/x-ndjson";

export function assistantRoutes(deps: Deps) {
  const service = createAssistantService(deps);
  const t = routeTable({ tags, access: "assistant:use" });
  t.list(
    "/api/assistant/status",
    {
      summary: "Whether the assistant is configured, and whether this user may configure it",
      response: assistantStatusSchema,
    },
    ({ actor }) => service.status(actor),
  );
  t.list(
    "/api/assistant/settings",
    {
      summary: "The provider and model (the API key is never returned: only whether one is saved)",
      access: "assistant:configure",
      response: assistantSettingsSchema,
    },
    () => service.settings(),
  );
  t.json(
    "put",
    "/api/assistant/settings",
    {
      summary:
        "Set the provider (OpenAI, Anthropic, Google, or an OpenAI-compatible base URL), the model and the key (stored encrypted; empty keeps it for the same provider and address; no provider turns the assistant off). A new provider or address needs `assistant:endpoint` (admin by default; 403 ASSISTANT_ENDPOINT_FORBIDDEN) and the key entered again when one is saved (400 ASSISTANT_KEY_REQUIRED, on `apiKey`); audited with the old and new endpoint, never the key",
      access: "assistant:configure",
      body: assistantSettingsInputSchema,
      response: assistantSettingsSchema,
    },
    ({ actor, body }) => service.saveSettings(actor, body),
  );
  // The answer streams: no shape fits.
  t.route(
    defineRoute({
      method: "post",
      path: "/api/assistant/chat",
      tags,
      summary:
        "Ask the assistant: the answer streams as one JSON event per line (text, navigate, proposal, error, done). Its tools run with the user's own permissions; every question and tool call is audited. 409 ASSISTANT_NOT_CONFIGURED without a provider",
      access: "assistant:use",
      request: { body: jsonBody(assistantChatSchema) },
      responses: { 200: binary([NDJSON], "The answer's events") },
    }),
    async (c) => {
      const actor = actorOf(c);
      const input = c.req.valid("json");
      await service.ensureConfigured();
      c.header("Content-Type", NDJSON);
      c.header("Cache-Control", "no-store");
      c.header("X-Accel-Buffering", "no");
      return stream(c, async (out) => {
        const emit = (event: AssistantEvent) => out.write(`${JSON.stringify(event)}\n`).then(() => undefined);
        await service.chat(actor, input, emit);
      });
    },
  );
  return t.app;
}
