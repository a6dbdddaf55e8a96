import { can } from "@shared/access";
import type { SERVICE_TYPES } from "@shared/fleet/maintenance.constants";
import {
  MAINTENANCE_STATUS_RANK,
  scheduleDue,
  vehicleMaintenanceStatus,
} from "@shared/fleet/maintenance-status";
import type {
  createVehicleSchema,
  Schedule,
  schedulesInputSchema,
  updateVehicleSchema,
  VehicleDetail,
  VehicleFilter,
  VehiclePage,
} from "@shared/fleet/vehicles.schema";
import type { OdometerCorrection } from "@shared/fuel/fuel.schema";
import { and, eq, ne, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { builtOnce, type Tx } from "../../db/client";
import { compactJsonb, isoTime, jsonList, jsonObjectText } from "../../db/json-sql";
import { assetAssignments, drivers, maintenanceSchedules, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { JsonText } from "../../http/json-text";
import { offsetOf, type PageQuery } from "../../http/pagination";
import { holds, scopeWithAssets } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { assetDetailColumns, RECENT_MAINTENANCE } from "./asset-detail";
import { assetDetailOf, changedColumns, removeAsset, withUniqueErrors } from "./asset-kinds";
import { DUPLICATE_UNIT_NUMBER } from "./fleet.service";
import { dbToday } from "./fleet-common";
import {
  countVehicles,
  effectiveLastDate,
  effectiveLastOdometer,
  openAssignment,
  openItemsOfVehicle,
  selectVehicleDetail,
  selectVehicles,
  toListItem,
  vehicleListCondition,
  vehicleOrder,
  vehicleOwnColumns,
} from "./vehicles.repo";

export type CreateVehicle = z.output<typeof createVehicleSchema>;
export type UpdateVehicle = z.output<typeof updateVehicleSchema>;
export type SchedulesIn = z.output<typeof schedulesInputSchema>["schedules"];
type ServiceType = (typeof SERVICE_TYPES)[number];

export const DUPLICATE_VIN = "Another vehicle already has this VIN.";
export const DUPLICATE_TRANSPONDER = "Another vehicle already has this transponder.";
export const DUPLICATE_TELEMATICS_ID = "Another vehicle already has this telematics ID.";

type UniqueField = "unitNumber" | "vin" | "transponder" | "telematicsId";
const DUPLICATES: Record<UniqueField, { message: string; code: string }> = {
  unitNumber: { message: DUPLICATE_UNIT_NUMBER, code: "DUPLICATE_UNIT_NUMBER" },
  vin: { message: DUPLICATE_VIN, code: "DUPLICATE_VIN" },
  transponder: { message: DUPLICATE_TRANSPONDER, code: "DUPLICATE_TRANSPONDER" },
  telematicsId: { message: DUPLICATE_TELEMATICS_ID, code: "DUPLICATE_TELEMATICS_ID" },
};

/** 409 with the field a unique rule broke, from a pre-check or the constraint's name. */
function duplicateError(field: UniqueField) {
  const { message, code } = DUPLICATES[field];
  return conflict(message, code, { fields: { [field]: message } });
}

function fieldOfConstraint(constraint: string): UniqueField {
  if (constraint.includes("telematics")) return "telematicsId";
  if (constraint.includes("vin")) return "vin";
  if (constraint.includes("transponder")) return "transponder";
  return "unitNumber";
}

type ScheduleJson = {
  id: string;
  service_type: string;
  interval_miles: number | null;
  interval_days: number | null;
  start_date: string | null;
  start_odometer: number | null;
  last_date: string | null;
  last_odometer: number | null;
};

/** A vehicle's schedules with their effective last service, as a JSON column of its detail statement. */
const schedulesJson = sql<ScheduleJson[]>`coalesce((
  select json_agg(json_build_object(
    'id', s.id, 'service_type', s.service_type, 'interval_miles', s.interval_miles,
    'interval_days', s.interval_days, 'start_date', s.last_service_date,
    'start_odometer', s.last_service_odometer, 'last_date', ${effectiveLastDate},
    'last_odometer', ${effectiveLastOdometer}) order by s.service_type)
  from maintenance_schedules s where s.vehicle_id = ${vehicles.id}), '[]')`;

/** One statement: the row with its schedules, documents and latest maintenance; built once (decision 036). */
const vehicleDetail = builtOnce("vehicle_detail", (tx) =>
  selectVehicleDetail(tx, { ...assetDetailColumns("vehicle_id", vehicles.id), schedulesJson }).where(
    eq(vehicles.id, sql.placeholder("id")),
  ),
);

/**
 * The same answer as `get` below, written by PostgreSQL (issue 42, target 4) in three parts around what
 * Node adds with the functions both paths share: the maintenance status and the schedules' due figures
 * (`vehicleMaintenanceStatus`, `scheduleDue`) and what the caller may do (`canEdit`,
 * `canLogMaintenance`). The keys, their order and every value are `get`'s (fleet.int.test.ts compares
 * the two for every vehicle and role); change both together.
 */
const vehicleDetailText = builtOnce("vehicle_detail_text", (tx) =>
  tx
    .select({
      mileage: vehicles.mileage,
      openItems: openItemsOfVehicle,
      today: sql<string>`current_date::text`,
      schedulesJson,
      head: jsonObjectText(vehicleOwnColumns),
      middle: jsonObjectText({
        openItems: openItemsOfVehicle,
        assignedDriverId: drivers.id,
        assignedDriverName: drivers.fullName,
        notes: vehicles.notes,
        assignedSince: isoTime(assetAssignments.startedAt),
        documents: jsonList(
          {
            id: sql`fd.id`,
            name: sql`fd.name`,
            expiresOn: sql`fd.expires_on`,
            createdAt: isoTime(sql`fd.created_at`),
            fileName: sql`f.file_name`,
            contentType: sql`f.content_type`,
            size: sql`f.size`,
            uploadedByName: sql`u.name`,
          },
          {
            from: sql`fleet_documents fd join files f on f.id = fd.file_id left join users u on u.id = fd.uploaded_by`,
            where: sql`fd.vehicle_id = ${vehicles.id}`,
            orderBy: sql`fd.created_at desc`,
          },
        ),
        // The latest items of its maintenance log, open ones first (as `assetDetailColumns`).
        recentMaintenance: jsonList(
          {
            id: sql`m.id`,
            serviceType: sql`m.service_type`,
            status: sql`m.status`,
            serviceDate: sql`m.service_date`,
            odometer: sql`m.odometer`,
            cost: sql`m.cost::text`,
            vendor: sql`m.vendor`,
            notes: sql`m.notes`,
            origin: compactJsonb(sql`m.source_data`),
          },
          {
            from: sql`(select r.*, row_number() over (
              order by case when r.status = 'open' then 0 else 1 end, r.service_date desc, r.created_at desc) as n
            from maintenance_records r where r.vehicle_id = ${vehicles.id}
            order by n limit ${sql.raw(String(RECENT_MAINTENANCE))}) m`,
            where: sql`true`,
            orderBy: sql`m.n`,
          },
        ),
        today: sql`current_date::text`,
      }),
      tail: jsonObjectText({
        createdAt: isoTime(vehicles.createdAt),
        updatedAt: isoTime(vehicles.updatedAt),
      }),
    })
    .from(vehicles)
    .leftJoin(assetAssignments, openAssignment)
    .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId))
    .where(eq(vehicles.id, sql.placeholder("id"))),
);

