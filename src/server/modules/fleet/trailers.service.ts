import type { TrailerType } from "@shared/fleet/fleet.schema";
import {
  TRAILER_INSPECTION_WARNING_DAYS,
  type TrailerDetail,
  type TrailerFilter,
  type TrailerListItem,
  type TrailerPage,
  type trailerFormSchema,
} from "@shared/fleet/trailers.schema";
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { builtOnce, type Tx } from "../../db/client";
import { assetAssignments, drivers, trailers } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { likePattern, offsetOf, type PageQuery } from "../../http/pagination";
import { type AssetScope, holds, ownedBy, scopeWithAssets } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { assetDetailColumns } from "./asset-detail";
import { assetDetailOf, changedColumns, removeAsset, withUniqueErrors } from "./asset-kinds";
import { DUPLICATE_TRAILER_ID } from "./fleet.service";
import { dbToday } from "./fleet-common";

export type TrailerIn = z.output<typeof trailerFormSchema>;

export const DUPLICATE_TRAILER_VIN = "Another trailer already has this VIN.";

const openAssignment = and(eq(assetAssignments.trailerId, trailers.id), isNull(assetAssignments.endedAt));
const openItems = sql<number>`(
  select count(*) from maintenance_records o where o.trailer_id = ${trailers.id} and o.status = 'open'
)`.mapWith(Number);

const selectTrailers = <E extends Record<string, SQL> = Record<never, never>>(tx: Tx, extra?: E) =>
  tx
    .select({
      ...(extra as E),
      id: trailers.id,
      identifier: trailers.identifier,
      type: trailers.type,
      size: trailers.size,
      vin: trailers.vin,
      plateNumber: trailers.plateNumber,
      plateState: trailers.plateState,
      year: trailers.year,
      lastInspectionOn: trailers.lastInspectionOn,
      nextInspectionOn: trailers.nextInspectionOn,
      status: trailers.status,
      notes: trailers.notes,
      openItems,
      assignedDriverId: drivers.id,
      assignedDriverName: drivers.fullName,
      assignedSince: assetAssignments.startedAt,
      createdAt: trailers.createdAt,
      updatedAt: trailers.updatedAt,
    })
    .from(trailers)
    .leftJoin(assetAssignments, openAssignment)
    .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId));
type Row = Awaited<ReturnType<typeof selectTrailers>>[number];
/** One statement: the row with its documents and latest maintenance; built once (decision 036). */
const trailerDetail = builtOnce("trailer_detail", (tx) =>
  selectTrailers(tx, assetDetailColumns("trailer_id", trailers.id)).where(
    eq(trailers.id, sql.placeholder("id")),
  ),
);

const toListItem = (r: Row): TrailerListItem => ({
  id: r.id,
  identifier: r.identifier,
  type: r.type as TrailerType,
  size: r.size,
  vin: r.vin,
  plateNumber: r.plateNumber,
  plateState: r.plateState,
  year: r.year,
  lastInspectionOn: r.lastInspectionOn,
  nextInspectionOn: r.nextInspectionOn,
  status: r.status,
  openItems: r.openItems,
  assignedDriverId: r.assignedDriverId,
  assignedDriverName: r.assignedDriverName,
});

/** A driver reaches only the trailer they hold now; without one, nothing. */
export function trailerScopeCondition(scope: AssetScope): SQL | undefined {
  return ownedBy(scope, { trailer: trailers.id });
}

export function trailerListCondition(filter: Omit<TrailerFilter, "sort" | "dir">, scope: AssetScope) {
  const conds: Array<SQL | undefined> = [trailerScopeCondition(scope)];
  if (filter.q) {
    const p = likePattern(filter.q);
    conds.push(
      or(
        ilike(trailers.identifier, p),
        ilike(trailers.vin, p),
        ilike(trailers.plateNumber, p),
        ilike(trailers.size, p),
        ilike(drivers.fullName, p),
      ),
    );
  }
  if (filter.type) conds.push(eq(trailers.type, filter.type));
  if (filter.status) conds.push(eq(trailers.status, filter.status));
  if (filter.inspection === "due") {
    conds.push(sql`${trailers.nextInspectionOn} <= current_date + ${TRAILER_INSPECTION_WARNING_DAYS}::int`);
  }
  if (filter.assigned === "yes") conds.push(isNotNull(assetAssignments.id));
  if (filter.assigned === "no") conds.push(isNull(assetAssignments.id));
  return and(...conds);
}

export function trailerOrder(sort: TrailerFilter["sort"], dir: TrailerFilter["dir"]): SQL[] {
  const d = dir === "desc" ? desc : asc;
  const by = (expr: SQL) => sql`${expr} ${sql.raw(dir)} nulls last`;
  const tie = [asc(sql`lower(${trailers.identifier})`), asc(trailers.id)];
  switch (sort) {
    case "type":
      return [d(trailers.type), ...tie];
    case "size":
      return [d(sql`lower(${trailers.size})`), ...tie];
    case "lastInspectionOn":
      return [by(sql`${trailers.lastInspectionOn}`), ...tie];
    case "nextInspectionOn":
      return [by(sql`${trailers.nextInspectionOn}`), ...tie];
    case "status":
      return [d(trailers.status), ...tie];
    case "driver":
      return [by(sql`lower(${drivers.fullName})`), ...tie];
    default:
      return [d(sql`lower(${trailers.identifier})`), asc(trailers.id)];
  }
}

