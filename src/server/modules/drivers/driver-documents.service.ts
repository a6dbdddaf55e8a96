import {
  DRIVER_DOCUMENT_MAX_BYTES,
  DRIVER_DOCUMENT_TYPES,
  type DriverDocument,
  type DriverDocumentKind,
  SINGLE_DRIVER_DOCUMENT_KINDS,
} from "@shared/drivers/management.schema";
import { and, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { driverDocuments, files } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { findDriverRow } from "./drivers.repo";

const isSingle = (kind: DriverDocumentKind) =>
  (SINGLE_DRIVER_DOCUMENT_KINDS as readonly DriverDocumentKind[]).includes(kind);

/** A driver's documents through the storage service: size and content checked, bytes under DATA_DIR. */
export function createDriverDocumentsService(deps: Deps) {
  const { db, storage } = deps;

  async function documentOf(tx: Tx, driverId: string, documentId: string) {
    const [row] = await tx
      .select({
        id: driverDocuments.id,
        kind: driverDocuments.kind,
        fileId: files.id,
        storageKey: files.storageKey,
        fileName: files.fileName,
        contentType: files.contentType,
      })
      .from(driverDocuments)
      .innerJoin(files, eq(files.id, driverDocuments.fileId))
      .where(and(eq(driverDocuments.id, documentId), eq(driverDocuments.driverId, driverId)));
    if (!row) throw notFound("The document");
    return row;
  }

  return {
    /** Stores a file; a new licence front or back replaces the current one. */
    async upload(
      actor: Actor,
      driverId: string,
      file: File,
      kind: DriverDocumentKind,
    ): Promise<DriverDocument> {
      const { document, replacedKey } = await db.transaction(async (tx) => {
        const driver = await findDriverRow(tx, driverId, true);
        if (!driver) throw notFound("The driver");
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: DRIVER_DOCUMENT_MAX_BYTES, allowedTypes: DRIVER_DOCUMENT_TYPES },
          actor.userId,
        );
        let replaced: { fileId: string; storageKey: string } | undefined;
        if (isSingle(kind)) {
          [replaced] = await tx
            .select({ fileId: files.id, storageKey: files.storageKey })
            .from(driverDocuments)
            .innerJoin(files, eq(files.id, driverDocuments.fileId))
            .where(and(eq(driverDocuments.driverId, driverId), eq(driverDocuments.kind, kind)));
          // The files row cascades to driver_documents.
          if (replaced) await tx.delete(files).where(eq(files.id, replaced.fileId));
        }
        const [row] = await tx
          .insert(driverDocuments)
          .values({ driverId, fileId: stored.id, kind, uploadedBy: actor.userId })
          .returning();
        await recordAudit(tx, actor, {
          action: "driver.document_uploaded",
          targetType: "driver",
          targetId: driverId,
          targetLabel: driver.fullName,
          details: { kind, fileName: stored.fileName, size: stored.size, replaced: !!replaced },
        });
        return {
          replacedKey: replaced?.storageKey,
          document: {
            id: row.id,
            kind,
            fileName: stored.fileName,
            contentType: stored.contentType,
            size: stored.size,
            uploadedByName: actor.name,
            createdAt: row.createdAt.toISOString(),
          },
        };
      });
      if (replacedKey) await storage.remove(replacedKey);
      return document;
    },

    async download(driverId: string, documentId: string) {
      const doc = await documentOf(db, driverId, documentId);
      let bytes: Uint8Array;
      try {
        bytes = await storage.read(doc.storageKey);
      } catch {
        throw notFound("The document's content");
      }
      return { bytes, fileName: doc.fileName, contentType: doc.contentType };
    },

    async remove(actor: Actor, driverId: string, documentId: string): Promise<void> {
      const storageKey = await db.transaction(async (tx) => {
        const driver = await findDriverRow(tx, driverId, true);
        if (!driver) throw notFound("The driver");
        const doc = await documentOf(tx, driverId, documentId);
        await tx.delete(files).where(eq(files.id, doc.fileId));
        await recordAudit(tx, actor, {
          action: "driver.document_deleted",
          targetType: "driver",
          targetId: driverId,
          targetLabel: driver.fullName,
          details: { kind: doc.kind, fileName: doc.fileName },
        });
        return doc.storageKey;
      });
      await storage.remove(storageKey);
    },
  };
}
