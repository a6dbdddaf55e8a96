import { can } from "@shared/access";
import {
  DRIVER_DELETE_WINDOW_HOURS,
  duplicateFuelMessage,
  FUEL_DUPLICATE_WINDOW_MINUTES,
  type FuelDriverOption,
  type FuelDuplicateDetails,
  type FuelEntry,
  type FuelEntryFields,
  type FuelExportQuery,
  type FuelFilter,
  type FuelListQuery,
  type FuelPage,
  type FuelVehicleOptions,
  fuelDevicePositionSchema,
  fuelEntryFieldsSchema,
  MISSING_INFORMATION,
  missingFuelFields,
  missingInformationMessage,
  NOT_YOUR_VEHICLE_MESSAGE,
  ODOMETER_DAILY_ALLOWANCE_MILES,
  ODOMETER_MIN_ALLOWANCE_MILES,
  odometerBelowMessage,
  odometerTooHighMessage,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
  requiredMessage,
} from "@shared/fuel/fuel.schema";
import { jurisdictionName } from "@shared/fuel/jurisdictions";
import { type SyncTimes, syncTimesOf } from "@shared/sync/sync.schema";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Tx } from "../../db/client";
import { drivers, files, fuelEntries, loads, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, forbidden, HttpError, notFound, validationError } from "../../http/errors";
import { ensureExportFits } from "../../http/export";
import { chosenFile, readStored } from "../../http/files";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { assignedAssetsOfDriver, ownDriverId, ownedBy, owns, type Scope, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { dayAfter, dayStart } from "../../platform/company-day";
import { placeFuelStop } from "../../platform/geo/place-rows";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { companyDay, postToLedger, withdrawFromLedger } from "../accounting/ledger-posting";

/**
 * 409 POSSIBLE_DUPLICATE: the same truck, gallons, total, state and company day logged within the
 * last minutes is most likely the same receipt twice (issue 38). Runs with the truck's row locked,
 * so two taps at once see each other.
 */
async function refuseDuplicate(tx: Tx, vehicleId: string, input: FuelEntryFields, timeZone: string) {
  const day = companyDay(new Date(input.fueledAt), timeZone);
  const [twin] = await tx
    .select({
      createdAt: fuelEntries.createdAt,
      location: fuelEntries.location,
      gallons: fuelEntries.gallons,
      totalAmount: fuelEntries.totalAmount,
    })
    .from(fuelEntries)
    .where(
      and(
        eq(fuelEntries.vehicleId, vehicleId),
        eq(fuelEntries.gallons, input.gallons),
        eq(fuelEntries.totalAmount, input.totalAmount),
        eq(fuelEntries.state, input.state),
        gte(fuelEntries.createdAt, new Date(Date.now() - FUEL_DUPLICATE_WINDOW_MINUTES * 60_000)),
        sql`(${fuelEntries.fueledAt} at time zone ${timeZone})::date = ${day}::date`,
      ),
    )
    .orderBy(desc(fuelEntries.createdAt))
    .limit(1);
  if (!twin) return;
  const minutes = Math.max(1, Math.floor((Date.now() - twin.createdAt.getTime()) / 60_000));
  const details: FuelDuplicateDetails = {
    loggedAt: twin.createdAt.toISOString(),
    location: twin.location,
    gallons: twin.gallons,
    totalAmount: twin.totalAmount,
  };
  throw conflict(duplicateFuelMessage(minutes), "POSSIBLE_DUPLICATE", details);
}

/**
 * The trucks a driver may log fuel for: the one assigned to them and those of their assigned or
 * in-progress loads.
 */
export async function driverVehicleIds(db: Tx, driverId: string): Promise<string[]> {
  if (!driverId) return [];
  const assigned = (await assignedAssetsOfDriver(db, driverId)).vehicleId;
  const onLoads = await db
    .selectDistinct({ id: loads.vehicleId })
    .from(loads)
    .where(
      and(
        eq(loads.driverId, driverId),
        inArray(loads.status, ["assigned", "in_progress"]),
        isNotNull(loads.vehicleId),
      ),
    );
  return [...new Set([assigned, ...onLoads.map((l) => l.id)].filter((id): id is string => !!id))];
}

/** Whose entries a caller reaches: staff every driver's, a driver only their own (none without a record). */
const scopeCondition = (scope: Scope): SQL | undefined => ownedBy(scope, { driver: fuelEntries.driverId });

function filterCondition(filter: Omit<FuelFilter, "sort" | "dir">, scope: Scope): SQL | undefined {
  const where: Array<SQL | undefined> = [scopeCondition(scope)];
  if (filter.driverId && scope.kind === "staff") where.push(eq(fuelEntries.driverId, filter.driverId));
  if (filter.vehicleId) where.push(eq(fuelEntries.vehicleId, filter.vehicleId));
  if (filter.fuelType) where.push(eq(fuelEntries.fuelType, filter.fuelType));
  if (filter.state) where.push(eq(fuelEntries.state, filter.state));
  // Days of UTC, counted by PostgreSQL (the day after 9999-12-31 is a year JavaScript writes and PostgreSQL cannot read).
  if (filter.from) where.push(gte(fuelEntries.fueledAt, dayStart(filter.from, "UTC")));
  if (filter.to) where.push(lt(fuelEntries.fueledAt, dayAfter(filter.to, "UTC")));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        ilike(fuelEntries.location, p),
        ilike(fuelEntries.state, p),
        ilike(vehicles.unitNumber, p),
        ...(scope.kind === "staff" ? [ilike(drivers.fullName, p)] : []),
      ),
    );
  }
  const parts = where.filter((w): w is SQL => !!w);
  return parts.length ? and(...parts) : undefined;
}

