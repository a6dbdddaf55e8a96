import { z } from "@hono/zod-openapi";
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
import { HttpError } from "../../http/errors";
import { fileField } from "../../http/files";
import { defineRoute, jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createSmsService, sendQueuedSms } from "./sms.service";

const tags = ["SMS"];
const CONSENT = "smsConsent:manage";

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
  const t = routeTable({ tags, access: "communications:send" });
  t.json(
    "post",
    "/api/communications/sms/preview",
    {
      summary:
        'Who an SMS blast would reach: numbers with recorded consent, those with no phone ("No Phone Number") and those without consent (never texted), and whether a provider is configured',
      body: smsAudienceSchema,
      response: smsPreviewSchema,
    },
    ({ body }) => service.preview(body),
  );
  t.create(
    "/api/communications/sms",
    {
      summary:
        "Send an SMS blast to drivers and customers' contacts with recorded consent; each text carries the company name and \"Reply STOP to opt out.\", waits for the recipient's texting hours and goes through the SMS provider (without one, logged as not sent)",
      body: smsBlastInputSchema,
      response: smsBlastResultSchema,
      described: "Recorded: texts queued, not sent (no provider) and recipients skipped, in counts",
    },
    async ({ actor, body }) => {
      const sent = await service.blast(actor, body);
      kick();
      return sent;
    },
  );
  t.list(
    "/api/sms-consents",
    {
      summary:
        "Every phone contact's SMS consent: opted in, opted out or unknown, when, how and by whom recorded",
      access: CONSENT,
      query: consentQuerySchema,
      response: consentPageSchema,
    },
    ({ query }) => service.list(query),
  );
  t.json(
    "post",
    "/api/sms-consents",
    {
      summary: "Record or revoke a number's consent (form, paper, verbal…)",
      access: CONSENT,
      body: consentInputSchema,
      response: consentRecordedSchema,
    },
    ({ actor, body }) => service.record(actor, body),
  );
  t.upload(
    "/api/sms-consents/import",
    {
      summary: "Import consents from CSV (phone, name, status, method); every line or none",
      access: CONSENT,
      form: z.object({ file: fileField }),
      response: importResultSchema,
      status: 200,
      described: "OK",
      maxBytes: 2 * 1024 * 1024,
    },
    async ({ actor, form }) => service.importCsv(actor, await form.file.text()),
  );
  // The provider's webhook: a form in, TwiML (XML) out.
  t.route(
    defineRoute({
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
    }),
    async (c) => {
      const form = await c.req.parseBody().catch(() => ({}));
      const params = Object.fromEntries(
        Object.entries(form).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : [])),
      ) as Record<string, string>;
      const url = `${deps.config.publicUrl}${new URL(c.req.url).pathname}`;
      if (!service.verify(url, params, c.req.header("x-twilio-signature")))
        // 400, not 403: a public endpoint refuses a request, never a person (the role matrix's rule).
        throw new HttpError(400, "BAD_SIGNATURE", "The request is not signed by the SMS provider.");
      return c.body(await service.inbound(params), 200, { "content-type": "text/xml; charset=utf-8" });
    },
  );
  return t.app;
}
