import { can, PERMISSIONS } from "@shared/access";
import {
  type CompanyDocumentValues,
  companyDocumentInputSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  DOCUMENT_TYPES_ALLOWED,
  type Document,
  type DocumentListQuery,
  type DocumentOwner,
  type DocumentPage,
  driverUploadInputSchema,
} from "@shared/documents/documents.schema";
import { eq } from "drizzle-orm";
import { companyDocuments, driverDocuments, drivers, files } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, notFound } from "../../http/errors";
import { chosenFile } from "../../http/files";
import { offsetOf, toPage } from "../../http/pagination";
import { ownDriverId, STAFF_SCOPE, scopeWithAssets } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../../platform/company-day";
import { notifyRoles } from "../../platform/notifications/notify";
import { documentUnavailable } from "../../platform/storage/storage";
import {
  attentionCounts,
  countDocuments,
  type DocumentRow,
  findDocument,
  listDocuments,
} from "./documents.repo";

const toDocument = (r: DocumentRow, editable: boolean, mayConfirm = false): Document => ({
  key: `${r.owner}:${r.id}`,
  id: r.id,
  owner: { kind: r.owner, id: r.owner_id, label: r.owner_label },
  name: r.name,
  type: r.type as Document["type"],
  expiresOn: r.expires_on,
  file: { fileName: r.file_name, contentType: r.content_type, size: Number(r.size) },
  uploadedAt: new Date(r.uploaded_at).toISOString(),
  visibleToDrivers: r.visible_to_drivers,
  notes: r.notes,
  editable: editable && r.owner === "company",
  pending: r.pending,
  confirmable: mayConfirm && r.pending,
});

