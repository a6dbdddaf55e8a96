import { OpenAPIHono } from "@hono/zod-openapi";
import { pageSchema } from "@shared/api/api.schema";
import {
  auditEntrySchema,
  auditListQuerySchema,
  mailListQuerySchema,
  mailMessageSchema,
} from "@shared/audit/audit.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
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
  summary: "Outgoing mail (the outbox when SMTP is not configured); newest first",
  access: "mail:read",
  request: { query: mailListQuerySchema },
  responses: { 200: jsonContent(pageSchema(mailMessageSchema)) },
});

export function auditRoutes({ db }: Deps) {
  const audit = createAuditService(db);
  return new OpenAPIHono<AppEnv>()
    .openapi(listAudit, async (c) => c.json(await audit.audit(c.req.valid("query")), 200))
    .openapi(listMail, async (c) => c.json(await audit.mail(c.req.valid("query")), 200));
}
