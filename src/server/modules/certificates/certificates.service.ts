import {
  CERTIFICATE_FILE_TYPES,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_MESSAGES,
  type Certificate,
  type CertificateListQuery,
  type CertificatePage,
  certificateExpiry,
  certificateInputSchema,
  type HolderListQuery,
  type HolderPage,
  type HolderRequest,
  holderRequestInputSchema,
} from "@shared/certificates/certificates.schema";
import { eq } from "drizzle-orm";
import type { ZodType } from "zod";
import type { Tx } from "../../db/client";
import { certificateRequests, customers, insuranceCertificates } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, fieldErrors, HttpError, notFound } from "../../http/errors";
import { chosenFile } from "../../http/files";
import { offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../../platform/company-day";
import { signed } from "../../platform/mail/signature";
import { openStoredFile } from "../../platform/storage/storage";
import { findCertificate, findRequest, listCertificates, listRequests } from "./certificates.repo";

const UPLOAD = { maxBytes: CERTIFICATE_MAX_BYTES, allowedTypes: CERTIFICATE_FILE_TYPES };

function parse<T>(schema: ZodType<T>, raw: unknown, fallback: string): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw badRequest(Object.values(fields)[0] ?? fallback, { fields });
  }
  return parsed.data;
}

/**
 * Certificates of insurance and the certificate holders who ask for one: the company's certificates
 * (ACORD 25 data) and those received from owner-operators and vendors; holders' requests recorded,
 * the agent's certificate attached and emailed to the holder through the mail service.
 */
