import { z } from "@hono/zod-openapi";
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
import { actorOf } from "../../http/context";
import { fileField } from "../../http/files";
import { defineRoute, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createCommunicationsService, sendQueuedEmails } from "./communications.service";

const tags = ["Communications"];
const html = { "text/html": { schema: z.string().openapi({ type: "string" }) } };
const tokenParams = z.object({ token: z.string().min(16).max(128) });

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
  const t = routeTable({ tags, access: "communications:send" });
  t.json(
    "post",
    "/api/communications/email/preview",
    {
      summary:
        'Who a mass email would reach: how many addresses, the drivers and contacts with no email ("No Email Found", skipped), unsubscribed contacts',
      body: audienceSchema,
      response: recipientPreviewSchema,
    },
    ({ body }) => service.preview(body),
  );
  t.upload(
    "/api/communications/attachments",
    {
      summary: "Upload an attachment for a mass email (PDF or image, 10 MB, checked by content)",
      form: z.object({ file: fileField }),
      response: attachmentSchema,
      described: "Stored",
      maxBytes: ATTACHMENT_MAX_BYTES,
    },
    ({ actor, form }) => service.uploadAttachment(actor, form.file),
  );
  t.create(
    "/api/communications/email",
    {
      summary:
        "Send a mass email now or at a time: subject and body required (\"Subject and body cannot be empty.\"), the sender's signature appended, attachments; queued and throttled, each recipient's status in the log; customers' copies carry the postal address and a one-click unsubscribe",
      body: massEmailInputSchema,
      response: communicationSchema,
      described: "Queued or scheduled",
    },
    async ({ actor, body }) => {
      const sent = await service.sendEmail(actor, body);
      if (sent.status === "sending") kick();
      return sent;
    },
  );
  t.list(
    "/api/communications/log",
    {
      summary:
        "The communication log: every email and SMS recipient, sent or scheduled, by recipient, channel, status and date",
      query: logQuerySchema,
      response: logPageSchema,
    },
    ({ query }) => service.log(query),
  );
  t.list(
    "/api/communications/groups",
    {
      summary: "Saved recipient groups (audiences the composer reloads), by name",
      response: recipientGroupListSchema,
    },
    () => service.groups(),
  );
  t.create(
    "/api/communications/groups",
    {
      summary: "Save the chosen recipients as a named group (409 when the name is taken); audited",
      body: recipientGroupInputSchema,
      response: recipientGroupSchema,
      described: "Saved",
    },
    ({ actor, body }) => service.saveGroup(actor, body),
  );
  // 204: no shape answers an empty body.
  t.route(
    defineRoute({
      method: "delete",
      path: "/api/communications/groups/{id}",
      tags,
      summary: "Delete a saved recipient group; audited",
      access: "communications:send",
      request: { params: uuidParams },
      responses: { 204: { description: "Deleted" } },
    }),
    async (c) => {
      await service.deleteGroup(actorOf(c), c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
  t.list(
    "/api/me/signature",
    {
      summary: "The caller's email signature (appended to every email they send)",
      access: "signature:manage",
      response: signatureSchema,
    },
    ({ actor }) => service.signature(actor),
  );
  t.json(
    "put",
    "/api/me/signature",
    {
      summary: "Save the caller's email signature",
      access: "signature:manage",
      body: signatureSchema,
      response: signatureSchema,
    },
    ({ actor, body }) => service.saveSignature(actor, body.signature),
  );
  t.get(
    "/api/communications/{id}",
    {
      summary: "One mass email: its text, attachments and recipients counted by status",
      response: communicationSchema,
    },
    ({ id }) => service.get(id),
  );
  t.json(
    "post",
    "/api/communications/{id}/cancel",
    {
      summary: "Cancel a scheduled message (409 once it is going out)",
      params: uuidParams,
      response: communicationSchema,
    },
    ({ id }) => service.cancel(id),
  );
  // The unsubscribe link answers HTML pages, not JSON.
  t.route(
    defineRoute({
      method: "get",
      path: "/api/public/unsubscribe/{token}",
      tags,
      summary:
        "The bulk-mail footer's unsubscribe link: a page with one button (a link scanner's visit changes nothing)",
      access: "public",
      request: { params: tokenParams },
      responses: { 200: { description: "The page", content: html } },
    }),
    (c) =>
      c.html(
        page(
          "Unsubscribe",
          `<p>Stop receiving bulk emails from ${escapeHtml(deps.config.company.name)}?</p><form method="post"><button style="font-size:1rem;padding:.75rem 1.25rem;min-height:44px">Unsubscribe</button></form>`,
        ),
        200,
      ),
  );
  t.route(
    defineRoute({
      method: "post",
      path: "/api/public/unsubscribe/{token}",
      tags,
      summary:
        "RFC 8058 one-click unsubscribe (List-Unsubscribe-Post): the address is never mailed in bulk again",
      access: "public",
      request: { params: tokenParams },
      responses: { 200: { description: "Done", content: html } },
    }),
    async (c) => {
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
    },
  );
  return t.app;
}