/** A schedule and what is due, against today and the vehicle's odometer. */
function scheduleFrom(r: ScheduleJson, today: string, odometer: number): Schedule {
  const facts = {
    intervalMiles: r.interval_miles,
    intervalDays: r.interval_days,
    lastServiceDate: r.last_date,
    lastServiceOdometer: r.last_odometer === null ? null : Number(r.last_odometer),
  };
  return {
    id: r.id,
    serviceType: r.service_type as ServiceType,
    ...facts,
    startDate: r.start_date,
    startOdometer: r.start_odometer,
    ...scheduleDue(facts, today, odometer),
  };
}

/** The vehicle's label and mileage, locked for the rest of the transaction (404 when it is gone). */
async function lockVehicle(tx: Tx, id: string) {
  const [current] = await tx
    .select({ unitNumber: vehicles.unitNumber, mileage: vehicles.mileage })
    .from(vehicles)
    .where(eq(vehicles.id, id))
    .for("update");
  if (!current) throw notFound("The vehicle");
  return current;
}

export function createVehiclesService(deps: Deps) {
  const { db } = deps;

  async function checkUnique(
    tx: Tx,
    input: {
      unitNumber: string;
      vin: string | null;
      transponder: string | null;
      telematicsId: string | null;
    },
    id?: string,
  ) {
    const others = id ? ne(vehicles.id, id) : undefined;
    const [taken] = await tx
      .select({
        unitNumber: vehicles.unitNumber,
        vin: vehicles.vin,
        transponder: vehicles.transponder,
        telematicsId: vehicles.telematicsId,
      })
      .from(vehicles)
      .where(
        and(
          others,
          or(
            sql`lower(${vehicles.unitNumber}) = lower(${input.unitNumber})`,
            input.vin ? sql`upper(${vehicles.vin}) = upper(${input.vin})` : undefined,
            input.transponder ? sql`upper(${vehicles.transponder}) = upper(${input.transponder})` : undefined,
            input.telematicsId ? eq(vehicles.telematicsId, input.telematicsId) : undefined,
          ),
        ),
      )
      .limit(1);
    if (!taken) return;
    if (taken.unitNumber.toLowerCase() === input.unitNumber.toLowerCase()) throw duplicateError("unitNumber");
    if (input.vin && taken.vin?.toUpperCase() === input.vin.toUpperCase()) throw duplicateError("vin");
    if (input.telematicsId && taken.telematicsId === input.telematicsId) throw duplicateError("telematicsId");
    throw duplicateError("transponder");
  }

  async function writeSchedules(tx: Tx, vehicleId: string, schedules: SchedulesIn, mileage: number) {
    await tx.delete(maintenanceSchedules).where(eq(maintenanceSchedules.vehicleId, vehicleId));
    if (schedules.length === 0) return;
    const today = await dbToday(tx);
    await tx.insert(maintenanceSchedules).values(
      schedules.map((s) => ({
        vehicleId,
        serviceType: s.serviceType,
        intervalMiles: s.intervalMiles || null,
        intervalDays: s.intervalDays || null,
        lastServiceDate: s.lastServiceDate ?? today,
        lastServiceOdometer: s.lastServiceOdometer ?? mileage,
      })),
    );
  }

  const unique = <T>(fn: () => Promise<T>) =>
    withUniqueErrors(fn, (constraint) => duplicateError(fieldOfConstraint(constraint)));

  const columnsOf = (input: UpdateVehicle) => ({
    unitNumber: input.unitNumber,
    plateNumber: input.plateNumber.toUpperCase(),
    plateState: input.plateState.toUpperCase(),
    plateExpiresOn: input.plateExpiresOn,
    make: input.make,
    model: input.model,
    year: input.year,
    vin: input.vin,
    fuelType: input.fuelType,
    insuranceExpiresOn: input.insuranceExpiresOn,
    lastTireChangeOn: input.lastTireChangeOn,
    transponder: input.transponder,
    telematicsId: input.telematicsId,
    status: input.status,
    notes: input.notes,
  });

  const service = {
    async list(actor: Actor, query: VehicleFilter & PageQuery): Promise<VehiclePage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const scope = await scopeWithAssets(db, actor);
      const cond = vehicleListCondition(filter, scope);
      const offset = offsetOf({ page, pageSize });
      const [rows, total, today] = await Promise.all([
        selectVehicles(db)
          .where(cond)
          .orderBy(...vehicleOrder(sort, dir))
          .limit(pageSize)
          .offset(offset),
        countVehicles(db, cond),
        dbToday(db),
      ]);
      return { items: rows.map(toListItem), total, page, pageSize, today };
    },

    /** `get` as JSON text, mostly written by PostgreSQL: the page's read (issue 42, target 4). */
    async getJson(actor: Actor, id: string): Promise<JsonText<VehicleDetail>> {
      const scope = await scopeWithAssets(db, actor);
      const [row] = holds(scope, { kind: "vehicle", id }) ? await vehicleDetailText(db).execute({ id }) : [];
      if (!row) throw notFound("The vehicle");
      const schedules = row.schedulesJson.map((r) => scheduleFrom(r, row.today, row.mileage));
      const status = vehicleMaintenanceStatus(schedules, row.today, row.mileage, row.openItems);
      const may = `"canEdit":${can(actor, "fleet:write")},"canLogMaintenance":${can(actor, "maintenance:log")}`;
      return new JsonText<VehicleDetail>(
        `${row.head.slice(0, -1)},"maintenanceStatus":${JSON.stringify(status)},${row.middle.slice(1, -1)},` +
          `${may},${row.tail.slice(1, -1)},"schedules":${JSON.stringify(schedules)}}`,
      );
    },

    async get(actor: Actor, id: string): Promise<VehicleDetail> {
      const scope = await scopeWithAssets(db, actor);
      // A driver opens only their assigned truck (vehicleScopeCondition); anything else is 404.
      const [row] = holds(scope, { kind: "vehicle", id }) ? await vehicleDetail(db).execute({ id }) : [];
      if (!row) throw notFound("The vehicle");
      const schedules = row.schedulesJson.map((r) => scheduleFrom(r, row.today, row.mileage));
      // The status the list's SQL rank gives, from the schedules just read (they agree: maintenance.int.test.ts).
      const status = vehicleMaintenanceStatus(schedules, row.today, row.mileage, row.openItems);
      return {
        ...toListItem({ ...row, rank: MAINTENANCE_STATUS_RANK[status] }),
        ...assetDetailOf(actor, row),
        schedules,
      };
    },

    async create(actor: Actor, input: CreateVehicle): Promise<VehicleDetail> {
      const id = await unique(() =>
        db.transaction(async (tx) => {
          await checkUnique(tx, input);
          const mileage = input.mileage ?? 0;
          const [row] = await tx
            .insert(vehicles)
            .values({ ...columnsOf(input), mileage })
            .returning({ id: vehicles.id });
          if (input.schedules?.length) await writeSchedules(tx, row.id, input.schedules, mileage);
          await recordAudit(tx, actor, {
            action: "vehicle.created",
            targetType: "vehicle",
            targetId: row.id,
            targetLabel: input.unitNumber,
          });
          return row.id;
        }),
      );
      return service.get(actor, id);
    },

    async update(actor: Actor, id: string, input: UpdateVehicle): Promise<VehicleDetail> {
      await unique(() =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(vehicles).where(eq(vehicles.id, id)).for("update");
          if (!current) throw notFound("The vehicle");
          await checkUnique(tx, input, id);
          const next = { ...columnsOf(input), mileage: input.mileage ?? current.mileage };
          await tx.update(vehicles).set(next).where(eq(vehicles.id, id));
          const changed = changedColumns(current, next);
          await recordAudit(tx, actor, {
            action: "vehicle.updated",
            targetType: "vehicle",
            targetId: id,
            targetLabel: input.unitNumber,
            details: { changed },
          });
        }),
      );
      return service.get(actor, id);
    },

    /**
     * The office corrects a vehicle's odometer on record (a wrong reading, a replaced cluster): any
     * value, with the reason, audited. Fuel readings are then judged against it.
     */
    async correctOdometer(actor: Actor, id: string, input: OdometerCorrection): Promise<VehicleDetail> {
      await db.transaction(async (tx) => {
        const current = await lockVehicle(tx, id);
        await tx.update(vehicles).set({ mileage: input.odometer }).where(eq(vehicles.id, id));
        await recordAudit(tx, actor, {
          action: "vehicle.odometer_corrected",
          targetType: "vehicle",
          targetId: id,
          targetLabel: current.unitNumber,
          details: { from: current.mileage, to: input.odometer, reason: input.reason },
        });
      });
      return service.get(actor, id);
    },

    async replaceSchedules(actor: Actor, id: string, schedules: SchedulesIn): Promise<VehicleDetail> {
      await db.transaction(async (tx) => {
        const current = await lockVehicle(tx, id);
        await writeSchedules(tx, id, schedules, current.mileage);
        await recordAudit(tx, actor, {
          action: "vehicle.schedules_updated",
          targetType: "vehicle",
          targetId: id,
          targetLabel: current.unitNumber,
          details: { serviceTypes: schedules.map((s) => s.serviceType) },
        });
      });
      return service.get(actor, id);
    },

    /** Only a vehicle without history goes; anything else is set inactive (409 VEHICLE_HAS_HISTORY). */
    remove: (actor: Actor, id: string) => removeAsset(deps, actor, "vehicle", id),
  };
  return service;
}
