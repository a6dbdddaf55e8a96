import {
  LOAD_FILE_MAX_BYTES,
  LOAD_FILE_TYPES,
  type LoadFile,
  type LoadFileKind,
} from "@shared/loads/loads.schema";
import { type SyncTimes, syncTimesOf } from "@shared/sync/sync.schema";
import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { files, loadFiles, loadStops } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { forbidden, notFound } from "../../http/errors";
import { STAFF_SCOPE, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { recomputeDriverStatuses } from "../drivers/driver-status";
import { findLoad, type LoadRow, loadCompletionRule } from "./loads.repo";
import { markDelivered } from "./loads.service";
import { refuseChangedLoad } from "./sync-conflicts";

/** What a driver may attach to their own load. */
const DRIVER_KINDS: readonly LoadFileKind[] = ["bol", "pod"];

/**
 * Whether a POD just filed delivers the load (issue 38): the company completes loads on the proof of
 * delivery, the load is on its way, and the freight is off the truck — the last stop unloaded, or
 * no check-ins at all (the driver does not check in stop by stop). A POD filed earlier on a route
 * checked in stop by stop waits for the last unload, which then completes the load.
 */
async function completesOnThisPod(tx: Tx, load: LoadRow): Promise<boolean> {
  if (load.status !== "in_progress" || (await loadCompletionRule(tx)) !== "pod") return false;
  const stops = await tx
    .select({ arrivedAt: loadStops.arrivedAt, doneAt: loadStops.doneAt })
    .from(loadStops)
    .where(eq(loadStops.loadId, load.id))
    .orderBy(asc(loadStops.sequence));
  return !stops.some((s) => s.arrivedAt) || !!stops[stops.length - 1]?.doneAt;
}

export function createLoadFilesService(deps: Deps) {
  const { db, storage } = deps;

  async function fileOfLoad(tx: Tx, loadId: string, fileId: string) {
    const [row] = await tx
      .select({
        id: loadFiles.id,
        kind: loadFiles.kind,
        fileId: files.id,
        storageKey: files.storageKey,
        fileName: files.fileName,
        contentType: files.contentType,
      })
      .from(loadFiles)
      .innerJoin(files, eq(files.id, loadFiles.fileId))
      .where(and(eq(loadFiles.id, fileId), eq(loadFiles.loadId, loadId)));
    if (!row) throw notFound("The file");
    return row;
  }

  return {
    /**
     * Staff attach any kind; the assigned driver a BOL or POD on their own load. Size and content are
     * checked. A POD may deliver the load (`completesOnThisPod`).
     */
    async upload(
      actor: Actor,
      loadId: string,
      file: File,
      kind: LoadFileKind,
      times?: SyncTimes,
    ): Promise<LoadFile> {
      const scope = scopeOf(actor);
      if (scope.kind !== "staff" && !DRIVER_KINDS.includes(kind)) {
        throw forbidden("Drivers can upload only a bill of lading or a proof of delivery.");
      }
      return db.transaction(async (tx) => {
        // A photo the phone kept while dispatch cancelled or reassigned the load: told so (409).
        await refuseChangedLoad(tx, loadId, actor);
        const load = await findLoad(tx, loadId, scope, true);
        if (!load) throw notFound("The load");
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: LOAD_FILE_MAX_BYTES, allowedTypes: LOAD_FILE_TYPES },
          actor.userId,
        );
        const [row] = await tx
          .insert(loadFiles)
          .values({
            loadId,
            fileId: stored.id,
            kind,
            uploadedVia: scope.kind === "driver" ? "driver" : "staff",
            ...(times ? { occurredAt: times.occurredAt, receivedAt: times.receivedAt } : {}),
          })
          .returning();
        await recordAudit(tx, actor, {
          action: "load.file_uploaded",
          targetType: "load",
          targetId: loadId,
          targetLabel: load.loadNumber,
          details: { kind, fileName: stored.fileName, size: stored.size },
        });
        if (kind === "pod" && (await completesOnThisPod(tx, load))) {
          await markDelivered(tx, deps, load, actor, row.createdAt);
          await recomputeDriverStatuses(tx, [load.driverId]);
        }
        return {
          id: row.id,
          kind,
          fileName: stored.fileName,
          contentType: stored.contentType,
          size: stored.size,
          uploadedVia: row.uploadedVia,
          createdAt: row.createdAt.toISOString(),
          ...syncTimesOf(row),
        };
      });
    },

    /** The bytes of a load's file, for whoever may see the load. */
    async download(actor: Actor, loadId: string, fileId: string) {
      if (!(await findLoad(db, loadId, scopeOf(actor)))) throw notFound("The load");
      const file = await fileOfLoad(db, loadId, fileId);
      let bytes: Uint8Array;
      try {
        bytes = await storage.read(file.storageKey);
      } catch {
        throw notFound("The file's content");
      }
      return { bytes, fileName: file.fileName, contentType: file.contentType };
    },

    async remove(actor: Actor, loadId: string, fileId: string): Promise<void> {
      const storageKey = await db.transaction(async (tx) => {
        const load = await findLoad(tx, loadId, STAFF_SCOPE, true);
        if (!load) throw notFound("The load");
        const file = await fileOfLoad(tx, loadId, fileId);
        // The files row cascades to load_files.
        await tx.delete(files).where(eq(files.id, file.fileId));
        await recordAudit(tx, actor, {
          action: "load.file_deleted",
          targetType: "load",
          targetId: loadId,
          targetLabel: load.loadNumber,
          details: { kind: file.kind, fileName: file.fileName },
        });
        return file.storageKey;
      });
      // Bytes go only once the row is gone for good.
      await storage.remove(storageKey);
    },
  };
}
