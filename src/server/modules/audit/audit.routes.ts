import { pageSchema } from "@shared/api/api.schema";
import {
  auditEntrySchema,
  auditListQuerySchema,
  mailAttachmentParamsSchema,
  mailListQuerySchema,
  mailMessageSchema,
} from "@shared/audit/audit.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createAuditService } from "./audit.service";

export function auditRoutes(deps: Deps) {
  const audit = createAuditService(deps);
  const t = routeTable({ tags: ["Audit"], access: "audit:read" });
  t.list(
    "/api/admin/audit",
    {
      summary: "The audit log: who did what to what, and when; newest first",
      query: auditListQuerySchema,
      response: pageSchema(auditEntrySchema),
    },
    ({ query }) => audit.audit(query),
  );
  t.list(
    "/api/admin/mail",
    {
      summary:
        "Outgoing mail (the outbox when SMTP is not configured), with each message's attachments (name, " +
        "type, size, whether stored); newest first",
      access: "mail:read",
      query: mailListQuerySchema,
      response: pageSchema(mailMessageSchema),
    },
    ({ query }) => audit.mail(query),
  );
  t.download(
    "/api/admin/mail/{id}/attachments/{index}",
    {
      summary:
        "An outbox message's attachment by position, when it was a stored file (an upload, an issued " +
        "certificate, a signed contract); 404 for a generated one, whose bytes are not kept",
      access: "mail:read",
      params: mailAttachmentParamsSchema,
      types: ["*/*"],
      described: "The attachment",
    },
    ({ params }) => audit.mailAttachment(params.id, params.index),
  );
  return t.app;
}