function order(sort: FuelFilter["sort"], dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tie = [desc(fuelEntries.fueledAt), desc(fuelEntries.id)];
  switch (sort) {
    case "fueledAt":
      return [by(fuelEntries.fueledAt), by(fuelEntries.id)];
    case "totalAmount":
      return [by(fuelEntries.totalAmount), ...tie];
    case "gallons":
      return [by(fuelEntries.gallons), ...tie];
    case "odometer":
      return [by(fuelEntries.odometer), ...tie];
    case "location":
      return [by(sql`lower(${fuelEntries.location})`), ...tie];
  }
}

const columns = {
  id: fuelEntries.id,
  driverId: fuelEntries.driverId,
  driverName: drivers.fullName,
  vehicleId: fuelEntries.vehicleId,
  vehicleLabel: vehicles.unitNumber,
  fueledAt: fuelEntries.fueledAt,
  location: fuelEntries.location,
  state: fuelEntries.state,
  odometer: fuelEntries.odometer,
  fuelType: fuelEntries.fuelType,
  gallons: fuelEntries.gallons,
  pricePerGallon: fuelEntries.pricePerGallon,
  totalAmount: fuelEntries.totalAmount,
  receiptFileName: files.fileName,
  receiptContentType: files.contentType,
  receiptSize: files.size,
  createdAt: fuelEntries.createdAt,
  occurredAt: fuelEntries.occurredAt,
  receivedAt: fuelEntries.receivedAt,
};

const selectEntries = (db: Tx) =>
  db
    .select(columns)
    .from(fuelEntries)
    .innerJoin(drivers, eq(drivers.id, fuelEntries.driverId))
    .leftJoin(vehicles, eq(vehicles.id, fuelEntries.vehicleId))
    .leftJoin(files, eq(files.id, fuelEntries.receiptFileId));
type Row = Awaited<ReturnType<typeof selectEntries>>[number];

const DELETE_WINDOW_MS = DRIVER_DELETE_WINDOW_HOURS * 3_600_000;

/** Staff who manage fuel remove any entry; a driver their own, within the window. */
function mayDelete(actor: Actor, scope: Scope, row: { driverId: string; createdAt: Date }, now: number) {
  if (!can(actor, "fuel:delete")) return false;
  return owns(scope, row) && (scope.kind === "staff" || now - row.createdAt.getTime() < DELETE_WINDOW_MS);
}

