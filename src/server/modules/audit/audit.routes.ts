import { OpenAPIHono } from "@hono/zod-openapi";
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import { PERMISSIONS } from "../../../shared/access";
import {
  auditEntrySchema,
  auditFilterSchema,
  mailFilterSchema,
  mailMessageSchema,
} from "../../../shared/admin/audit.schema";
import { pageQuerySchema, pageSchema } from "../../../shared/api/api.schema";
import { auditLog, mailMessages } from "../../db/schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { defineRoute, jsonContent } from "../../http/route";

const listAudit = defineRoute({
  method: "get",
  path: "/api/admin/audit",
  tags: ["Audit"],
  summary: "The audit log: who did what to what, and when; newest first",
  access: PERMISSIONS["audit:read"],
  request: { query: pageQuerySchema.extend(auditFilterSchema.shape) },
  responses: { 200: jsonContent(pageSchema(auditEntrySchema)) },
});

const listMail = defineRoute({
  method: "get",
  path: "/api/admin/mail",
  tags: ["Audit"],
  summary: "Outgoing mail (the outbox when SMTP is not configured); newest first",
  access: PERMISSIONS["mail:read"],
  request: { query: pageQuerySchema.extend(mailFilterSchema.shape) },
  responses: { 200: jsonContent(pageSchema(mailMessageSchema)) },
});

const nextDay = (date: string) => new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000);

export function auditRoutes({ db }: Deps) {
  return new OpenAPIHono<AppEnv>()
    .openapi(listAudit, async (c) => {
      const { page, pageSize, q, action, from, to } = c.req.valid("query");
      const where: SQL[] = [];
      if (action) where.push(eq(auditLog.action, action));
      if (from) where.push(gte(auditLog.createdAt, new Date(`${from}T00:00:00Z`)));
      if (to) where.push(lt(auditLog.createdAt, nextDay(to)));
      if (q) {
        const p = likePattern(q);
        where.push(
          or(
            ilike(auditLog.actorEmail, p),
            ilike(auditLog.targetLabel, p),
            ilike(auditLog.impersonatorEmail, p),
          )!,
        );
      }
      const cond = where.length ? and(...where) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(auditLog).where(cond);
      const rows = await db
        .select()
        .from(auditLog)
        .where(cond)
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const items = rows.map((r) => ({
        id: r.id,
        action: r.action,
        actorId: r.actorId,
        actorEmail: r.actorEmail,
        impersonatorEmail: r.impersonatorEmail,
        targetType: r.targetType,
        targetId: r.targetId,
        targetLabel: r.targetLabel,
        details: r.details ?? null,
        ip: r.ip,
        createdAt: r.createdAt.toISOString(),
      }));
      return c.json(toPage(items, total, { page, pageSize }), 200);
    })
    .openapi(listMail, async (c) => {
      const { page, pageSize, q, status } = c.req.valid("query");
      const where: SQL[] = [];
      if (q)
        where.push(or(ilike(mailMessages.to, likePattern(q)), ilike(mailMessages.subject, likePattern(q)))!);
      if (status) where.push(eq(mailMessages.status, status));
      const cond = where.length ? and(...where) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(mailMessages).where(cond);
      const rows = await db
        .select()
        .from(mailMessages)
        .where(cond)
        .orderBy(desc(mailMessages.createdAt))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const items = rows.map((r) => ({
        id: r.id,
        to: r.to,
        subject: r.subject,
        text: r.text,
        status: r.status,
        error: r.error,
        createdAt: r.createdAt.toISOString(),
      }));
      return c.json(toPage(items, total, { page, pageSize }), 200);
    });
}
