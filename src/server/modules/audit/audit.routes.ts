import { OpenAPIHono } from "@hono/zod-openapi";
import { pageSchema } from "@shared/api/api.schema";
import {
  auditEntrySchema,
  auditListQuerySchema,
  mailAttachmentParamsSchema,
  mailListQuerySchema,
  mailMessageSchema,
} from "@shared/audit/audit.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { binary, fileResponse } from "../../http/files";
import { defineRoute, jsonContent } from "../../http/route";
import { createAuditService } from "./audit.service";

const listAudit = defineRoute({
  method: "get",
  path: "/api/admin/audit",
  tags: ["Audit"],
  summary: "The audit log: who did what to what, and when; newest first",
  access: "audit:read",
  request: { query: auditListQuerySchema },
  responses: { 200: jsonContent(pageSchema(auditEntrySchema)) },
});

const listMail = defineRoute({
  method: "get",
  path: "/api/admin/mail",
  tags: ["Audit"],
  summary:
    "Outgoing mail (the outbox when SMTP is not configured), with each message's attachments (name, " +
    "type, size, whether stored); newest first",
  access: "mail:read",
  request: { query: mailListQuerySchema },
  responses: { 200: jsonContent(pageSchema(mailMessageSchema)) },
});

const mailAttachment = defineRoute({
  method: "get",
  path: "/api/admin/mail/{id}/attachments/{index}",
  tags: ["Audit"],
  summary:
    "An outbox message's attachment by position, when it was a stored file (an upload, an issued " +
    "certificate, a signed contract); 404 for a generated one, whose bytes are not kept",
  access: "mail:read",
  request: { params: mailAttachmentParamsSchema },
  responses: { 200: binary(["*/*"], "The attachment") },
});

export function auditRoutes(deps: Deps) {
  const audit = createAuditService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(listAudit, async (c) => c.json(await audit.audit(c.req.valid("query")), 200))
    .openapi(listMail, async (c) => c.json(await audit.mail(c.req.valid("query")), 200))
    .openapi(mailAttachment, async (c) => {
      const { id, index } = c.req.valid("param");
      return fileResponse(c, await audit.mailAttachment(id, index));
    });
}