function toDto(r: Row, canDelete: boolean): FuelEntry {
  return {
    id: r.id,
    driverId: r.driverId,
    driverName: r.driverName,
    vehicleId: r.vehicleId,
    vehicleLabel: r.vehicleLabel,
    fueledAt: r.fueledAt.toISOString(),
    location: r.location,
    state: r.state,
    odometer: r.odometer,
    fuelType: r.fuelType,
    gallons: r.gallons,
    pricePerGallon: r.pricePerGallon,
    totalAmount: r.totalAmount,
    receipt:
      r.receiptFileName && r.receiptContentType && r.receiptSize !== null
        ? { fileName: r.receiptFileName, contentType: r.receiptContentType, size: r.receiptSize }
        : null,
    createdAt: r.createdAt.toISOString(),
    ...syncTimesOf(r),
    canDelete,
  };
}

const utc = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");
const EXPORT_COLUMNS: Column<Row>[] = [
  { header: "Date and time (UTC)", value: (r) => utc(r.fueledAt), width: 18 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Location", value: (r) => r.location, width: 32 },
  { header: "State/province", value: (r) => r.state, width: 10 },
  { header: "Jurisdiction", value: (r) => jurisdictionName(r.state), width: 18 },
  { header: "Odometer (mi)", value: (r) => r.odometer, width: 12 },
  { header: "Fuel type", value: (r) => (r.fuelType === "def" ? "DEF" : r.fuelType), width: 10 },
  { header: "Gallons", value: (r) => Number(r.gallons), width: 10 },
  { header: "Price per gallon", value: (r) => Number(r.pricePerGallon), width: 12 },
  { header: "Total amount", value: (r) => Number(r.totalAmount), width: 12 },
  { header: "Receipt", value: (r) => r.receiptFileName, width: 24 },
];

export function createFuelService(deps: Deps) {
  const { db, storage } = deps;

  /**
   * The reading a new one is judged against: the latest entry at or before the purchase; for the
   * newest purchase, the vehicle's odometer on record.
   * Below it, or further above it than the allowance for the days since, is refused with the number.
   */
  async function checkOdometer(
    tx: Tx,
    vehicle: { id: string; mileage: number; updatedAt: Date },
    odometer: number,
    fueledAt: Date,
  ) {
    const [before] = await tx
      .select({ odometer: fuelEntries.odometer, at: fuelEntries.fueledAt })
      .from(fuelEntries)
      .where(and(eq(fuelEntries.vehicleId, vehicle.id), lte(fuelEntries.fueledAt, fueledAt)))
      .orderBy(desc(fuelEntries.fueledAt))
      .limit(1);
    const [after] = await tx
      .select({ id: fuelEntries.id })
      .from(fuelEntries)
      .where(and(eq(fuelEntries.vehicleId, vehicle.id), gt(fuelEntries.fueledAt, fueledAt)))
      .limit(1);
    let last = before ? { odometer: before.odometer, at: before.at } : null;
    // The newest purchase is judged against the vehicle's reading on record: fuel entries keep it at
    // their highest, and an office correction (with its reason) replaces it.
    if (!after && vehicle.mileage > 0 && vehicle.mileage !== last?.odometer) {
      last = { odometer: vehicle.mileage, at: vehicle.updatedAt };
    }
    if (!last || last.odometer <= 0) return;
    const field = (message: string) =>
      new HttpError(400, "VALIDATION_FAILED", message, {
        fields: { odometer: message },
        odometer: { lastReading: last.odometer },
      });
    if (odometer < last.odometer) throw field(odometerBelowMessage(last.odometer));
    const days = Math.max(0, Math.ceil((fueledAt.getTime() - last.at.getTime()) / 86_400_000));
    const allowed = Math.max(ODOMETER_MIN_ALLOWANCE_MILES, days * ODOMETER_DAILY_ALLOWANCE_MILES);
    if (odometer - last.odometer > allowed) throw field(odometerTooHighMessage(last.odometer, allowed));
  }

  async function findEntry(tx: Tx, id: string, scope: Scope) {
    const [row] = await tx
      .select({
        id: fuelEntries.id,
        driverId: fuelEntries.driverId,
        createdAt: fuelEntries.createdAt,
        location: fuelEntries.location,
        totalAmount: fuelEntries.totalAmount,
        receiptFileId: fuelEntries.receiptFileId,
      })
      .from(fuelEntries)
      .where(and(eq(fuelEntries.id, id), scopeCondition(scope)));
    if (!row) throw notFound("The fuel entry");
    return row;
  }

  async function dto(tx: Tx, actor: Actor, scope: Scope, id: string): Promise<FuelEntry> {
    const [row] = await selectEntries(tx).where(and(eq(fuelEntries.id, id), scopeCondition(scope)));
    if (!row) throw notFound("The fuel entry");
    return toDto(row, mayDelete(actor, scope, row, Date.now()));
  }

  return {
    async list(actor: Actor, query: FuelListQuery): Promise<FuelPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const scope = scopeOf(actor);
      const cond = filterCondition(filter, scope);
      const [summary] = await db
        .select({
          total: count(),
          gallons: sql<string>`coalesce(sum(${fuelEntries.gallons}), 0)::numeric(14,3)::text`,
          amount: sql<string>`coalesce(sum(${fuelEntries.totalAmount}), 0)::numeric(14,2)::text`,
        })
        .from(fuelEntries)
        .innerJoin(drivers, eq(drivers.id, fuelEntries.driverId))
        .leftJoin(vehicles, eq(vehicles.id, fuelEntries.vehicleId))
        .where(cond);
      const rows = await selectEntries(db)
        .where(cond)
        .orderBy(...order(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const now = Date.now();
      return {
        ...toPage(
          rows.map((r) => toDto(r, mayDelete(actor, scope, r, now))),
          summary.total,
          { page, pageSize },
        ),
        totals: { gallons: summary.gallons, amount: summary.amount },
      };
    },

    async get(actor: Actor, id: string): Promise<FuelEntry> {
      return dto(db, actor, scopeOf(actor), id);
    },

    /**
     * A driver logs a purchase. Every field is required: empty ones answer 400 MISSING_INFORMATION
     * naming them all at once (spec sections 5 and 8). The receipt is checked by size and content;
     * the vehicle's odometer moves forward when this reading is higher.
     */
    async create(actor: Actor, raw: Record<string, unknown>, times?: SyncTimes): Promise<FuelEntry> {
      const scope = scopeOf(actor);
      const driverId = ownDriverId(actor);
      if (!driverId) throw forbidden("Only a driver with a driver record can log fuel.");
      const receipt = chosenFile(raw.receipt);
      const missing = missingFuelFields({ ...raw, receipt });
      if (missing.length) {
        throw new HttpError(400, "MISSING_INFORMATION", missingInformationMessage(missing), {
          title: MISSING_INFORMATION,
          missing,
          fields: Object.fromEntries(missing.map((f) => [f, requiredMessage(f)])),
        });
      }
      const parsed = fuelEntryFieldsSchema.safeParse(raw);
      if (!parsed.success) throw validationError(parsed.error);
      const input = parsed.data;
      // The phone's fix when it shares its location (issue 40): the stop's place, from the device.
      const position = fuelDevicePositionSchema.safeParse({
        latitude: raw.latitude,
        longitude: raw.longitude,
      });
      if (!position.success) throw validationError(position.error);
      const place =
        position.data.latitude !== undefined && position.data.longitude !== undefined
          ? {
              latitude: position.data.latitude,
              longitude: position.data.longitude,
              geoSource: "device" as const,
              geoPrecision: "street" as const,
            }
          : {};
      const file = receipt as File;

      const id = await db.transaction(async (tx) => {
        const [vehicle] = await tx
          .select({
            id: vehicles.id,
            unitNumber: vehicles.unitNumber,
            status: vehicles.status,
            mileage: vehicles.mileage,
            updatedAt: vehicles.updatedAt,
          })
          .from(vehicles)
          .where(eq(vehicles.id, input.vehicleId))
          .for("update");
        if (!vehicle) {
          throw new HttpError(400, "VALIDATION_FAILED", "That vehicle no longer exists.", {
            fields: { vehicleId: "That vehicle no longer exists." },
          });
        }
        // Someone else's truck is not the driver's to fuel (or to move the odometer of): 404.
        if (!(await driverVehicleIds(tx, driverId)).includes(vehicle.id)) {
          throw new HttpError(404, "NOT_FOUND", NOT_YOUR_VEHICLE_MESSAGE, {
            fields: { vehicleId: NOT_YOUR_VEHICLE_MESSAGE },
          });
        }
        await checkOdometer(tx, vehicle, input.odometer, new Date(input.fueledAt));
        if (raw.confirmDuplicate !== "true")
          await refuseDuplicate(tx, vehicle.id, input, deps.config.company.timeZone);
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: RECEIPT_MAX_BYTES, allowedTypes: RECEIPT_TYPES },
          actor.userId,
        );
        const [row] = await tx
          .insert(fuelEntries)
          .values({
            driverId,
            vehicleId: vehicle.id,
            fueledAt: new Date(input.fueledAt),
            location: input.location,
            state: input.state,
            odometer: input.odometer,
            fuelType: input.fuelType,
            gallons: input.gallons,
            pricePerGallon: input.pricePerGallon,
            totalAmount: input.totalAmount,
            ...placeFuelStop(input.location, input.state),
            receiptFileId: stored.id,
            createdBy: actor.userId,
            ...place,
            ...(times ? { occurredAt: times.occurredAt, receivedAt: times.receivedAt } : {}),
          })
          .returning({ id: fuelEntries.id });
        await postToLedger(tx, {
          source: "fuel",
          sourceId: row.id,
          occurredOn: companyDay(new Date(input.fueledAt), deps.config.company.timeZone),
          direction: "expense",
          category: "fuel",
          amount: input.totalAmount,
          counterparty: input.location,
          paymentMethod: "fuel_card",
          reference: input.state,
          vehicleId: vehicle.id,
          driverId,
          receiptFileId: stored.id,
          userId: actor.userId,
        });
        // The odometer only moves forward: a late-logged older purchase leaves it alone.
        await tx
          .update(vehicles)
          .set({ mileage: input.odometer })
          .where(and(eq(vehicles.id, vehicle.id), lt(vehicles.mileage, input.odometer)));
        await recordAudit(tx, actor, {
          action: "fuel.entry_created",
          targetType: "fuel_entry",
          targetId: row.id,
          targetLabel: `${vehicle.unitNumber} · ${input.location}`,
          details: {
            gallons: input.gallons,
            totalAmount: input.totalAmount,
            odometer: input.odometer,
            receipt: stored.fileName,
          },
        });
        return row.id;
      });
      return dto(db, actor, scope, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const scope = scopeOf(actor);
      const storageKey = await db.transaction(async (tx) => {
        const row = await findEntry(tx, id, scope);
        if (!mayDelete(actor, scope, row, Date.now())) {
          throw conflict(
            `A driver can remove an entry only within ${DRIVER_DELETE_WINDOW_HOURS} hours of logging it. Ask the office to remove it.`,
            "DELETE_WINDOW_PASSED",
          );
        }
        let key: string | null = null;
        if (row.receiptFileId) {
          const [file] = await tx
            .select({ storageKey: files.storageKey })
            .from(files)
            .where(eq(files.id, row.receiptFileId));
          key = file?.storageKey ?? null;
        }
        await tx.delete(fuelEntries).where(eq(fuelEntries.id, id));
        await withdrawFromLedger(tx, "fuel", id, actor.userId);
        if (row.receiptFileId) await tx.delete(files).where(eq(files.id, row.receiptFileId));
        await recordAudit(tx, actor, {
          action: "fuel.entry_deleted",
          targetType: "fuel_entry",
          targetId: id,
          targetLabel: row.location,
          details: { totalAmount: row.totalAmount },
        });
        return key;
      });
      // The bytes go only once the rows are gone for good.
      if (storageKey) await storage.remove(storageKey);
    },

    /** The receipt's bytes, for whoever may see the entry (another driver's: 404). */
    async receipt(actor: Actor, id: string) {
      const scope = scopeOf(actor);
      const row = await findEntry(db, id, scope);
      if (!row.receiptFileId) throw notFound("The receipt");
      const [file] = await db.select().from(files).where(eq(files.id, row.receiptFileId));
      if (!file) throw notFound("The receipt");
      return {
        bytes: await readStored(storage, file.storageKey, "The receipt's content"),
        fileName: file.fileName,
        contentType: file.contentType,
      };
    },

    /**
     * Vehicles a fuel entry can name (not retired), the caller's assigned one first. A driver's
     * assigned vehicle is the form's default.
     */
    async vehicleOptions(actor: Actor, q?: string): Promise<FuelVehicleOptions> {
      const scope = scopeOf(actor);
      const driverId = ownDriverId(actor);
      const assignedVehicleId = driverId ? (await assignedAssetsOfDriver(db, driverId)).vehicleId : null;
      // A driver picks among the trucks they may fuel: their own and their loads' (anyone else outside
      // the office, none).
      const allowed = scope.kind === "staff" ? null : await driverVehicleIds(db, driverId ?? "");
      const p = q ? likePattern(q) : null;
      const rows = await db
        .select({
          id: vehicles.id,
          unitNumber: vehicles.unitNumber,
          make: vehicles.make,
          model: vehicles.model,
          plateNumber: vehicles.plateNumber,
          mileage: vehicles.mileage,
        })
        .from(vehicles)
        .where(
          and(
            ne(vehicles.status, "inactive"),
            allowed ? (allowed.length ? inArray(vehicles.id, allowed) : sql`false`) : undefined,
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
        .orderBy(
          ...(assignedVehicleId ? [sql`${vehicles.id} = ${assignedVehicleId} desc`] : []),
          asc(sql`lower(${vehicles.unitNumber})`),
          asc(vehicles.id),
        )
        .limit(50);
      return {
        assignedVehicleId,
        items: rows.map((v) => ({
          id: v.id,
          unitNumber: v.unitNumber,
          description: [[v.make, v.model].filter(Boolean).join(" "), v.plateNumber]
            .filter(Boolean)
            .join(" · "),
          mileage: v.mileage,
          assigned: v.id === assignedVehicleId,
        })),
      };
    },

    /** Drivers for the staff view's filter (first 50 by name). */
    async driverOptions(q?: string): Promise<FuelDriverOption[]> {
      return db
        .select({ id: drivers.id, fullName: drivers.fullName })
        .from(drivers)
        .where(q ? ilike(drivers.fullName, likePattern(q)) : undefined)
        .orderBy(asc(drivers.fullName), asc(drivers.id))
        .limit(50);
    },

    /** The filtered entries as CSV or Excel (a driver: their own). */
    async export(actor: Actor, query: FuelExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const scope = scopeOf(actor);
      const cond = filterCondition(filter, scope);
      const [{ total }] = await db
        .select({ total: count() })
        .from(fuelEntries)
        .innerJoin(drivers, eq(drivers.id, fuelEntries.driverId))
        .leftJoin(vehicles, eq(vehicles.id, fuelEntries.vehicleId))
        .where(cond);
      ensureExportFits(total, "fuel entries");
      const rows = await selectEntries(db)
        .where(cond)
        .orderBy(...order(sort, dir));
      return sheetFile(rows, EXPORT_COLUMNS, format, { file: "fuel-entries", sheet: "Fuel entries" });
    },
  };
}
