import { inspectionLine } from "@shared/audit/audit-targets";
import {
  type CreateInspection,
  DRIVER_INSPECTION_TYPES,
  dayIn,
  hasDefects,
  INSPECTION_IMAGE_MAX_BYTES,
  INSPECTION_IMAGE_TYPES,
  INSPECTION_MAX_IMAGES,
  INSPECTION_MESSAGES,
  type InspectableAsset,
  type InspectionAssetType,
  type InspectionDetail,
  type InspectionFilter,
  type InspectionImage,
  type InspectionPage,
  type InspectorOption,
} from "@shared/inspections/inspections.schema";
import { type SyncTimes, syncTimesOf } from "@shared/sync/sync.schema";
import { and, asc, eq, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  assetAssignments,
  drivers,
  files,
  inspectionImages,
  inspections,
  maintenanceRecords,
  trailers,
  vehicles,
} from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, forbidden, HttpError, notFound } from "../../http/errors";
import { likePattern, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { assignedAssetsOfDriver, ownDriverId, type Scope, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { notifyRoles } from "../../platform/notifications/notify";
import { sniffContentType } from "../../platform/storage/storage";
import { openMaintenanceItem } from "../fleet/maintenance.service";
import {
  countInspections,
  driverOfActor,
  listCondition,
  listOrder,
  scopeCondition,
  selectInspections,
  toListItem,
} from "./inspections.repo";

/** Who hears about a defect: safety and management always; dispatch too when the asset is out of service. */
const DEFECT_RECIPIENTS = ["admin", "manager", "safety"] as const;
const OUT_OF_SERVICE_RECIPIENTS = [...DEFECT_RECIPIENTS, "dispatcher"] as const;
/** The maintenance log's service type for a defect found on inspection. */
const REPAIR_SERVICE_TYPE = "repair";
/** How many options a picker gets; typing narrows the list. */
const OPTIONS_LIMIT = 50;

export const inspectionLink = (id: string) => `/fleet/inspections/${id}`;

const fieldError = (field: string, message: string) => badRequest(message, { fields: { [field]: message } });

/**
 * Photos are checked before anything is written: count, size and what the bytes say they are (the
 * browser's claimed type is never trusted; the storage service checks again as it saves).
 */
async function checkImages(images: File[], already = 0): Promise<void> {
  if (images.length + already > INSPECTION_MAX_IMAGES)
    throw fieldError("images", INSPECTION_MESSAGES.tooManyImages);
  for (const image of images) {
    if (image.size === 0) throw new HttpError(400, "FILE_EMPTY", `The photo ${image.name} is empty.`);
    if (image.size > INSPECTION_IMAGE_MAX_BYTES) {
      const mb = Math.round(INSPECTION_IMAGE_MAX_BYTES / 1024 / 1024);
      throw new HttpError(413, "FILE_TOO_LARGE", `The photo ${image.name} is larger than ${mb} MB.`);
    }
    const head = new Uint8Array(await image.slice(0, 32).arrayBuffer());
    const type = sniffContentType(head);
    if (!type || !(INSPECTION_IMAGE_TYPES as readonly string[]).includes(type))
      throw new HttpError(415, "FILE_TYPE_NOT_ALLOWED", INSPECTION_MESSAGES.imageType);
  }
}

export function createInspectionsService(deps: Deps) {
  const { db, storage } = deps;

  /** Saves photos inside `tx`; the storage keys written are pushed to `written` for cleanup on rollback. */
  async function saveImages(tx: Tx, actor: Actor, inspectionId: string, images: File[], written: string[]) {
    for (const image of images) {
      const stored = await storage.save(
        tx,
        image,
        { maxBytes: INSPECTION_IMAGE_MAX_BYTES, allowedTypes: INSPECTION_IMAGE_TYPES },
        actor.userId,
      );
      const [file] = await tx
        .select({ storageKey: files.storageKey })
        .from(files)
        .where(eq(files.id, stored.id));
      written.push(file.storageKey);
      // clock_timestamp(), not now(): photos saved in one transaction keep the order they were sent in.
      await tx
        .insert(inspectionImages)
        .values({ inspectionId, fileId: stored.id, createdAt: sql`clock_timestamp()` });
    }
  }

  /** Runs a write that stores photos; if it fails, the bytes already written are removed too. */
  async function withPhotos<T>(work: (written: string[]) => Promise<T>): Promise<T> {
    const written: string[] = [];
    try {
      return await work(written);
    } catch (err) {
      await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
      throw err;
    }
  }

  async function imagesOf(tx: Tx, inspectionId: string): Promise<InspectionImage[]> {
    const rows = await tx
      .select({
        id: inspectionImages.id,
        fileName: files.fileName,
        contentType: files.contentType,
        size: files.size,
        createdAt: inspectionImages.createdAt,
      })
      .from(inspectionImages)
      .innerJoin(files, eq(files.id, inspectionImages.fileId))
      .where(eq(inspectionImages.inspectionId, inspectionId))
      .orderBy(asc(inspectionImages.createdAt), asc(inspectionImages.id));
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  }

  async function detail(tx: Tx, id: string, scope: Scope): Promise<InspectionDetail> {
    const [row] = await selectInspections(tx).where(and(eq(inspections.id, id), scopeCondition(scope)));
    if (!row) throw notFound("The inspection");
    const images = await imagesOf(tx, id);
    const items = await tx
      .select({
        id: maintenanceRecords.id,
        serviceType: maintenanceRecords.serviceType,
        status: maintenanceRecords.status,
        notes: maintenanceRecords.notes,
        createdAt: maintenanceRecords.createdAt,
      })
      .from(maintenanceRecords)
      .where(eq(maintenanceRecords.inspectionId, id))
      .orderBy(asc(maintenanceRecords.createdAt));
    return {
      ...toListItem(row),
      odometer: row.odometer,
      location: row.location,
      checklist: row.checklist.map((e) => ({ item: e.item, result: e.result, note: e.note ?? "" })),
      comments: row.comments,
      images,
      maintenanceItems: items.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      createdByName: row.createdByName,
      createdAt: row.createdAt.toISOString(),
      ...syncTimesOf(row),
      // Whoever may see an inspection may add photos to it (a driver sees only their own).
      canAddImages: images.length < INSPECTION_MAX_IMAGES,
    };
  }

  /** The vehicle or trailer being inspected, with the label the records use. */
  async function assetOf(tx: Tx, assetType: InspectionAssetType, id: string) {
    if (assetType === "vehicle") {
      const [v] = await tx
        .select({ id: vehicles.id, unitNumber: vehicles.unitNumber })
        .from(vehicles)
        .where(eq(vehicles.id, id));
      if (!v) throw fieldError("vehicleId", "That vehicle no longer exists.");
      return { id: v.id, label: v.unitNumber, name: `Truck ${v.unitNumber}` };
    }
    const [t] = await tx
      .select({ id: trailers.id, identifier: trailers.identifier })
      .from(trailers)
      .where(eq(trailers.id, id));
    if (!t) throw fieldError("trailerId", "That trailer no longer exists.");
    return { id: t.id, label: t.identifier, name: `Trailer ${t.identifier}` };
  }

  return {
    async list(actor: Actor, query: InspectionFilter & PageQuery): Promise<InspectionPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = listCondition(filter, scopeOf(actor));
      const [total, rows] = await Promise.all([
        countInspections(db, cond),
        selectInspections(db)
          .where(cond)
          .orderBy(...listOrder(sort, dir))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
      ]);
      return toPage(rows.map(toListItem), total, { page, pageSize });
    },

    async get(actor: Actor, id: string): Promise<InspectionDetail> {
      return detail(db, id, scopeOf(actor));
    },

    /**
     * Files an inspection. A driver inspects only the vehicle or trailer assigned to them, pre-trip
     * or post-trip, as themselves. A failing or needs-repair result opens one maintenance item on the
     * asset summarising the defects and notifies safety and management (dispatch too when it fails),
     * in the same transaction as the inspection and its photos.
     */
    async create(
      actor: Actor,
      input: CreateInspection,
      images: File[],
      times?: SyncTimes,
    ): Promise<InspectionDetail> {
      await checkImages(images);
      return withPhotos((written) =>
        db.transaction(async (tx) => {
          const scope = scopeOf(actor);
          const assetId = (input.assetType === "vehicle" ? input.vehicleId : input.trailerId) ?? "";
          const asset = await assetOf(tx, input.assetType, assetId);

          let driverId: string | null;
          let inspectorName: string;
          if (scope.kind !== "staff") {
            const driver = await driverOfActor(tx, actor);
            if (!driver) throw forbidden(INSPECTION_MESSAGES.notAssigned, "NOT_ASSIGNED");
            if (!(DRIVER_INSPECTION_TYPES as readonly string[]).includes(input.type))
              throw fieldError("type", INSPECTION_MESSAGES.driverTypes);
            const assigned = await assignedAssetsOfDriver(tx, driver.id);
            const mine = input.assetType === "vehicle" ? assigned.vehicleId : assigned.trailerId;
            if (mine !== asset.id) throw forbidden(INSPECTION_MESSAGES.notAssigned, "NOT_ASSIGNED");
            driverId = driver.id;
            inspectorName = driver.fullName;
          } else {
            driverId = input.driverId ?? null;
            let driverName: string | null = null;
            if (driverId) {
              const [d] = await tx
                .select({ fullName: drivers.fullName })
                .from(drivers)
                .where(eq(drivers.id, driverId));
              if (!d) throw fieldError("driverId", "That driver no longer exists.");
              driverName = d.fullName;
            }
            inspectorName = input.inspectorName || driverName || actor.name;
          }

          const checklist = input.checklist.map((e) => ({
            item: e.item,
            result: e.result,
            note: e.note,
          }));
          const failed = checklist.filter((e) => e.result === "fail");
          const inspectedAt = new Date(input.inspectedAt);
          const odometer = input.assetType === "vehicle" ? (input.odometer ?? null) : null;
          const [row] = await tx
            .insert(inspections)
            .values({
              assetType: input.assetType,
              vehicleId: input.assetType === "vehicle" ? asset.id : null,
              trailerId: input.assetType === "trailer" ? asset.id : null,
              type: input.type,
              overallStatus: input.overallStatus,
              inspectedAt,
              inspectorName,
              driverId,
              odometer,
              location: input.location,
              checklist,
              failedItems: failed.length,
              comments: input.comments,
              createdBy: actor.userId,
              ...(times ? { occurredAt: times.occurredAt, receivedAt: times.receivedAt } : {}),
            })
            .returning({ id: inspections.id });
          await saveImages(tx, actor, row.id, images, written);

          const day = dayIn(inspectedAt, input.timeZone);
          let maintenanceItemId: string | null = null;
          if (hasDefects(input.overallStatus)) {
            maintenanceItemId = (
              await openMaintenanceItem(tx, {
                vehicleId: input.assetType === "vehicle" ? asset.id : null,
                trailerId: input.assetType === "trailer" ? asset.id : null,
                serviceType: REPAIR_SERVICE_TYPE,
                notes: "",
                inspectionId: row.id,
                origin: {
                  inspectionType: input.type,
                  assetType: input.assetType,
                  assetLabel: asset.label,
                  inspectedOn: day,
                  inspectorName,
                  overallStatus: input.overallStatus,
                  defects: failed.map((e) => ({ item: e.item, note: e.note })),
                  comments: input.comments,
                },
                createdBy: actor.userId,
              })
            ).id;
            const notice = {
              link: inspectionLink(row.id),
              data: {
                inspectionId: row.id,
                maintenanceItemId,
                assetType: input.assetType,
                assetId: asset.id,
                assetLabel: asset.label,
                inspectionType: input.type,
                inspectorName,
                defects: failed.map((e) => ({ item: e.item, note: e.note })),
                comments: input.comments,
              },
            };
            await (input.overallStatus === "fail"
              ? notifyRoles(tx, OUT_OF_SERVICE_RECIPIENTS, { kind: "inspection.failed", ...notice })
              : notifyRoles(tx, DEFECT_RECIPIENTS, { kind: "inspection.needs_repair", ...notice }));
          }

          // The odometer only moves forward; an annual inspection that passes dates the trailer's next one.
          if (odometer !== null) {
            await tx
              .update(vehicles)
              .set({ mileage: sql`greatest(${vehicles.mileage}, ${odometer})` })
              .where(eq(vehicles.id, asset.id));
          }
          if (input.assetType === "trailer" && input.type === "annual" && input.overallStatus === "pass") {
            await tx
              .update(trailers)
              .set({
                lastInspectionOn: day,
                nextInspectionOn: sql`(${day}::date + interval '1 year')::date`,
              })
              .where(
                and(
                  eq(trailers.id, asset.id),
                  or(isNull(trailers.lastInspectionOn), sql`${trailers.lastInspectionOn} < ${day}::date`),
                ),
              );
          }

          await recordAudit(tx, actor, {
            action: "inspection.filed",
            targetType: "inspection",
            targetId: row.id,
            targetLabel: inspectionLine(input.assetType, asset.label, input.type, day),
            details: {
              overallStatus: input.overallStatus,
              failedItems: failed.map((e) => e.item),
              images: images.length,
              maintenanceItemId,
            },
          });
          return detail(tx, row.id, scope);
        }),
      );
    },

    /** More photos on an inspection: its driver, or staff. */
    async addImages(actor: Actor, id: string, images: File[]): Promise<InspectionDetail> {
      if (images.length === 0) throw fieldError("images", "Choose at least one photo.");
      const scope = scopeOf(actor);
      const [existing] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(inspectionImages)
        .innerJoin(inspections, eq(inspections.id, inspectionImages.inspectionId))
        .where(and(eq(inspectionImages.inspectionId, id), scopeCondition(scope)));
      await checkImages(images, existing?.count ?? 0);
      return withPhotos((written) =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select({ id: inspections.id })
            .from(inspections)
            .where(and(eq(inspections.id, id), scopeCondition(scope)))
            .for("update");
          if (!row) throw notFound("The inspection");
          // Counted again under the lock: two uploads at once must not pass the limit together.
          const [{ count }] = await tx
            .select({ count: sql<number>`count(*)::int` })
            .from(inspectionImages)
            .where(eq(inspectionImages.inspectionId, id));
          if (count + images.length > INSPECTION_MAX_IMAGES)
            throw fieldError("images", INSPECTION_MESSAGES.tooManyImages);
          await saveImages(tx, actor, id, images, written);
          await recordAudit(tx, actor, {
            action: "inspection.images_added",
            targetType: "inspection",
            targetId: id,
            details: { images: images.length },
          });
          return detail(tx, id, scope);
        }),
      );
    },

    /** A photo's bytes, for whoever may see the inspection. */
    async image(actor: Actor, id: string, imageId: string) {
      const scope = scopeOf(actor);
      const [row] = await db
        .select({ storageKey: files.storageKey, fileName: files.fileName, contentType: files.contentType })
        .from(inspectionImages)
        .innerJoin(inspections, eq(inspections.id, inspectionImages.inspectionId))
        .innerJoin(files, eq(files.id, inspectionImages.fileId))
        .where(and(eq(inspectionImages.id, imageId), eq(inspections.id, id), scopeCondition(scope)));
      if (!row) throw notFound("The photo");
      try {
        return {
          bytes: await storage.read(row.storageKey),
          fileName: row.fileName,
          contentType: row.contentType,
        };
      } catch {
        throw notFound("The photo's content");
      }
    },

    /** What the caller may inspect: a driver their assigned vehicle and trailer; staff any (searchable). */
    async assets(
      actor: Actor,
      query: { assetType?: InspectionAssetType; q?: string },
    ): Promise<InspectableAsset[]> {
      const scope = scopeOf(actor);
      const want = (t: InspectionAssetType) => !query.assetType || query.assetType === t;
      let vehicleIds: string[] | null = null;
      let trailerIds: string[] | null = null;
      if (scope.kind !== "staff") {
        const driverId = ownDriverId(actor);
        const assigned = driverId
          ? await assignedAssetsOfDriver(db, driverId)
          : { vehicleId: null, trailerId: null };
        vehicleIds = assigned.vehicleId ? [assigned.vehicleId] : [];
        trailerIds = assigned.trailerId ? [assigned.trailerId] : [];
      }
      const p = query.q ? likePattern(query.q) : null;
      const open = isNull(assetAssignments.endedAt);
      const out: InspectableAsset[] = [];
      if (want("vehicle") && vehicleIds?.length !== 0) {
        const rows = await db
          .select({
            id: vehicles.id,
            unitNumber: vehicles.unitNumber,
            make: vehicles.make,
            model: vehicles.model,
            plateNumber: vehicles.plateNumber,
            driverId: drivers.id,
            driverName: drivers.fullName,
          })
          .from(vehicles)
          .leftJoin(assetAssignments, and(eq(assetAssignments.vehicleId, vehicles.id), open))
          .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId))
          .where(
            and(
              vehicleIds ? inArray(vehicles.id, vehicleIds) : undefined,
              p
                ? or(
                    ilike(vehicles.unitNumber, p),
                    ilike(vehicles.plateNumber, p),
                    ilike(vehicles.make, p),
                    ilike(vehicles.model, p),
                  )
                : undefined,
            ),
          )
          .orderBy(asc(sql`lower(${vehicles.unitNumber})`), asc(vehicles.id))
          .limit(OPTIONS_LIMIT);
        for (const v of rows)
          out.push({
            id: v.id,
            assetType: "vehicle",
            label: v.unitNumber,
            description: [v.make, v.model, v.plateNumber ? `· ${v.plateNumber}` : ""]
              .filter(Boolean)
              .join(" "),
            trailerType: null,
            assignedDriverId: v.driverId,
            assignedDriverName: v.driverName,
          });
      }
      if (want("trailer") && trailerIds?.length !== 0) {
        const rows = await db
          .select({
            id: trailers.id,
            identifier: trailers.identifier,
            type: trailers.type,
            size: trailers.size,
            driverId: drivers.id,
            driverName: drivers.fullName,
          })
          .from(trailers)
          .leftJoin(assetAssignments, and(eq(assetAssignments.trailerId, trailers.id), open))
          .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId))
          .where(
            and(
              trailerIds ? inArray(trailers.id, trailerIds) : undefined,
              p ? or(ilike(trailers.identifier, p), ilike(trailers.type, p)) : undefined,
            ),
          )
          .orderBy(asc(sql`lower(${trailers.identifier})`), asc(trailers.id))
          .limit(OPTIONS_LIMIT);
        for (const t of rows)
          out.push({
            id: t.id,
            assetType: "trailer",
            label: t.identifier,
            description: t.size,
            trailerType: t.type,
            assignedDriverId: t.driverId,
            assignedDriverName: t.driverName,
          });
      }
      return out;
    },

    /** Drivers for the staff's inspector picker and filter. */
    async inspectors(q?: string): Promise<InspectorOption[]> {
      return db
        .select({ id: drivers.id, fullName: drivers.fullName })
        .from(drivers)
        .where(q ? ilike(drivers.fullName, likePattern(q)) : undefined)
        .orderBy(asc(drivers.fullName), asc(drivers.id))
        .limit(OPTIONS_LIMIT);
    },
  };
}