export function listTrailerRows(tx: Tx, cond: SQL | undefined, filter: Pick<TrailerFilter, "sort" | "dir">) {
  return selectTrailers(tx)
    .where(cond)
    .orderBy(...trailerOrder(filter.sort, filter.dir));
}

function duplicate(field: "identifier" | "vin") {
  const message = field === "vin" ? DUPLICATE_TRAILER_VIN : DUPLICATE_TRAILER_ID;
  return conflict(message, field === "vin" ? "DUPLICATE_VIN" : "DUPLICATE_TRAILER_ID", {
    fields: { [field]: message },
  });
}

export function createTrailersService(deps: Deps) {
  const { db } = deps;

  async function checkUnique(tx: Tx, input: { identifier: string; vin: string | null }, id?: string) {
    const [taken] = await tx
      .select({ identifier: trailers.identifier })
      .from(trailers)
      .where(
        and(
          id ? ne(trailers.id, id) : undefined,
          or(
            sql`lower(${trailers.identifier}) = lower(${input.identifier})`,
            input.vin ? sql`upper(${trailers.vin}) = upper(${input.vin})` : undefined,
          ),
        ),
      )
      .limit(1);
    if (!taken) return;
    throw duplicate(taken.identifier.toLowerCase() === input.identifier.toLowerCase() ? "identifier" : "vin");
  }

  const unique = <T>(fn: () => Promise<T>) =>
    withUniqueErrors(fn, (constraint) => duplicate(constraint.includes("vin") ? "vin" : "identifier"));

  const columnsOf = (input: TrailerIn) => ({
    identifier: input.identifier,
    type: input.type,
    size: input.size,
    vin: input.vin,
    plateNumber: input.plateNumber.toUpperCase(),
    plateState: input.plateState.toUpperCase(),
    year: input.year,
    lastInspectionOn: input.lastInspectionOn,
    nextInspectionOn: input.nextInspectionOn,
    status: input.status,
    notes: input.notes,
  });

  const service = {
    async list(actor: Actor, query: TrailerFilter & PageQuery): Promise<TrailerPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const scope = await scopeWithAssets(db, actor);
      const cond = trailerListCondition(filter, scope);
      const [rows, [{ n }], today] = await Promise.all([
        listTrailerRows(db, cond, { sort, dir }).limit(pageSize).offset(offsetOf({ page, pageSize })),
        db
          .select({ n: count() })
          .from(trailers)
          .leftJoin(assetAssignments, openAssignment)
          .leftJoin(drivers, eq(drivers.id, assetAssignments.driverId))
          .where(cond),
        dbToday(db),
      ]);
      return { items: rows.map(toListItem), total: n, page, pageSize, today };
    },

    async get(actor: Actor, id: string): Promise<TrailerDetail> {
      const scope = await scopeWithAssets(db, actor);
      // A driver opens only their assigned trailer (trailerScopeCondition); anything else is 404.
      const [row] = holds(scope, { kind: "trailer", id }) ? await trailerDetail(db).execute({ id }) : [];
      if (!row) throw notFound("The trailer");
      return { ...toListItem(row), ...assetDetailOf(actor, row) };
    },

    async create(actor: Actor, input: TrailerIn): Promise<TrailerDetail> {
      const id = await unique(() =>
        db.transaction(async (tx) => {
          await checkUnique(tx, input);
          const [row] = await tx.insert(trailers).values(columnsOf(input)).returning({ id: trailers.id });
          await recordAudit(tx, actor, {
            action: "trailer.created",
            targetType: "trailer",
            targetId: row.id,
            targetLabel: input.identifier,
          });
          return row.id;
        }),
      );
      return service.get(actor, id);
    },

    async update(actor: Actor, id: string, input: TrailerIn): Promise<TrailerDetail> {
      await unique(() =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(trailers).where(eq(trailers.id, id)).for("update");
          if (!current) throw notFound("The trailer");
          await checkUnique(tx, input, id);
          const next = columnsOf(input);
          await tx.update(trailers).set(next).where(eq(trailers.id, id));
          const changed = changedColumns(current, next);
          await recordAudit(tx, actor, {
            action: "trailer.updated",
            targetType: "trailer",
            targetId: id,
            targetLabel: input.identifier,
            details: { changed },
          });
        }),
      );
      return service.get(actor, id);
    },

    /** Only a trailer without history goes; anything else is set inactive (409 TRAILER_HAS_HISTORY). */
    remove: (actor: Actor, id: string) => removeAsset(deps, actor, "trailer", id),
  };
  return service;
}