export function createDocumentsService({ db, storage, config }: Deps) {
  const today = () => companyDay(new Date(), config.company.timeZone);

  /**
   * What `actor` may see: staff everything; a driver theirs, their assets', the company's for drivers
   * (a driver account without its record, or anyone else, only what the company shows drivers).
   */
  const visibilityOf = (actor: Actor) => scopeWithAssets(db, actor);

  /**
   * A company document's fields (and, on upload, whether its file is missing): each missing field has
   * its own words; a missing name or file answers with the spec's sentence.
   */
  function parseCompany(raw: Record<string, unknown>, fileMissing = false): CompanyDocumentValues {
    const parsed = companyDocumentInputSchema.safeParse(raw);
    const fields: Record<string, string> = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const name = String(issue.path[0] ?? "");
      if (name && !fields[name]) fields[name] = issue.message;
    }
    if (fileMissing) fields.file = DOCUMENT_MESSAGES.fileRequired;
    if (!parsed.success || fields.file) {
      const missing = fields.name === DOCUMENT_MESSAGES.nameRequired || !!fields.file;
      throw badRequest(missing ? DOCUMENT_MESSAGES.nameAndFile : Object.values(fields)[0], { fields });
    }
    return parsed.data;
  }

  async function companyRow(id: string) {
    const row = await findDocument(db, STAFF_SCOPE, "company", id);
    if (!row) throw notFound("The document");
    return row;
  }

  return {
    async list(actor: Actor, query: DocumentListQuery): Promise<DocumentPage> {
      const { page, pageSize, ...filter } = query;
      const v = await visibilityOf(actor);
      const day = today();
      const [rows, counts] = await Promise.all([
        listDocuments(db, v, filter, day, { limit: pageSize, offset: offsetOf({ page, pageSize }) }),
        attentionCounts(db, v, day),
      ]);
      const total = rows[0]?.total ?? (page > 1 ? await countDocuments(db, v, filter, day) : 0);
      const editable = can(actor, "documents:write");
      const mayConfirm = can(actor, "documents:confirm");
      return {
        ...toPage(
          rows.map((r) => toDocument(r, editable, mayConfirm)),
          total,
          { page, pageSize },
        ),
        counts,
      };
    },

    /** A document's bytes for whoever may see it; a missing file is the spec's "not available". */
    async file(actor: Actor, owner: DocumentOwner, id: string) {
      const row = await findDocument(db, await visibilityOf(actor), owner, id);
      if (!row) throw notFound("The document");
      let bytes: Uint8Array;
      try {
        bytes = await storage.read(row.storage_key);
      } catch {
        throw documentUnavailable();
      }
      return { bytes, fileName: row.file_name, contentType: row.content_type };
    },

    /** Uploads a company document: a name and a file (spec §5), the file checked by its content. */
    async create(actor: Actor, raw: Record<string, unknown>): Promise<Document> {
      const file = chosenFile(raw.file);
      const values = parseCompany(raw, !file);
      if (!file) throw badRequest(DOCUMENT_MESSAGES.nameAndFile); // refused above; narrows the type
      const id = await db.transaction(async (tx) => {
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: DOCUMENT_MAX_BYTES, allowedTypes: DOCUMENT_TYPES_ALLOWED },
          actor.userId,
        );
        const [row] = await tx
          .insert(companyDocuments)
          .values({ ...values, fileId: stored.id, uploadedBy: actor.userId })
          .returning({ id: companyDocuments.id });
        await recordAudit(tx, actor, {
          action: "document.uploaded",
          targetType: "document",
          targetId: row.id,
          targetLabel: values.name,
          details: { kind: values.type, fileName: stored.fileName },
        });
        return row.id;
      });
      return toDocument(await companyRow(id), true);
    },

    /** Edits a company document's details; a new file replaces the old one. */
    async update(actor: Actor, id: string, raw: Record<string, unknown>): Promise<Document> {
      const file = chosenFile(raw.file);
      const values = parseCompany(raw);
      const oldKey = await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ fileId: companyDocuments.fileId })
          .from(companyDocuments)
          .where(eq(companyDocuments.id, id))
          .for("update");
        if (!current) throw notFound("The document");
        const stored = file
          ? await storage.save(
              tx,
              file,
              { maxBytes: DOCUMENT_MAX_BYTES, allowedTypes: DOCUMENT_TYPES_ALLOWED },
              actor.userId,
            )
          : null;
        await tx
          .update(companyDocuments)
          .set({ ...values, ...(stored ? { fileId: stored.id } : {}), updatedAt: new Date() })
          .where(eq(companyDocuments.id, id));
        await recordAudit(tx, actor, {
          action: "document.updated",
          targetType: "document",
          targetId: id,
          targetLabel: values.name,
          details: { kind: values.type, replaced: !!stored },
        });
        if (!stored) return null;
        const [old] = await tx
          .delete(files)
          .where(eq(files.id, current.fileId))
          .returning({ key: files.storageKey });
        return old?.key ?? null;
      });
      if (oldKey) await storage.remove(oldKey);
      return toDocument(await companyRow(id), true);
    },

    /**
     * A driver files one of their own documents (a renewed medical card, their insurance card): it
     * shows at once, marked as waiting, and dispatch is told to confirm it.
     */
    async uploadOwn(actor: Actor, raw: Record<string, unknown>): Promise<Document> {
      const driverId = ownDriverId(actor);
      if (!driverId) throw badRequest(DOCUMENT_MESSAGES.noDriver);
      const parsed = driverUploadInputSchema.safeParse(raw);
      const file = chosenFile(raw.file);
      if (!parsed.success || !file) {
        const fields: Record<string, string> = {};
        for (const issue of parsed.success ? [] : parsed.error.issues) {
          const name = String(issue.path[0] ?? "");
          if (name && !fields[name]) fields[name] = issue.message;
        }
        if (!file) fields.file = DOCUMENT_MESSAGES.fileRequired;
        throw badRequest(Object.values(fields)[0], { fields });
      }
      const id = await db.transaction(async (tx) => {
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: DOCUMENT_MAX_BYTES, allowedTypes: DOCUMENT_TYPES_ALLOWED },
          actor.userId,
        );
        const [row] = await tx
          .insert(driverDocuments)
          .values({
            driverId,
            fileId: stored.id,
            kind: parsed.data.kind,
            expiresOn: parsed.data.expiresOn,
            uploadedBy: actor.userId,
          })
          .returning({ id: driverDocuments.id });
        const [driver] = await tx
          .select({ fullName: drivers.fullName })
          .from(drivers)
          .where(eq(drivers.id, driverId));
        await notifyRoles(tx, PERMISSIONS["documents:confirm"], {
          kind: "document.submitted",
          data: { documentId: row.id, driverId, driverName: driver?.fullName ?? "", kind: parsed.data.kind },
          link: "/accounting/documents?status=pending",
        });
        return row.id;
      });
      const row = await findDocument(db, await visibilityOf(actor), "driver", id);
      if (!row) throw notFound("The document");
      return toDocument(row, false);
    },

    /**
     * The office confirms a driver's upload; a dated medical or insurance card moves the driver's own
     * expiry date to it (what the driver's profile and the assignment checks read).
     */
    async confirm(actor: Actor, id: string): Promise<Document> {
      await db.transaction(async (tx) => {
        const [doc] = await tx.select().from(driverDocuments).where(eq(driverDocuments.id, id)).for("update");
        if (!doc) throw notFound("The document");
        if (doc.confirmedAt) return;
        await tx
          .update(driverDocuments)
          .set({ confirmedAt: new Date(), confirmedBy: actor.userId })
          .where(eq(driverDocuments.id, id));
        const dates =
          doc.expiresOn && doc.kind === "medical_card"
            ? { medicalCardExpiry: doc.expiresOn }
            : doc.expiresOn && doc.kind === "insurance_card"
              ? { insuranceExpiry: doc.expiresOn }
              : null;
        if (dates) await tx.update(drivers).set(dates).where(eq(drivers.id, doc.driverId));
        const [driver] = await tx
          .select({ fullName: drivers.fullName })
          .from(drivers)
          .where(eq(drivers.id, doc.driverId));
        await recordAudit(tx, actor, {
          action: "document.confirmed",
          targetType: "driver",
          targetId: doc.driverId,
          targetLabel: driver?.fullName ?? null,
          details: { kind: doc.kind, ...(doc.expiresOn ? { expiresAt: doc.expiresOn } : {}) },
        });
      });
      const row = await findDocument(db, { kind: "staff" }, "driver", id);
      if (!row) throw notFound("The document");
      return toDocument(row, can(actor, "documents:write"), true);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const key = await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(companyDocuments)
          .where(eq(companyDocuments.id, id))
          .returning({ name: companyDocuments.name, fileId: companyDocuments.fileId });
        if (!row) throw notFound("The document");
        const [f] = await tx
          .delete(files)
          .where(eq(files.id, row.fileId))
          .returning({ key: files.storageKey });
        await recordAudit(tx, actor, {
          action: "document.deleted",
          targetType: "document",
          targetId: id,
          targetLabel: row.name,
        });
        return f?.key ?? null;
      });
      if (key) await storage.remove(key);
    },
  };
}
