import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  ATTACHMENT_MAX_BYTES,
  attachmentSchema,
  audienceSchema,
  communicationSchema,
  logPageSchema,
  massEmailInputSchema,
  recipientGroupInputSchema,
  recipientGroupListSchema,
  recipientGroupSchema,
  recipientPreviewSchema,
  signatureSchema,
} from "@shared/communications/communications.schema";
import { logQuerySchema } from "@shared/communications/log-query.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { fileField, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createCommunicationsService, sendQueuedEmails } from "./communications.service";

const tags = ["Communications"];
const SEND = "communications:send";
const html = { "text/html": { schema: z.string().openapi({ type: "string" }) } };

const preview = defineRoute({
  method: "post",
  path: "/api/communications/email/preview",
  tags,
  summary:
    'Who a mass email would reach: how many addresses, the drivers and contacts with no email ("No Email Found", skipped), unsubscribed contacts',
  access: SEND,
  request: { body: jsonBody(audienceSchema) },
  responses: { 200: jsonContent(recipientPreviewSchema) },
});
const upload = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/communications/attachments",
    tags,
    summary: "Upload an attachment for a mass email (PDF or image, 10 MB, checked by content)",
    access: SEND,
    request: {
      body: { required: true, content: { "multipart/form-data": { schema: z.object({ file: fileField }) } } },
    },
    responses: { 201: jsonContent(attachmentSchema, "Stored") },
  }),
  uploadBodyLimit(ATTACHMENT_MAX_BYTES),
);
const sendEmail = defineRoute({
  method: "post",
  path: "/api/communications/email",
  tags,
  summary:
    "Send a mass email now or at a time: subject and body required (\"Subject and body cannot be empty.\"), the sender's signature appended, attachments; queued and throttled, each recipient's status in the log; customers' copies carry the postal address and a one-click unsubscribe",
  access: SEND,
  request: { body: jsonBody(massEmailInputSchema) },
  responses: { 201: jsonContent(communicationSchema, "Queued or scheduled") },
});
const one = defineRoute({
  method: "get",
  path: "/api/communications/{id}",
  tags,
  summary: "One mass email: its text, attachments and recipients counted by status",
  access: SEND,
  request: { params: uuidParams },
  responses: { 200: jsonContent(communicationSchema) },
});
const cancel = defineRoute({
  method: "post",
  path: "/api/communications/{id}/cancel",
  tags,
  summary: "Cancel a scheduled message (409 once it is going out)",
  access: SEND,
  request: { params: uuidParams },
  responses: { 200: jsonContent(communicationSchema) },
});
const log = defineRoute({
  method: "get",
  path: "/api/communications/log",
  tags,
  summary:
    "The communication log: every email and SMS recipient, sent or scheduled, by recipient, channel, status and date",
  access: SEND,
  request: { query: logQuerySchema },
  responses: { 200: jsonContent(logPageSchema) },
});
const groups = defineRoute({
  method: "get",
  path: "/api/communications/groups",
  tags,
  summary: "Saved recipient groups (audiences the composer reloads), by name",
  access: SEND,
  responses: { 200: jsonContent(recipientGroupListSchema) },
});
const saveGroup = defineRoute({
  method: "post",
  path: "/api/communications/groups",
  tags,
  summary: "Save the chosen recipients as a named group (409 when the name is taken); audited",
  access: SEND,
  request: { body: jsonBody(recipientGroupInputSchema) },
  responses: { 201: jsonContent(recipientGroupSchema, "Saved") },
});
const deleteGroup = defineRoute({
  method: "delete",
  path: "/api/communications/groups/{id}",
  tags,
  summary: "Delete a saved recipient group; audited",
  access: SEND,
  request: { params: uuidParams },
  responses: { 204: { description: "Deleted" } },
});
const getSignature = defineRoute({
  method: "get",
  path: "/api/me/signature",
  tags,
  summary: "The caller's email signature (appended to every email they send)",
  access: "signature:manage",
  responses: { 200: jsonContent(signatureSchema) },
});
const putSignature = defineRoute({
  method: "put",
  path: "/api/me/signature",
  tags,
  summary: "Save the caller's email signature",
  access: "signature:manage",
  request: { body: jsonBody(signatureSchema) },
  responses: { 200: jsonContent(signatureSchema) },
});
const tokenParams = z.object({ token: z.string().min(16).max(128) });
const unsubscribePage = defineRoute({
  method: "get",
  path: "/api/public/unsubscribe/{token}",
  tags,
  summary:
    "The bulk-mail footer's unsubscribe link: a page with one button (a link scanner's visit changes nothing)",
  access: "public",
  request: { params: tokenParams },
  responses: { 200: { description: "The page", content: html } },
});
const unsubscribe = defineRoute({
  method: "post",
  path: "/api/public/unsubscribe/{token}",
  tags,
  summary:
    "RFC 8058 one-click unsubscribe (List-Unsubscribe-Post): the address is never mailed in bulk again",
  access: "public",
  request: { params: tokenParams },
  responses: { 200: { description: "Done", content: html } },
});

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a"><h1 style="font-size:1.25rem">${title}</h1>${body}</body></html>`;
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function communicationsRoutes(deps: Deps) {
  const service = createCommunicationsService(deps);
  // One queue run at a time in this instance; the job queue's minute catches anything left.
  let running = false;
  const kick = () => {
    if (running || deps.config.sendQueuesAtOnce === false) return;
    running = true;
    void sendQueuedEmails(deps)
      .catch((err: unknown) => deps.log.warn("mail queue run failed", { error: String(err) }))
      .finally(() => {
        running = false;
      });
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(preview, async (c) => c.json(await service.preview(c.req.valid("json")), 200))
    .openapi(upload, async (c) =>
      c.json(await service.uploadAttachment(actorOf(c), c.req.valid("form").file), 201),
    )
    .openapi(sendEmail, async (c) => {
      const sent = await service.sendEmail(actorOf(c), c.req.valid("json"));
      if (sent.status === "sending") kick();
      return c.json(sent, 201);
    })
    .openapi(log, async (c) => c.json(await service.log(c.req.valid("query")), 200))
    .openapi(groups, async (c) => c.json(await service.groups(), 200))
    .openapi(saveGroup, async (c) => c.json(await service.saveGroup(actorOf(c), c.req.valid("json")), 201))
    .openapi(deleteGroup, async (c) => {
      await service.deleteGroup(actorOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(getSignature, async (c) => c.json(await service.signature(actorOf(c)), 200))
    .openapi(putSignature, async (c) =>
      c.json(await service.saveSignature(actorOf(c), c.req.valid("json").signature), 200),
    )
    .openapi(one, async (c) => c.json(await service.get(c.req.valid("param").id), 200))
    .openapi(cancel, async (c) => c.json(await service.cancel(c.req.valid("param").id), 200))
    .openapi(unsubscribePage, (c) =>
      c.html(
        page(
          "Unsubscribe",
          `<p>Stop receiving bulk emails from ${escapeHtml(deps.config.company.name)}?</p><form method="post"><button style="font-size:1rem;padding:.75rem 1.25rem;min-height:44px">Unsubscribe</button></form>`,
        ),
        200,
      ),
    )
    .openapi(unsubscribe, async (c) => {
      const done = await service.unsubscribe(c.req.valid("param").token);
      return c.html(
        done
          ? page(
              "You are unsubscribed",
              `<p>${escapeHtml(done.email)} will not receive bulk emails from ${escapeHtml(deps.config.company.name)} again.</p>`,
            )
          : page(
              "Link not recognised",
              "<p>This unsubscribe link is not valid. Reply to the email to be removed.</p>",
            ),
        200,
      );
    });
}
