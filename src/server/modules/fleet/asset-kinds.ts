import { can } from "@shared/access";
import type { FleetDocument, MaintenanceSummary } from "@shared/fleet/vehicles.schema";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { files, fleetDocuments, trailers, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound, uniqueViolation } from "../../http/errors";
import { iso } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { documentsFrom } from "./asset-detail";
import { assetHasHistory } from "./asset-usage";

/**
 * Vehicles and trailers are one kind of record with two tables (issue 39 point 4): what the
 * services, documents and deletes share reads a kind's row here instead of branching on the kind.
 * What only a truck has (odometer, schedules, transponder) stays in `vehicles.service.ts`.
 */
export const ASSET_KINDS = {
  vehicle: {
    table: vehicles,
    /** The table's name, for the catalogue walk of `assetHasHistory`. */
    tableName: "vehicles",
    id: vehicles.id,
    /** What the audit log and the messages call it: the unit number. */
    label: vehicles.unitNumber,
    /** Its column in `fleet_documents`. */
    documentColumn: fleetDocuments.vehicleId,
    missing: "The vehicle",
    hasHistory: {
      code: "VEHICLE_HAS_HISTORY",
      message:
        "This vehicle has loads, maintenance or other records. Set it to inactive instead of deleting it.",
    },
  },
  trailer: {
    table: trailers,
    tableName: "trailers",
    id: trailers.id,
    label: trailers.identifier,
    documentColumn: fleetDocuments.trailerId,
    missing: "The trailer",
    hasHistory: {
      code: "TRAILER_HAS_HISTORY",
      message:
        "This trailer has loads, maintenance or other records. Set it to inactive instead of deleting it.",
    },
  },
} as const;

export type AssetKind = keyof typeof ASSET_KINDS;

/** The asset's label (unit number, identifier), locked for the transaction when asked; 404 when gone. */
export async function assetLabel(tx: Tx, kind: AssetKind, id: string, lock = false): Promise<string> {
  const k = ASSET_KINDS[kind];
  const query = tx.select({ label: k.label }).from(k.table).where(eq(k.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(k.missing);
  return row.label;
}

/** A unique constraint broken inside `fn` becomes the kind's 409 on the field it names. */
export async function withUniqueErrors<T>(
  fn: () => Promise<T>,
  duplicate: (constraint: string) => Error,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null) throw duplicate(constraint);
    throw err;
  }
}

/** The columns an edit changed, for its audit entry. */
export function changedColumns(current: Record<string, unknown>, next: Record<string, unknown>): string[] {
  return Object.keys(next).filter((k) => String(current[k] ?? "") !== String(next[k] ?? ""));
}

type DetailRow = {
  notes: string;
  assignedSince: Date | null;
  documentsJson: Parameters<typeof documentsFrom>[0];
  maintenanceJson: MaintenanceSummary[];
  today: string;
  createdAt: Date;
  updatedAt: Date;
};

/** What both kinds' detail answers add to their list row: papers, history and what the reader may do. */
export function assetDetailOf(actor: Actor, row: DetailRow) {
  return {
    notes: row.notes,
    assignedSince: iso(row.assignedSince),
    documents: documentsFrom(row.documentsJson) satisfies FleetDocument[],
    recentMaintenance: row.maintenanceJson,
    today: row.today,
    canEdit: can(actor, "fleet:write"),
    canLogMaintenance: can(actor, "maintenance:log"),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Delete a vehicle or trailer without history (409 `…_HAS_HISTORY` otherwise: it is set inactive
 * instead), with its documents' files, audited; the stored files go once the row is gone.
 */
export async function removeAsset(deps: Deps, actor: Actor, kind: AssetKind, id: string): Promise<void> {
  const k = ASSET_KINDS[kind];
  const storageKeys = await deps.db.transaction(async (tx) => {
    const label = await assetLabel(tx, kind, id, true);
    if (await assetHasHistory(tx, k.tableName, id)) throw conflict(k.hasHistory.message, k.hasHistory.code);
    const docs = await tx
      .select({ fileId: files.id, storageKey: files.storageKey })
      .from(fleetDocuments)
      .innerJoin(files, eq(files.id, fleetDocuments.fileId))
      .where(and(eq(k.documentColumn, id), isNotNull(fleetDocuments.fileId)));
    await tx.delete(k.table).where(eq(k.id, id));
    for (const d of docs) await tx.delete(files).where(eq(files.id, d.fileId));
    await recordAudit(tx, actor, {
      action: `${kind}.deleted`,
      targetType: kind,
      targetId: id,
      targetLabel: label,
    });
    return docs.map((d) => d.storageKey);
  });
  for (const key of storageKeys) await deps.storage.remove(key);
}
