import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { Role } from "../../../shared/access";
import type {
  LOAD_SORTS,
  LoadFilter,
  LoadListItem,
  LoadStatus,
  StopInput,
} from "../../../shared/loads/loads.schema";
import type { Tx } from "../../db/client";
import {
  assetAssignments,
  customers,
  drivers,
  files,
  loadFiles,
  loadStatusEvents,
  loadStops,
  loads,
  trailers,
  vehicles,
} from "../../db/schema";
import { likePattern } from "../../http/pagination";

export type LoadRow = typeof loads.$inferSelect;

/**
 * Whose loads a caller may reach: staff see every load, a driver only those assigned to them
 * (`driverId` null when the account has no driver record, which then reaches nothing).
 */
export type LoadScope = { kind: "staff" } | { kind: "driver"; driverId: string | null };

export async function driverIdOfUser(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ id: drivers.id }).from(drivers).where(eq(drivers.userId, userId));
  return row?.id ?? null;
}

/** The scope condition; for a driver without a record it matches nothing. */
export function scopeCondition(scope: LoadScope): SQL | undefined {
  if (scope.kind === "staff") return undefined;
  return scope.driverId ? eq(loads.driverId, scope.driverId) : sql`false`;
}

/** One load the scope may reach, optionally locked for the rest of the transaction. */
export async function findLoad(
  tx: Tx,
  id: string,
  scope: LoadScope,
  lock = false,
): Promise<LoadRow | undefined> {
  const query = tx
    .select()
    .from(loads)
    .where(and(eq(loads.id, id), scopeCondition(scope)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

// ---- The list

/**
 * `q` matches the load number and the pickup/delivery cities through the trigram index expression
 * (`loads_search_trgm`), or a customer whose company or contact name matches (ids looked up first,
 * so PostgreSQL can OR two index scans instead of filtering every row).
 */
export async function customerIdsMatching(db: Tx, q: string, max = 500): Promise<string[]> {
  const p = likePattern(q);
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(or(ilike(customers.companyName, p), ilike(customers.name, p)))
    .limit(max);
  return rows.map((r) => r.id);
}

const nextDay = (date: string) => new Date(new Date(`${date}T00:00:00Z`).getTime() + 86_400_000);

export function listCondition(
  filter: Omit<LoadFilter, "sort" | "dir">,
  scope: LoadScope,
  customerIds: string[],
): SQL | undefined {
  const where: Array<SQL | undefined> = [scopeCondition(scope)];
  if (filter.status) where.push(eq(loads.status, filter.status));
  if (filter.customerId) where.push(eq(loads.customerId, filter.customerId));
  if (filter.driverId) where.push(eq(loads.driverId, filter.driverId));
  if (filter.from) where.push(gte(loads.pickupAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) where.push(lt(loads.pickupAt, nextDay(filter.to)));
  if (filter.q && FULL_LOAD_NUMBER.test(filter.q.trim())) {
    // A whole load number: the unique index answers at once, where the trigram scan takes tens of ms.
    where.push(eq(loads.loadNumber, filter.q.trim().toUpperCase()));
  } else if (filter.q) {
    const text = sql`(${loads.loadNumber} || ' ' || ${loads.pickupCity} || ' ' || ${loads.deliveryCity}) ilike ${likePattern(filter.q)}`;
    where.push(customerIds.length ? or(text, inArray(loads.customerId, customerIds)) : text);
  }
  const parts = where.filter((w): w is SQL => !!w);
  return parts.length ? and(...parts) : undefined;
}

/** "LD-2026-00042": searched exactly rather than as a fragment. */
const FULL_LOAD_NUMBER = /^[A-Za-z]{1,6}-\d{4}-\d{3,}$/;

type Sort = (typeof LOAD_SORTS)[number];

/**
 * ORDER BY written to match the indexes exactly (they are `DESC NULLS LAST`): a plain `DESC`
 * (nulls first) would not use them and would sort a million rows. `id` breaks ties so pages
 * never overlap.
 */
type SortColumns = Record<
  "id" | "pickupAt" | "deliveryAt" | "createdAt" | "loadNumber" | "status" | "totalRate",
  SQLWrapper
>;

export function listOrder(sort: Sort, dir: "asc" | "desc", t: SortColumns = loads): SQL[] {
  const desc_ = dir === "desc";
  const indexed = (col: SQLWrapper) => (desc_ ? sql`${col} desc nulls last` : sql`${col} asc nulls first`);
  const byId = desc_ ? asc(t.id) : desc(t.id);
  switch (sort) {
    case "pickupAt":
      return [indexed(t.pickupAt), byId];
    case "deliveryAt":
      return [indexed(t.deliveryAt), byId];
    case "createdAt":
      return [indexed(t.createdAt), byId];
    case "loadNumber":
      return [desc_ ? desc(t.loadNumber) : asc(t.loadNumber)];
    case "status":
      // (status, pickup_at desc) index: within a status, the newest pickups first.
      return [desc_ ? desc(t.status) : asc(t.status), sql`${t.pickupAt} desc nulls last`, byId];
    case "totalRate":
      return [indexed(t.totalRate), byId];
  }
}

/**
 * One page of list items. The page of loads is chosen first and only its rows are joined to
 * customers and drivers, so a deep offset does not join every skipped row.
 */
export async function listLoadItems(
  db: Tx,
  cond: SQL | undefined,
  sort: Sort,
  dir: "asc" | "desc",
  limit: number,
  offset: number,
): Promise<LoadListItem[]> {
  const page = db
    .select({
      id: loads.id,
      loadNumber: loads.loadNumber,
      status: loads.status,
      customerId: loads.customerId,
      driverId: loads.driverId,
      pickupCity: loads.pickupCity,
      pickupState: loads.pickupState,
      pickupAt: loads.pickupAt,
      deliveryCity: loads.deliveryCity,
      deliveryState: loads.deliveryState,
      deliveryAt: loads.deliveryAt,
      totalRate: loads.totalRate,
      loadedMiles: loads.loadedMiles,
      postedToBoard: loads.postedToBoard,
      createdAt: loads.createdAt,
    })
    .from(loads)
    .where(cond)
    .orderBy(...listOrder(sort, dir))
    .limit(limit)
    .offset(offset)
    .as("page");
  const rows = await db
    .select({
      id: page.id,
      loadNumber: page.loadNumber,
      status: page.status,
      customerId: page.customerId,
      customerName: customers.companyName,
      driverId: page.driverId,
      driverName: drivers.fullName,
      pickupCity: page.pickupCity,
      pickupState: page.pickupState,
      pickupAt: page.pickupAt,
      deliveryCity: page.deliveryCity,
      deliveryState: page.deliveryState,
      deliveryAt: page.deliveryAt,
      totalRate: page.totalRate,
      loadedMiles: page.loadedMiles,
      postedToBoard: page.postedToBoard,
    })
    .from(page)
    .leftJoin(customers, eq(customers.id, page.customerId))
    .leftJoin(drivers, eq(drivers.id, page.driverId))
    .orderBy(...listOrder(sort, dir, page));
  return rows.map(toListItem);
}

export function toListItem(r: {
  id: string;
  loadNumber: string;
  status: LoadStatus;
  customerId: string | null;
  customerName: string | null;
  driverId: string | null;
  driverName: string | null;
  pickupCity: string;
  pickupState: string;
  pickupAt: Date;
  deliveryCity: string;
  deliveryState: string;
  deliveryAt: Date;
  totalRate: string;
  loadedMiles: number | null;
  postedToBoard: boolean;
}): LoadListItem {
  return {
    id: r.id,
    loadNumber: r.loadNumber,
    status: r.status,
    customerId: r.customerId,
    customerName: r.customerName,
    driverId: r.driverId,
    driverName: r.driverName,
    pickupCity: r.pickupCity,
    pickupState: r.pickupState,
    pickupAt: r.pickupAt.toISOString(),
    deliveryCity: r.deliveryCity,
    deliveryState: r.deliveryState,
    deliveryAt: r.deliveryAt.toISOString(),
    totalRate: r.totalRate,
    loadedMiles: r.loadedMiles,
    postedToBoard: r.postedToBoard,
  };
}

/** Counts matching loads, but stops at `cap + 1`: cheap however large the table is. */
export async function countUpTo(db: Tx, cond: SQL | undefined, cap: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${loads} where ${cond ?? sql`true`} limit ${cap + 1}) t`,
  );
  return result.rows[0].n;
}

/** The planner's row estimate for the same condition (statistics kept by ANALYZE/autovacuum). */
export async function estimateCount(db: Tx, cond: SQL | undefined): Promise<number> {
  const result = await db.execute<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
    sql`explain (format json) select 1 from ${loads} where ${cond ?? sql`true`}`,
  );
  return Math.round(result.rows[0]["QUERY PLAN"][0].Plan["Plan Rows"]);
}

// ---- One load

export async function loadHeader(db: Tx, id: string) {
  const [row] = await db
    .select({
      load: loads,
      customerName: customers.companyName,
      driverName: drivers.fullName,
      vehicleLabel: vehicles.unitNumber,
      trailerLabel: trailers.identifier,
    })
    .from(loads)
    .leftJoin(customers, eq(customers.id, loads.customerId))
    .leftJoin(drivers, eq(drivers.id, loads.driverId))
    .leftJoin(vehicles, eq(vehicles.id, loads.vehicleId))
    .leftJoin(trailers, eq(trailers.id, loads.trailerId))
    .where(eq(loads.id, id));
  return row;
}

export const stopsOf = (db: Tx, loadId: string) =>
  db.select().from(loadStops).where(eq(loadStops.loadId, loadId)).orderBy(asc(loadStops.sequence));

export const eventsOf = (db: Tx, loadId: string) =>
  db
    .select()
    .from(loadStatusEvents)
    .where(eq(loadStatusEvents.loadId, loadId))
    .orderBy(asc(loadStatusEvents.createdAt), asc(loadStatusEvents.id));

export const filesOf = (db: Tx, loadId: string) =>
  db
    .select({
      id: loadFiles.id,
      kind: loadFiles.kind,
      uploadedVia: loadFiles.uploadedVia,
      createdAt: loadFiles.createdAt,
      fileName: files.fileName,
      contentType: files.contentType,
      size: files.size,
    })
    .from(loadFiles)
    .innerJoin(files, eq(files.id, loadFiles.fileId))
    .where(eq(loadFiles.loadId, loadId))
    .orderBy(asc(loadFiles.createdAt));

/** Replaces a load's stops, keeping the order given. */
export async function writeStops(tx: Tx, loadId: string, stops: StopInput[]): Promise<void> {
  await tx.delete(loadStops).where(eq(loadStops.loadId, loadId));
  await tx.insert(loadStops).values(
    stops.map((s, i) => ({
      loadId,
      sequence: i + 1,
      type: s.type,
      locationName: s.locationName,
      address: s.address,
      city: s.city,
      state: s.state,
      postalCode: s.postalCode ?? "",
      scheduledAt: new Date(s.scheduledAt),
      contactName: s.contactName,
      contactPhone: s.contactPhone,
    })),
  );
}

export async function insertEvent(
  tx: Tx,
  e: {
    loadId: string;
    from: LoadStatus | null;
    to: LoadStatus;
    actor: { userId: string; name: string } | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.insert(loadStatusEvents).values({
    loadId: e.loadId,
    fromStatus: e.from,
    toStatus: e.to,
    actorId: e.actor?.userId ?? null,
    actorName: e.actor?.name ?? null,
    note: e.note || null,
  });
}

export async function hasDeliveryProof(tx: Tx, loadId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: loadFiles.id })
    .from(loadFiles)
    .where(and(eq(loadFiles.loadId, loadId), inArray(loadFiles.kind, ["bol", "pod"])))
    .limit(1);
  return !!row;
}

// ---- Numbers

export const formatLoadNumber = (year: number, n: number) => `LD-${year}-${String(n).padStart(5, "0")}`;

export async function loadNumberTaken(tx: Tx, loadNumber: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(and(eq(loads.loadNumber, loadNumber), exceptId ? sql`${loads.id} <> ${exceptId}` : undefined));
  return !!row;
}

/** Takes the next number from the sequence, skipping any a user already typed by hand. */
export async function takeLoadNumber(tx: Tx, year: number): Promise<string> {
  for (;;) {
    const result = await tx.execute<{ n: string }>(sql`select nextval('load_number_seq')::text as n`);
    const candidate = formatLoadNumber(year, Number(result.rows[0].n));
    if (!(await loadNumberTaken(tx, candidate))) return candidate;
  }
}

/** The number the next load would get, without using it up. */
export async function peekLoadNumber(db: Tx, year: number): Promise<string> {
  const result = await db.execute<{ last_value: string; is_called: boolean }>(
    sql`select last_value::text, is_called from load_number_seq`,
  );
  const { last_value, is_called } = result.rows[0];
  let n = Number(last_value) + (is_called ? 1 : 0);
  for (let i = 0; i < 100; i++, n++) {
    const candidate = formatLoadNumber(year, n);
    if (!(await loadNumberTaken(db, candidate))) return candidate;
  }
  return formatLoadNumber(year, n);
}

// ---- Drivers and assets

export async function findDriver(tx: Tx, id: string) {
  const [row] = await tx.select().from(drivers).where(eq(drivers.id, id));
  return row;
}

/** Labels of the driver's open asset assignment (unit number, trailer identifier). */
export async function openAssetsOf(db: Tx, driverId: string) {
  const [row] = await db
    .select({ vehicleLabel: vehicles.unitNumber, trailerLabel: trailers.identifier })
    .from(assetAssignments)
    .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
    .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
    .where(and(eq(assetAssignments.driverId, driverId), isNull(assetAssignments.endedAt)));
  return { vehicleLabel: row?.vehicleLabel ?? null, trailerLabel: row?.trailerLabel ?? null };
}

/** A staff member reaches every load; a driver only their own. */
export async function scopeFor(
  db: Tx,
  actor: { role: Role; userId: string; driverId?: string | null },
): Promise<LoadScope> {
  if (actor.role !== "driver") return { kind: "staff" };
  // The session resolves the driver record with the user; look it up only when it did not.
  return {
    kind: "driver",
    driverId: actor.driverId !== undefined ? actor.driverId : await driverIdOfUser(db, actor.userId),
  };
}
