import {
  FLEET_DOCUMENT_MAX_BYTES,
  FLEET_DOCUMENT_TYPES,
  type FleetDocument,
} from "@shared/fleet/vehicles.schema";
import { and, eq, type SQL } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { files, fleetDocuments } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { type AssetScope, holds, scopeWithAssets } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { ASSET_KINDS, assetLabel as labelOf } from "./asset-kinds";

export type AssetRef = { kind: "vehicle"; id: string } | { kind: "trailer"; id: string };

/** The asset's label, if the scope may reach it (drivers: only what they hold). */
async function assetLabel(tx: Tx, asset: AssetRef, scope: AssetScope): Promise<string> {
  if (!holds(scope, asset)) throw notFound(ASSET_KINDS[asset.kind].missing);
  return labelOf(tx, asset.kind, asset.id);
}

const ofAsset = (asset: AssetRef): SQL => eq(ASSET_KINDS[asset.kind].documentColumn, asset.id);

export function createFleetDocumentsService(deps: Deps) {
  const { db, storage } = deps;

  async function documentOf(tx: Tx, asset: AssetRef, documentId: string) {
    const [row] = await tx
      .select({
        id: fleetDocuments.id,
        name: fleetDocuments.name,
        fileId: files.id,
        storageKey: files.storageKey,
        fileName: files.fileName,
        contentType: files.contentType,
      })
      .from(fleetDocuments)
      .innerJoin(files, eq(files.id, fleetDocuments.fileId))
      .where(and(eq(fleetDocuments.id, documentId), ofAsset(asset)));
    if (!row) throw notFound("The document");
    return row;
  }

  return {
    async upload(
      actor: Actor,
      asset: AssetRef,
      file: File,
      meta: { name: string; expiresOn: string | null },
    ): Promise<FleetDocument> {
      return db.transaction(async (tx) => {
        const label = await assetLabel(tx, asset, { kind: "staff" });
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: FLEET_DOCUMENT_MAX_BYTES, allowedTypes: FLEET_DOCUMENT_TYPES },
          actor.userId,
        );
        const [row] = await tx
          .insert(fleetDocuments)
          .values({
            vehicleId: asset.kind === "vehicle" ? asset.id : null,
            trailerId: asset.kind === "trailer" ? asset.id : null,
            fileId: stored.id,
            name: meta.name,
            expiresOn: meta.expiresOn,
            uploadedBy: actor.userId,
          })
          .returning();
        await recordAudit(tx, actor, {
          action: "fleet.document_uploaded",
          targetType: asset.kind,
          targetId: asset.id,
          targetLabel: label,
          details: { name: meta.name, fileName: stored.fileName, size: stored.size },
        });
        return {
          id: row.id,
          name: row.name,
          fileName: stored.fileName,
          contentType: stored.contentType,
          size: stored.size,
          expiresOn: row.expiresOn,
          uploadedByName: actor.name,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    /** The bytes, for whoever may see the asset (a driver: their own truck's papers). */
    async download(actor: Actor, asset: AssetRef, documentId: string) {
      const scope = await scopeWithAssets(db, actor);
      await assetLabel(db, asset, scope);
      const doc = await documentOf(db, asset, documentId);
      let bytes: Uint8Array;
      try {
        bytes = await storage.read(doc.storageKey);
      } catch {
        throw notFound("The file's content");
      }
      return { bytes, fileName: doc.fileName, contentType: doc.contentType };
    },

    async remove(actor: Actor, asset: AssetRef, documentId: string): Promise<void> {
      const storageKey = await db.transaction(async (tx) => {
        const label = await assetLabel(tx, asset, { kind: "staff" });
        const doc = await documentOf(tx, asset, documentId);
        await tx.delete(files).where(eq(files.id, doc.fileId));
        await recordAudit(tx, actor, {
          action: "fleet.document_deleted",
          targetType: asset.kind,
          targetId: asset.id,
          targetLabel: label,
          details: { name: doc.name, fileName: doc.fileName },
        });
        return doc.storageKey;
      });
      await storage.remove(storageKey);
    },
  };
}
