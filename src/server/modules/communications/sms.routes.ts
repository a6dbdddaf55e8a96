import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import {
  consentInputSchema,
  consentPageSchema,
  consentQuerySchema,
  consentRecordedSchema,
  importResultSchema,
  smsAudienceSchema,
  smsBlastInputSchema,
  smsBlastResultSchema,
  smsPreviewSchema,
} from "@shared/communications/sms.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { HttpError } from "../../http/errors";
import { fileField, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createSmsService, sendQueuedSms } from "./sms.service";

const tags = ["SMS"];
const SEND = "communications:send";
const CONSENT = "smsConsent:manage";

const preview = defineRoute({
  method: "post",
  path: "/api/communications/sms/preview",
  tags,
  summary:
    'Who an SMS blast would reach: numbers with recorded consent, those with no phone ("No Phone Number") and those without consent (never texted), and whether a provider is configured',
  access: SEND,
  request: { body: jsonBody(smsAudienceSchema) },
  responses: { 200: jsonContent(smsPreviewSchema) },
});
const blast = defineRoute({
  method: "post",
  path: "/api/communications/sms",
  tags,
  summary:
    "Send an SMS blast to drivers and customers' contacts with recorded consent; each text carries the company name and \"Reply STOP to opt out.\", waits for the recipient's texting hours and goes through the SMS provider (without one, logged as not sent)",
  access: SEND,
  request: { body: jsonBody(smsBlastInputSchema) },
  responses: {
    201: jsonContent(
      smsBlastResultSchema,
      "Recorded: texts queued, not sent (no provider) and recipients skipped, in counts",
    ),
  },
});
const list = defineRoute({
  method: "get",
  path: "/api/sms-consents",
  tags,
  summary:
    "Every phone contact's SMS consent: opted in, opted out or unknown, when, how and by whom recorded",
  access: CONSENT,
  request: { query: consentQuerySchema },
  responses: { 200: jsonContent(consentPageSchema) },
});
const record = defineRoute({
  method: "post",
  path: "/api/sms-consents",
  tags,
  summary: "Record or revoke a number's consent (form, paper, verbal…)",
  access: CONSENT,
  request: { body: jsonBody(consentInputSchema) },
  responses: { 200: jsonContent(consentRecordedSchema) },
});
const importCsv = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/sms-consents/import",
    tags,
    summary: "Import consents from CSV (phone, name, status, method); every line or none",
    access: CONSENT,
    request: {
      body: { required: true, content: { "multipart/form-data": { schema: z.object({ file: fileField }) } } },
    },
    responses: { 200: jsonContent(importResultSchema) },
  }),
  uploadBodyLimit(2 * 1024 * 1024),
);
const inbound = defineRoute({
  method: "post",
  path: "/api/public/sms/inbound",
  tags,
  summary:
    "The SMS provider's inbound webhook (signature-verified, X-Twilio-Signature): STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT and plain-language equivalents opt out; START/UNSTOP opt back in; HELP/INFO answer; one TwiML reply",
  access: "public",
  responses: {
    200: {
      description: "TwiML",
      content: { "text/xml": { schema: z.string().openapi({ type: "string" }) } },
    },
    400: jsonContent(apiErrorSchema, "Signature missing or wrong"),
  },
});

export function smsRoutes(deps: Deps) {
  const service = createSmsService(deps);
  let running = false;
  const kick = () => {
    if (running || deps.config.sendQueuesAtOnce === false) return;
    running = true;
    void sendQueuedSms(deps)
      .catch((err: unknown) => deps.log.warn("sms queue run failed", { error: String(err) }))
      .finally(() => {
        running = false;
      });
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(preview, async (c) => c.json(await service.preview(c.req.valid("json")), 200))
    .openapi(blast, async (c) => {
      const sent = await service.blast(actorOf(c), c.req.valid("json"));
      kick();
      return c.json(sent, 201);
    })
    .openapi(list, async (c) => c.json(await service.list(c.req.valid("query")), 200))
    .openapi(record, async (c) => c.json(await service.record(actorOf(c), c.req.valid("json")), 200))
    .openapi(importCsv, async (c) =>
      c.json(await service.importCsv(actorOf(c), await c.req.valid("form").file.text()), 200),
    )
    .openapi(inbound, async (c) => {
      const form = await c.req.parseBody().catch(() => ({}));
      const params = Object.fromEntries(
        Object.entries(form).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
      ) as Record<string, string>;
      const url = `${deps.config.publicUrl}${new URL(c.req.url).pathname}`;
      if (!service.verify(url, params, c.req.header("x-twilio-signature")))
        // 400, not 403: a public endpoint refuses a request, never a person (the role matrix's rule).
        throw new HttpError(400, "BAD_SIGNATURE", "The request is not signed by the SMS provider.");
      return c.body(await service.inbound(params), 200, { "content-type": "text/xml; charset=utf-8" });
    });
}
