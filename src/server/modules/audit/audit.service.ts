import type { Page } from "@shared/api/api.schema";
import type {
  AuditEntry,
  auditFilterSchema,
  MailMessage,
  mailFilterSchema,
} from "@shared/audit/audit.schema";
import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { auditLog, mailMessages } from "../../db/schema";
import type { Deps } from "../../deps";
import { notFound } from "../../http/errors";
import { likePattern, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { dayAfter, dayStart } from "../../platform/company-day";
import { openStoredFile } from "../../platform/storage/storage";

export type AuditQuery = PageQuery & z.infer<typeof auditFilterSchema>;
export type MailQuery = PageQuery & z.infer<typeof mailFilterSchema>;

/** The audit log and the mail outbox, newest first (admin actions screen). */
export function createAuditService({ db, storage }: Pick<Deps, "db" | "storage">) {
  return {
    async audit(query: AuditQuery): Promise<Page<AuditEntry>> {
      const { page, pageSize, q, action, from, to } = query;
      const where: SQL[] = [];
      if (action) where.push(eq(auditLog.action, action));
      // Days of UTC, counted by PostgreSQL (the day after 9999-12-31 is a year JavaScript writes and PostgreSQL cannot read).
      if (from) where.push(gte(auditLog.createdAt, dayStart(from, "UTC")));
      if (to) where.push(lt(auditLog.createdAt, dayAfter(to, "UTC")));
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
      return toPage(items, total, { page, pageSize });
    },

    async mail(query: MailQuery): Promise<Page<MailMessage>> {
      const { page, pageSize, q, status } = query;
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
        attachments: (r.attachments ?? []).map((a) => ({
          fileName: a.filename,
          contentType: a.contentType,
          size: a.size,
          stored: !!a.fileId,
        })),
        createdAt: r.createdAt.toISOString(),
      }));
      return toPage(items, total, { page, pageSize });
    },

    /** An outbox message's attachment, when it was a stored file (404 for a generated one). */
    async mailAttachment(id: string, index: number) {
      const [row] = await db
        .select({ attachments: mailMessages.attachments })
        .from(mailMessages)
        .where(eq(mailMessages.id, id));
      const fileId = row?.attachments?.[index]?.fileId;
      if (!fileId) throw notFound("The attachment");
      return openStoredFile(db, storage, fileId);
    },
  };
}
