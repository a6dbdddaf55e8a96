import { can } from "@shared/access";
import type { VehicleStatus } from "@shared/fleet/fleet.schema";
import type { MAINTENANCE_SOURCES, SERVICE_TYPES } from "@shared/fleet/maintenance.constants";
import {
  type completeMaintenanceSchema,
  DEFECT_NOTES_MESSAGE,
  type InspectionOrigin,
  MAINTENANCE_RECEIPT_MAX_BYTES,
  type MaintenanceAssetOption,
  type MaintenanceFilter,
  type MaintenanceItem,
  type MaintenancePage,
  type MaintenanceResult,
  type maintenanceInputSchema,
} from "@shared/fleet/maintenance.schema";
import { FLEET_DOCUMENT_TYPES } from "@shared/fleet/vehicles.schema";
import { and, asc, count, desc, eq, gte, ilike, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { files, maintenanceRecords, trailers, users, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors";
import { iso, likePattern, offsetOf, type PageQuery } from "../../http/pagination";
import { type AssetScope, holds, ownedBy, scopeWithAssets } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { postToLedger, withdrawFromLedger } from "../accounting/ledger-posting";
import { OPTIONS_LIMIT } from "./fleet.service";

export interface OpenMaintenanceItemInput {
  vehicleId?: string | null;
  trailerId?: string | null;
  /** One of SERVICE_TYPES (src/shared/fleet/maintenance.constants.ts); a failed inspection uses "repair". */
  serviceType: string;
  /** What people add; empty when the inspection's findings (`origin`) say it all. */
  notes: string;
  /** The failed inspection that found the defect; the item's source is then "inspection". */
  inspectionId?: string | null;
  /** What the inspection found, as data (rendered in the reader's language). */
  origin?: InspectionOrigin | null;
  createdBy?: string | null;
}

/**
 * Opens a maintenance item (a defect to fix) for a vehicle or a trailer, inside the caller's
 * transaction. Inspections call it when an inspection fails.
 */
export async function openMaintenanceItem(tx: Tx, input: OpenMaintenanceItemInput): Promise<{ id: string }> {
  const vehicleId = input.vehicleId ?? null;
  const trailerId = vehicleId ? null : (input.trailerId ?? null);
  if (!vehicleId && !trailerId) throw new Error("openMaintenanceItem needs a vehicle or a trailer.");
  const [row] = await tx
    .insert(maintenanceRecords)
    .values({
      vehicleId,
      trailerId,
      serviceType: input.serviceType,
      status: "open",
      source: input.inspectionId ? "inspection" : "manual",
      inspectionId: input.inspectionId ?? null,
      sourceData: input.origin ?? null,
      notes: input.notes,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: maintenanceRecords.id });
  return { id: row.id };
}

// ---- The maintenance log

type ServiceType = (typeof SERVICE_TYPES)[number];
type MaintenanceSource = (typeof MAINTENANCE_SOURCES)[number];
export type MaintenanceIn = z.output<typeof maintenanceInputSchema>;
export type CompleteIn = z.output<typeof completeMaintenanceSchema>;

export const NOT_OPEN_MESSAGE = "This item is already completed.";
export const DRIVER_OUT_OF_SERVICE_MESSAGE =
  "Only the office can take a vehicle out of service. Log the defect; dispatch will decide.";
export const DRIVER_EDIT_MESSAGE = "You can change only maintenance you logged yourself.";

/** Services that renew a trailer's periodic inspection. */
const INSPECTION_SERVICES: readonly string[] = ["annual_inspection", "dot_inspection"];

const createdByUser = alias(users, "created_by_user");
const completedByUser = alias(users, "completed_by_user");

const selectItems = (tx: Tx) =>
  tx
    .select({
      record: maintenanceRecords,
      unitNumber: vehicles.unitNumber,
      make: vehicles.make,
      model: vehicles.model,
      vehicleStatus: vehicles.status,
      identifier: trailers.identifier,
      trailerType: trailers.type,
      trailerStatus: trailers.status,
      receiptName: files.fileName,
      receiptType: files.contentType,
      receiptSize: files.size,
      createdByName: createdByUser.name,
      completedByName: completedByUser.name,
    })
    .from(maintenanceRecords)
    .leftJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
    .leftJoin(trailers, eq(trailers.id, maintenanceRecords.trailerId))
    .leftJoin(files, eq(files.id, maintenanceRecords.receiptFileId))
    .leftJoin(createdByUser, eq(createdByUser.id, maintenanceRecords.createdBy))
    .leftJoin(completedByUser, eq(completedByUser.id, maintenanceRecords.completedBy));
export type MaintenanceRow = Awaited<ReturnType<typeof selectItems>>[number];

/** Drivers see the log of the vehicle and trailer they hold now. */
export function maintenanceScopeCondition(scope: AssetScope): SQL | undefined {
  return ownedBy(scope, { vehicle: maintenanceRecords.vehicleId, trailer: maintenanceRecords.trailerId });
}

/**
 * An open item says what needs fixing. The schema lets `fromInspection` items through without notes;
 * only an item an inspection really opened (its findings are on record) may stay so.
 */
function requireDefectNotes(input: MaintenanceIn, source: MaintenanceSource): void {
  if (input.status === "open" && !input.notes && source !== "inspection") {
    throw badRequest(DEFECT_NOTES_MESSAGE, { fields: { notes: DEFECT_NOTES_MESSAGE } });
  }
}

/** Staff change anything; a driver only what they logged or completed themselves. */
function mayEdit(
  scope: AssetScope,
  actor: Pick<Actor, "userId">,
  r: typeof maintenanceRecords.$inferSelect,
): boolean {
  return scope.kind === "staff" || r.createdBy === actor.userId || r.completedBy === actor.userId;
}

function toItem(
  row: MaintenanceRow,
  scope: AssetScope,
  actor: Pick<Actor, "role" | "userId">,
): MaintenanceItem {
  const r = row.record;
  const isVehicle = r.vehicleId !== null;
  return {
    id: r.id,
    assetType: isVehicle ? "vehicle" : "trailer",
    vehicleId: r.vehicleId,
    trailerId: r.trailerId,
    assetLabel: (isVehicle ? row.unitNumber : row.identifier) ?? "",
    assetDescription: isVehicle
      ? [row.make, row.model].filter(Boolean).join(" ")
      : (row.trailerType ?? "").replace(/_/g, " "),
    assetStatus: (isVehicle ? row.vehicleStatus : row.trailerStatus) ?? "active",
    serviceType: r.serviceType as ServiceType,
    status: r.status,
    source: r.source,
    inspectionId: r.inspectionId,
    origin: r.sourceData ?? null,
    serviceDate: r.serviceDate,
    odometer: r.odometer,
    cost: r.cost,
    vendor: r.vendor,
    notes: r.notes,
    receipt:
      r.receiptFileId && row.receiptName
        ? { fileName: row.receiptName, contentType: row.receiptType ?? "", size: row.receiptSize ?? 0 }
        : null,
    createdByName: row.createdByName,
    completedAt: iso(r.completedAt),
    completedByName: row.completedByName,
    createdAt: r.createdAt.toISOString(),
    canEdit: mayEdit(scope, actor, r),
    canDelete: can(actor, "maintenance:delete"),
  };
}

export function maintenanceListCondition(filter: Omit<MaintenanceFilter, "sort" | "dir">, scope: AssetScope) {
  const conds: Array<SQL | undefined> = [maintenanceScopeCondition(scope)];
  if (filter.q) {
    const p = likePattern(filter.q);
    conds.push(
      or(
        ilike(maintenanceRecords.notes, p),
        // An inspection's findings (decision 017): the inspector's defect notes and comments.
        sql`${maintenanceRecords.sourceData}::text ilike ${p}`,
        ilike(maintenanceRecords.vendor, p),
        ilike(maintenanceRecords.serviceType, p),
        ilike(vehicles.unitNumber, p),
        ilike(vehicles.plateNumber, p),
        ilike(trailers.identifier, p),
      ),
    );
  }
  if (filter.status) conds.push(eq(maintenanceRecords.status, filter.status));
  if (filter.serviceType) conds.push(eq(maintenanceRecords.serviceType, filter.serviceType));
  if (filter.source) conds.push(eq(maintenanceRecords.source, filter.source));
  if (filter.assetType === "vehicle") conds.push(isNotNull(maintenanceRecords.vehicleId));
  if (filter.assetType === "trailer") conds.push(isNotNull(maintenanceRecords.trailerId));
  if (filter.vehicleId) conds.push(eq(maintenanceRecords.vehicleId, filter.vehicleId));
  if (filter.trailerId) conds.push(eq(maintenanceRecords.trailerId, filter.trailerId));
  if (filter.from) conds.push(gte(maintenanceRecords.serviceDate, filter.from));
  if (filter.to) conds.push(lte(maintenanceRecords.serviceDate, filter.to));
  return and(...conds);
}

export function maintenanceOrder(sort: MaintenanceFilter["sort"], dir: MaintenanceFilter["dir"]): SQL[] {
  const d = dir === "desc" ? desc : asc;
  const by = (expr: SQL) => sql`${expr} ${sql.raw(dir)} nulls last`;
  const tie = [d(maintenanceRecords.createdAt), d(maintenanceRecords.id)];
  switch (sort) {
    case "serviceType":
      return [d(maintenanceRecords.serviceType), d(maintenanceRecords.serviceDate), ...tie];
    case "asset":
      return [d(sql`lower(coalesce(${vehicles.unitNumber}, ${trailers.identifier}))`), ...tie];
    case "cost":
      return [by(sql`${maintenanceRecords.cost}`), ...tie];
    case "odometer":
      return [by(sql`${maintenanceRecords.odometer}`), ...tie];
    case "status":
      return [d(maintenanceRecords.status), d(maintenanceRecords.serviceDate), ...tie];
    default:
      return [d(maintenanceRecords.serviceDate), ...tie];
  }
}

export function listMaintenanceRows(
  tx: Tx,
  cond: SQL | undefined,
  sort: MaintenanceFilter["sort"],
  dir: MaintenanceFilter["dir"],
) {
  return selectItems(tx)
    .where(cond)
    .orderBy(...maintenanceOrder(sort, dir));
}

/**
 * A completed item's cost is money out (tires on their own line); an open item, or one without a
 * cost, has nothing in the ledger. Trailer work is posted without a truck.
 */
async function postMaintenance(tx: Tx, row: typeof maintenanceRecords.$inferSelect, userId: string) {
  await postToLedger(tx, {
    source: "maintenance",
    sourceId: row.id,
    occurredOn: row.serviceDate,
    direction: "expense",
    category: row.serviceType.startsWith("tire") ? "tires" : "maintenance",
    amount: row.status === "completed" ? row.cost : null,
    counterparty: row.vendor,
    notes: row.notes,
    vehicleId: row.vehicleId,
    receiptFileId: row.receiptFileId,
    userId,
  });
}

export function createMaintenanceService(deps: Deps) {
  const { db, storage } = deps;

  async function findItem(tx: Tx, id: string, scope: AssetScope, lock = false) {
    const q = selectItems(tx).where(and(eq(maintenanceRecords.id, id), maintenanceScopeCondition(scope)));
    const [row] = lock ? await q.for("update", { of: maintenanceRecords }) : await q;
    if (!row) throw notFound("The maintenance item");
    return row;
  }

  /** The asset must exist and, for a driver, be theirs (404 either way, so nothing leaks). */
  async function checkAsset(
    tx: Tx,
    input: Pick<MaintenanceIn, "assetType" | "vehicleId" | "trailerId">,
    scope: AssetScope,
  ) {
    if (input.assetType === "vehicle") {
      const id = input.vehicleId ?? "";
      if (!holds(scope, { kind: "vehicle", id })) throw notFound("The vehicle");
      const [row] = await tx
        .select({ id: vehicles.id, label: vehicles.unitNumber })
        .from(vehicles)
        .where(eq(vehicles.id, id));
      if (!row) throw notFound("The vehicle");
      return { vehicleId: row.id, trailerId: null, label: row.label };
    }
    const id = input.trailerId ?? "";
    if (!holds(scope, { kind: "trailer", id })) throw notFound("The trailer");
    const [row] = await tx
      .select({ id: trailers.id, label: trailers.identifier })
      .from(trailers)
      .where(eq(trailers.id, id));
    if (!row) throw notFound("The trailer");
    return { vehicleId: null, trailerId: row.id, label: row.label };
  }

  /**
   * What a completed service moves along: the odometer (never backwards), the last tire change, a
   * trailer's inspection dates. Schedules need nothing: they read the last completed record.
   */
  async function applyCompletion(tx: Tx, r: typeof maintenanceRecords.$inferSelect) {
    if (r.status !== "completed") return;
    if (r.vehicleId && (r.odometer !== null || r.serviceType === "tires")) {
      await tx
        .update(vehicles)
        .set({
          ...(r.odometer !== null ? { mileage: sql`greatest(${vehicles.mileage}, ${r.odometer})` } : {}),
          ...(r.serviceType === "tires"
            ? { lastTireChangeOn: sql`greatest(${vehicles.lastTireChangeOn}, ${r.serviceDate}::date)` }
            : {}),
        })
        .where(eq(vehicles.id, r.vehicleId));
    }
    if (r.trailerId && INSPECTION_SERVICES.includes(r.serviceType)) {
      await tx
        .update(trailers)
        .set({
          lastInspectionOn: sql`greatest(${trailers.lastInspectionOn}, ${r.serviceDate}::date)`,
          nextInspectionOn: sql`case when ${trailers.nextInspectionOn} is null or ${trailers.nextInspectionOn} <= ${r.serviceDate}::date
            then (${r.serviceDate}::date + interval '1 year')::date else ${trailers.nextInspectionOn} end`,
        })
        .where(eq(trailers.id, r.trailerId));
    }
  }

  /**
   * A vehicle taken out of service for open items goes back to active once none is left open.
   * Returns the vehicle's status when it changed, else null.
   */
  async function releaseIfDone(tx: Tx, vehicleId: string | null): Promise<VehicleStatus | null> {
    if (!vehicleId) return null;
    const [open] = await tx
      .select({ n: count() })
      .from(maintenanceRecords)
      .where(and(eq(maintenanceRecords.vehicleId, vehicleId), eq(maintenanceRecords.status, "open")));
    if (open.n > 0) return null;
    const changed = await tx
      .update(vehicles)
      .set({ status: "active" })
      .where(and(eq(vehicles.id, vehicleId), eq(vehicles.status, "in_maintenance")))
      .returning({ id: vehicles.id });
    return changed.length ? "active" : null;
  }

  async function result(
    tx: Tx,
    id: string,
    scope: AssetScope,
    actor: Actor,
    vehicleStatus: VehicleStatus | null,
  ): Promise<MaintenanceResult> {
    return { item: toItem(await findItem(tx, id, { kind: "staff" }), scope, actor), vehicleStatus };
  }

  const service = {
    async list(actor: Actor, query: MaintenanceFilter & PageQuery): Promise<MaintenancePage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const scope = await scopeWithAssets(db, actor);
      const cond = maintenanceListCondition(filter, scope);
      const [rows, [totals]] = await Promise.all([
        listMaintenanceRows(db, cond, sort, dir).limit(pageSize).offset(offsetOf({ page, pageSize })),
        db
          .select({
            n: count(),
            cost: sql<string>`coalesce(sum(${maintenanceRecords.cost}), 0)::numeric(14,2)::text`,
            open: sql<number>`count(*) filter (where ${maintenanceRecords.status} = 'open')`.mapWith(Number),
          })
          .from(maintenanceRecords)
          .leftJoin(vehicles, eq(vehicles.id, maintenanceRecords.vehicleId))
          .leftJoin(trailers, eq(trailers.id, maintenanceRecords.trailerId))
          .where(cond),
      ]);
      return {
        items: rows.map((r) => toItem(r, scope, actor)),
        total: totals.n,
        page,
        pageSize,
        totalCost: totals.cost,
        openCount: totals.open,
      };
    },

    async get(actor: Actor, id: string): Promise<MaintenanceItem> {
      const scope = await scopeWithAssets(db, actor);
      return toItem(await findItem(db, id, scope), scope, actor);
    },

    /** The vehicles and trailers the caller may log against (a driver: their own). */
    async assetOptions(actor: Actor, q?: string): Promise<MaintenanceAssetOption[]> {
      const scope = await scopeWithAssets(db, actor);
      const p = q ? likePattern(q) : null;
      const vehicleRows = await db
        .select({
          id: vehicles.id,
          label: vehicles.unitNumber,
          make: vehicles.make,
          model: vehicles.model,
          plate: vehicles.plateNumber,
          mileage: vehicles.mileage,
          status: vehicles.status,
        })
        .from(vehicles)
        .where(
          and(
            ownedBy(scope, { vehicle: vehicles.id }),
            p
              ? or(ilike(vehicles.unitNumber, p), ilike(vehicles.plateNumber, p), ilike(vehicles.make, p))
              : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${vehicles.unitNumber})`))
        .limit(OPTIONS_LIMIT);
      const trailerRows = await db
        .select({
          id: trailers.id,
          label: trailers.identifier,
          type: trailers.type,
          size: trailers.size,
          status: trailers.status,
        })
        .from(trailers)
        .where(
          and(
            ownedBy(scope, { trailer: trailers.id }),
            p ? or(ilike(trailers.identifier, p), ilike(trailers.type, p)) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${trailers.identifier})`))
        .limit(OPTIONS_LIMIT);
      return [
        ...vehicleRows.map((v) => ({
          assetType: "vehicle" as const,
          id: v.id,
          label: v.label,
          description: [[v.make, v.model].filter(Boolean).join(" "), v.plate].filter(Boolean).join(" · "),
          mileage: v.mileage,
          status: v.status,
        })),
        ...trailerRows.map((t) => ({
          assetType: "trailer" as const,
          id: t.id,
          label: t.label,
          description: [t.type.replace(/_/g, " "), t.size].filter(Boolean).join(" · "),
          mileage: null,
          status: t.status,
        })),
      ];
    },

    async create(actor: Actor, input: MaintenanceIn): Promise<MaintenanceResult> {
      const scope = await scopeWithAssets(db, actor);
      if (scope.kind !== "staff" && input.takeOutOfService) throw forbidden(DRIVER_OUT_OF_SERVICE_MESSAGE);
      requireDefectNotes(input, "manual");
      return db.transaction(async (tx) => {
        const asset = await checkAsset(tx, input, scope);
        const completed = input.status === "completed";
        const [row] = await tx
          .insert(maintenanceRecords)
          .values({
            vehicleId: asset.vehicleId,
            trailerId: asset.trailerId,
            serviceType: input.serviceType,
            status: input.status,
            source: "manual",
            serviceDate: input.serviceDate,
            odometer: input.odometer,
            cost: input.cost,
            vendor: input.vendor,
            notes: input.notes,
            completedAt: completed ? new Date() : null,
            completedBy: completed ? actor.userId : null,
            createdBy: actor.userId,
          })
          .returning();
        await applyCompletion(tx, row);
        await postMaintenance(tx, row, actor.userId);
        let vehicleStatus: VehicleStatus | null = null;
        if (!completed && input.takeOutOfService && asset.vehicleId) {
          await tx.update(vehicles).set({ status: "in_maintenance" }).where(eq(vehicles.id, asset.vehicleId));
          vehicleStatus = "in_maintenance";
        }
        await recordAudit(tx, actor, {
          action: "maintenance.logged",
          targetType: input.assetType,
          targetId: asset.vehicleId ?? asset.trailerId ?? undefined,
          targetLabel: asset.label,
          details: { itemId: row.id, serviceType: input.serviceType, status: input.status, cost: input.cost },
        });
        return result(tx, row.id, scope, actor, vehicleStatus);
      });
    },

    async update(actor: Actor, id: string, input: MaintenanceIn): Promise<MaintenanceResult> {
      const scope = await scopeWithAssets(db, actor);
      if (scope.kind !== "staff" && input.takeOutOfService) throw forbidden(DRIVER_OUT_OF_SERVICE_MESSAGE);
      return db.transaction(async (tx) => {
        const current = (await findItem(tx, id, scope, true)).record;
        if (!mayEdit(scope, actor, current)) throw forbidden(DRIVER_EDIT_MESSAGE);
        requireDefectNotes(input, current.source);
        const asset = await checkAsset(tx, input, scope);
        const completing = current.status === "open" && input.status === "completed";
        const [row] = await tx
          .update(maintenanceRecords)
          .set({
            vehicleId: asset.vehicleId,
            trailerId: asset.trailerId,
            serviceType: input.serviceType,
            status: input.status,
            serviceDate: input.serviceDate,
            odometer: input.odometer,
            cost: input.cost,
            vendor: input.vendor,
            notes: input.notes,
            completedAt: input.status === "completed" ? (current.completedAt ?? new Date()) : null,
            completedBy: input.status === "completed" ? (current.completedBy ?? actor.userId) : null,
          })
          .where(eq(maintenanceRecords.id, id))
          .returning();
        await applyCompletion(tx, row);
        await postMaintenance(tx, row, actor.userId);
        let vehicleStatus: VehicleStatus | null = null;
        if (row.status === "open" && input.takeOutOfService && row.vehicleId) {
          await tx.update(vehicles).set({ status: "in_maintenance" }).where(eq(vehicles.id, row.vehicleId));
          vehicleStatus = "in_maintenance";
        }
        if (completing || current.vehicleId !== row.vehicleId) {
          vehicleStatus = (await releaseIfDone(tx, current.vehicleId)) ?? vehicleStatus;
        }
        await recordAudit(tx, actor, {
          action: completing ? "maintenance.completed" : "maintenance.updated",
          targetType: input.assetType,
          targetId: asset.vehicleId ?? asset.trailerId ?? undefined,
          targetLabel: asset.label,
          details: { itemId: id, serviceType: input.serviceType, status: input.status, cost: input.cost },
        });
        return result(tx, id, scope, actor, vehicleStatus);
      });
    },

    /** Completing an open item records date, odometer, cost and vendor; a driver may complete their truck's items. */
    async complete(actor: Actor, id: string, input: CompleteIn): Promise<MaintenanceResult> {
      const scope = await scopeWithAssets(db, actor);
      return db.transaction(async (tx) => {
        const found = await findItem(tx, id, scope, true);
        const current = found.record;
        if (current.status !== "open") throw conflict(NOT_OPEN_MESSAGE, "NOT_OPEN");
        const [row] = await tx
          .update(maintenanceRecords)
          .set({
            status: "completed",
            serviceDate: input.serviceDate,
            odometer: input.odometer,
            cost: input.cost,
            vendor: input.vendor,
            notes: input.notes === undefined || input.notes === "" ? current.notes : input.notes,
            completedAt: new Date(),
            completedBy: actor.userId,
          })
          .where(eq(maintenanceRecords.id, id))
          .returning();
        await applyCompletion(tx, row);
        await postMaintenance(tx, row, actor.userId);
        const vehicleStatus = await releaseIfDone(tx, row.vehicleId);
        await recordAudit(tx, actor, {
          action: "maintenance.completed",
          targetType: row.vehicleId ? "vehicle" : "trailer",
          targetId: row.vehicleId ?? row.trailerId ?? undefined,
          targetLabel: (row.vehicleId ? found.unitNumber : found.identifier) ?? undefined,
          details: { itemId: id, serviceType: row.serviceType, cost: row.cost },
        });
        return result(tx, id, scope, actor, vehicleStatus);
      });
    },

    async remove(actor: Actor, id: string): Promise<{ vehicleStatus: VehicleStatus | null }> {
      const { storageKey, vehicleStatus } = await db.transaction(async (tx) => {
        const found = await findItem(tx, id, { kind: "staff" }, true);
        const r = found.record;
        let key: string | null = null;
        if (r.receiptFileId) {
          const [f] = await tx
            .select({ key: files.storageKey })
            .from(files)
            .where(eq(files.id, r.receiptFileId));
          key = f?.key ?? null;
        }
        await tx.delete(maintenanceRecords).where(eq(maintenanceRecords.id, id));
        await withdrawFromLedger(tx, "maintenance", id, actor.userId);
        if (r.receiptFileId) await tx.delete(files).where(eq(files.id, r.receiptFileId));
        const status = r.status === "open" ? await releaseIfDone(tx, r.vehicleId) : null;
        await recordAudit(tx, actor, {
          action: "maintenance.deleted",
          targetType: r.vehicleId ? "vehicle" : "trailer",
          targetId: r.vehicleId ?? r.trailerId ?? undefined,
          targetLabel: (r.vehicleId ? found.unitNumber : found.identifier) ?? undefined,
          details: { itemId: id, serviceType: r.serviceType, status: r.status, cost: r.cost },
        });
        return { storageKey: key, vehicleStatus: status };
      });
      if (storageKey) await storage.remove(storageKey);
      return { vehicleStatus };
    },

    /** Attach (or replace) the receipt or invoice of an item. */
    async uploadReceipt(actor: Actor, id: string, file: File): Promise<MaintenanceItem> {
      const scope = await scopeWithAssets(db, actor);
      const { item, oldKey } = await db.transaction(async (tx) => {
        const found = await findItem(tx, id, scope, true);
        if (!mayEdit(scope, actor, found.record)) throw forbidden(DRIVER_EDIT_MESSAGE);
        let previous: string | null = null;
        if (found.record.receiptFileId) {
          const [f] = await tx
            .select({ key: files.storageKey })
            .from(files)
            .where(eq(files.id, found.record.receiptFileId));
          previous = f?.key ?? null;
        }
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: MAINTENANCE_RECEIPT_MAX_BYTES, allowedTypes: FLEET_DOCUMENT_TYPES },
          actor.userId,
        );
        await tx
          .update(maintenanceRecords)
          .set({ receiptFileId: stored.id })
          .where(eq(maintenanceRecords.id, id));
        if (found.record.receiptFileId)
          await tx.delete(files).where(eq(files.id, found.record.receiptFileId));
        await postMaintenance(tx, { ...found.record, receiptFileId: stored.id }, actor.userId);
        await recordAudit(tx, actor, {
          action: "maintenance.receipt_uploaded",
          targetType: found.record.vehicleId ? "vehicle" : "trailer",
          targetId: found.record.vehicleId ?? found.record.trailerId ?? undefined,
          targetLabel: (found.record.vehicleId ? found.unitNumber : found.identifier) ?? undefined,
          details: { itemId: id, fileName: stored.fileName, size: stored.size },
        });
        return { item: toItem(await findItem(tx, id, { kind: "staff" }), scope, actor), oldKey: previous };
      });
      if (oldKey) await storage.remove(oldKey);
      return item;
    },

    async downloadReceipt(actor: Actor, id: string) {
      const scope = await scopeWithAssets(db, actor);
      const found = await findItem(db, id, scope);
      if (!found.record.receiptFileId) throw notFound("The receipt");
      const [f] = await db.select().from(files).where(eq(files.id, found.record.receiptFileId));
      if (!f) throw notFound("The receipt");
      let bytes: Uint8Array;
      try {
        bytes = await storage.read(f.storageKey);
      } catch {
        throw notFound("The file's content");
      }
      return { bytes, fileName: f.fileName, contentType: f.contentType };
    },

    async removeReceipt(actor: Actor, id: string): Promise<MaintenanceItem> {
      const scope = await scopeWithAssets(db, actor);
      const { item, key } = await db.transaction(async (tx) => {
        const found = await findItem(tx, id, scope, true);
        if (!mayEdit(scope, actor, found.record)) throw forbidden(DRIVER_EDIT_MESSAGE);
        if (!found.record.receiptFileId) throw notFound("The receipt");
        const [f] = await tx
          .select({ key: files.storageKey })
          .from(files)
          .where(eq(files.id, found.record.receiptFileId));
        await tx.update(maintenanceRecords).set({ receiptFileId: null }).where(eq(maintenanceRecords.id, id));
        await tx.delete(files).where(eq(files.id, found.record.receiptFileId));
        await postMaintenance(tx, { ...found.record, receiptFileId: null }, actor.userId);
        return { item: toItem(await findItem(tx, id, { kind: "staff" }), scope, actor), key: f?.key ?? null };
      });
      if (key) await storage.remove(key);
      return item;
    },
  };
  return service;
}