export function createCertificatesService({ db, storage, config, mailer }: Deps) {
  const today = () => companyDay(new Date(), config.company.timeZone);

  async function requireCertificate(tx: Tx, id: string) {
    const found = await findCertificate(tx, id);
    if (!found) throw notFound("The certificate");
    return found;
  }
  async function requireRequest(tx: Tx, id: string) {
    const found = await findRequest(tx, id, today());
    if (!found) throw notFound("The request");
    return found;
  }
  /** A holder's certificate must rest on one of the company's own certificates. */
  async function requireCompanyCertificate(tx: Tx, id: string | null) {
    if (!id) return;
    const [c] = await tx
      .select({ direction: insuranceCertificates.direction })
      .from(insuranceCertificates)
      .where(eq(insuranceCertificates.id, id));
    if (c?.direction !== "company") {
      throw badRequest("Choose one of the company's certificates.", {
        fields: { certificateId: "Choose one of the company's certificates." },
      });
    }
  }

  return {
    async list(query: CertificateListQuery): Promise<CertificatePage> {
      const { page, pageSize, ...filter } = query;
      const { items, total, counts } = await listCertificates(db, filter, today(), {
        limit: pageSize,
        offset: offsetOf({ page, pageSize }),
      });
      return { ...toPage(items, total, { page, pageSize }), counts };
    },

    async create(actor: Actor, raw: unknown): Promise<Certificate> {
      const v = parse(certificateInputSchema, raw, CERTIFICATE_MESSAGES.insuredRequired);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(insuranceCertificates)
          .values({
            ...v,
            partyKind: v.direction === "received" ? v.partyKind : null,
            partyName: v.direction === "received" ? v.partyName : "",
            expiresOn: certificateExpiry(v.policies),
            createdBy: actor.userId,
          })
          .returning({ id: insuranceCertificates.id });
        await recordAudit(tx, actor, {
          action: "certificate.created",
          targetType: "certificate",
          targetId: row.id,
          targetLabel: v.insuredName,
          details: { direction: v.direction, expiresAt: certificateExpiry(v.policies) },
        });
        return row.id;
      });
      return requireCertificate(db, id);
    },

    async update(actor: Actor, id: string, raw: unknown): Promise<Certificate> {
      const v = parse(certificateInputSchema, raw, CERTIFICATE_MESSAGES.insuredRequired);
      await db.transaction(async (tx) => {
        await requireCertificate(tx, id);
        await tx
          .update(insuranceCertificates)
          .set({
            ...v,
            partyKind: v.direction === "received" ? v.partyKind : null,
            partyName: v.direction === "received" ? v.partyName : "",
            expiresOn: certificateExpiry(v.policies),
          })
          .where(eq(insuranceCertificates.id, id));
        await recordAudit(tx, actor, {
          action: "certificate.updated",
          targetType: "certificate",
          targetId: id,
          targetLabel: v.insuredName,
          details: { expiresAt: certificateExpiry(v.policies) },
        });
      });
      return requireCertificate(db, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const c = await requireCertificate(tx, id);
        await tx.delete(insuranceCertificates).where(eq(insuranceCertificates.id, id));
        await recordAudit(tx, actor, {
          action: "certificate.deleted",
          targetType: "certificate",
          targetId: id,
          targetLabel: c.insuredName,
        });
      });
    },

    /** The certificate's scan (the ACORD 25 as the agent issued it): a PDF or image, checked by content. */
    async attach(actor: Actor, id: string, raw: Record<string, unknown>): Promise<Certificate> {
      const file = chosenFile(raw.file);
      if (!file)
        throw badRequest(CERTIFICATE_MESSAGES.fileRequired, {
          fields: { file: CERTIFICATE_MESSAGES.fileRequired },
        });
      await db.transaction(async (tx) => {
        const c = await requireCertificate(tx, id);
        const stored = await storage.save(tx, file, UPLOAD, actor.userId);
        await tx
          .update(insuranceCertificates)
          .set({ fileId: stored.id })
          .where(eq(insuranceCertificates.id, id));
        await recordAudit(tx, actor, {
          action: "certificate.updated",
          targetType: "certificate",
          targetId: id,
          targetLabel: c.insuredName,
          details: { fileName: stored.fileName },
        });
      });
      return requireCertificate(db, id);
    },

    async certificateFile(id: string) {
      const [row] = await db
        .select({ fileId: insuranceCertificates.fileId })
        .from(insuranceCertificates)
        .where(eq(insuranceCertificates.id, id));
      if (!row) throw notFound("The certificate");
      return openStoredFile(db, storage, row.fileId);
    },

    // ---- Holders ----

    async requests(query: HolderListQuery): Promise<HolderPage> {
      const { page, pageSize, ...filter } = query;
      const { items, total, counts } = await listRequests(db, filter, today(), {
        limit: pageSize,
        offset: offsetOf({ page, pageSize }),
      });
      return { ...toPage(items, total, { page, pageSize }), counts };
    },

    async createRequest(actor: Actor, raw: unknown): Promise<HolderRequest> {
      const v = parse(holderRequestInputSchema, raw, CERTIFICATE_MESSAGES.holderName);
      const id = await db.transaction(async (tx) => {
        await requireCompanyCertificate(tx, v.certificateId);
        if (v.customerId) {
          const [c] = await tx
            .select({ id: customers.id })
            .from(customers)
            .where(eq(customers.id, v.customerId));
          if (!c) throw badRequest("Choose a customer.", { fields: { customerId: "Choose a customer." } });
        }
        const [row] = await tx
          .insert(certificateRequests)
          .values({ ...v, createdBy: actor.userId })
          .returning({ id: certificateRequests.id });
        await recordAudit(tx, actor, {
          action: "certificate.request_recorded",
          targetType: "certificate_request",
          targetId: row.id,
          targetLabel: v.holderName,
          details: { email: v.holderEmail || null },
        });
        return row.id;
      });
      return requireRequest(db, id);
    },

    async updateRequest(actor: Actor, id: string, raw: unknown): Promise<HolderRequest> {
      const v = parse(holderRequestInputSchema, raw, CERTIFICATE_MESSAGES.holderName);
      await db.transaction(async (tx) => {
        await requireRequest(tx, id);
        await requireCompanyCertificate(tx, v.certificateId);
        await tx.update(certificateRequests).set(v).where(eq(certificateRequests.id, id));
        await recordAudit(tx, actor, {
          action: "certificate.request_updated",
          targetType: "certificate_request",
          targetId: id,
          targetLabel: v.holderName,
        });
      });
      return requireRequest(db, id);
    },

    async removeRequest(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const r = await requireRequest(tx, id);
        await tx.delete(certificateRequests).where(eq(certificateRequests.id, id));
        await recordAudit(tx, actor, {
          action: "certificate.request_deleted",
          targetType: "certificate_request",
          targetId: id,
          targetLabel: r.holderName,
        });
      });
    },

    /** Attaches the certificate the agent issued naming this holder: the request is issued. */
    async issue(actor: Actor, id: string, raw: Record<string, unknown>): Promise<HolderRequest> {
      const file = chosenFile(raw.file);
      if (!file)
        throw badRequest(CERTIFICATE_MESSAGES.fileRequired, {
          fields: { file: CERTIFICATE_MESSAGES.fileRequired },
        });
      await db.transaction(async (tx) => {
        const r = await requireRequest(tx, id);
        const stored = await storage.save(tx, file, UPLOAD, actor.userId);
        await tx
          .update(certificateRequests)
          .set({ fileId: stored.id, status: r.status === "sent" ? "sent" : "issued" })
          .where(eq(certificateRequests.id, id));
        await recordAudit(tx, actor, {
          action: "certificate.issued",
          targetType: "certificate_request",
          targetId: id,
          targetLabel: r.holderName,
          details: { fileName: stored.fileName },
        });
      });
      return requireRequest(db, id);
    },

    requestFile: async (id: string) => {
      const [row] = await db
        .select({ fileId: certificateRequests.fileId })
        .from(certificateRequests)
        .where(eq(certificateRequests.id, id));
      if (!row) throw notFound("The request");
      return openStoredFile(db, storage, row.fileId);
    },

    /**
     * Emails the issued certificate to the holder through the mail service. No email on file is the
     * spec's "No Email Found" (nothing is sent); no certificate attached yet is refused too.
     */
    async send(actor: Actor, id: string): Promise<{ sentTo: string; mail: "stored" | "sent" | "failed" }> {
      const r = await requireRequest(db, id);
      if (!r.holderEmail) {
        throw badRequest(CERTIFICATE_MESSAGES.noEmail, {
          fields: { holderEmail: CERTIFICATE_MESSAGES.noEmail },
        });
      }
      const [row] = await db
        .select({ fileId: certificateRequests.fileId })
        .from(certificateRequests)
        .where(eq(certificateRequests.id, id));
      if (!row?.fileId)
        throw badRequest(CERTIFICATE_MESSAGES.noFile, { fields: { file: CERTIFICATE_MESSAGES.noFile } });
      const file = await openStoredFile(db, storage, row.fileId);
      const company = config.company;
      const mail = await mailer.send({
        to: r.holderEmail,
        subject: `Certificate of insurance: ${company.name}`,
        replyTo: company.email,
        text: await signed(
          db,
          actor.userId,
          [
            `Hello ${r.holderName},`,
            "",
            `As requested, attached is ${company.name}'s certificate of insurance naming you as certificate holder.`,
            r.expiresOn
              ? `The earliest policy on it runs until ${r.expiresOn}; we send a renewed certificate before then.`
              : "",
            "",
            company.name,
            [company.phone, company.email].filter(Boolean).join(" | "),
          ]
            .filter((line, i, all) => line !== "" || all[i - 1] !== "")
            .join("\n"),
        ),
        attachments: [
          {
            filename: file.fileName,
            contentType: file.contentType,
            content: file.bytes,
            fileId: row.fileId,
          },
        ],
      });
      if (mail.status === "failed") {
        throw new HttpError(
          502,
          "MAIL_FAILED",
          "The email could not be sent. Check the mail settings and try again.",
        );
      }
      await db.transaction(async (tx) => {
        await tx
          .update(certificateRequests)
          .set({ status: "sent", sentAt: new Date(), sentTo: r.holderEmail })
          .where(eq(certificateRequests.id, id));
        await recordAudit(tx, actor, {
          action: "certificate.sent",
          targetType: "certificate_request",
          targetId: id,
          targetLabel: r.holderName,
          details: { to: r.holderEmail, mailId: mail.id },
        });
      });
      return { sentTo: r.holderEmail, mail: mail.status };
    },
  };
}
