import {
  type createRatingSchema,
  overallScore,
  RATING_EXISTS_MESSAGE,
  RATING_LOAD_MESSAGE,
  type RatableLoad,
  type Rating,
  type RatingExportQuery,
  type RatingFilter,
  type RatingListQuery,
  type RatingPage,
  type RatingSort,
  type updateRatingSchema,
} from "@shared/drivers/ratings.schema";
import { and, asc, desc, eq, gte, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { driverRatings, drivers, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { dayAfter, dayStart } from "../../platform/company-day";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { findDriverRow } from "./drivers.repo";

type CreateRating = z.output<typeof createRatingSchema>;
type UpdateRating = z.output<typeof updateRatingSchema>;

export const selectRatings = (db: Tx) =>
  db
    .select({
      rating: driverRatings,
      driverName: drivers.fullName,
      loadNumber: loads.loadNumber,
      pickupCity: loads.pickupCity,
      pickupState: loads.pickupState,
      deliveryCity: loads.deliveryCity,
      deliveryState: loads.deliveryState,
      deliveredAt: loads.deliveredAt,
    })
    .from(driverRatings)
    .innerJoin(drivers, eq(drivers.id, driverRatings.driverId))
    .innerJoin(loads, eq(loads.id, driverRatings.loadId));
type RatingRow = Awaited<ReturnType<typeof selectRatings>>[number];

export const toRating = (r: RatingRow): Rating => ({
  id: r.rating.id,
  driverId: r.rating.driverId,
  driverName: r.driverName,
  loadId: r.rating.loadId,
  loadNumber: r.loadNumber,
  pickupCity: r.pickupCity,
  pickupState: r.pickupState,
  deliveryCity: r.deliveryCity,
  deliveryState: r.deliveryState,
  deliveredAt: r.deliveredAt?.toISOString() ?? null,
  punctuality: r.rating.punctuality,
  communication: r.rating.communication,
  safety: r.rating.safety,
  equipmentCare: r.rating.equipmentCare,
  overall: r.rating.overall,
  comment: r.rating.comment,
  ratedByName: r.rating.ratedByName,
  createdAt: r.rating.createdAt.toISOString(),
  updatedAt: r.rating.updatedAt.toISOString(),
});

/** Reviews: by driver, period (the rating's date, both ends included), score and text. */
export function ratingCondition(filter: Omit<RatingFilter, "sort" | "dir">): SQL | undefined {
  const where: Array<SQL | undefined> = [];
  if (filter.driverId) where.push(eq(driverRatings.driverId, filter.driverId));
  // Days of UTC, counted by PostgreSQL (the day after 9999-12-31 is a year JavaScript writes and PostgreSQL cannot read).
  if (filter.from) where.push(gte(driverRatings.createdAt, dayStart(filter.from, "UTC")));
  if (filter.to) where.push(lt(driverRatings.createdAt, dayAfter(filter.to, "UTC")));
  if (filter.minScore) where.push(gte(driverRatings.overall, String(filter.minScore)));
  if (filter.maxScore) where.push(lte(driverRatings.overall, String(filter.maxScore)));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        sql`${driverRatings.comment} ilike ${p}`,
        sql`${loads.loadNumber} ilike ${p}`,
        sql`${drivers.fullName} ilike ${p}`,
      ),
    );
  }
  const parts = where.filter((w): w is SQL => !!w);
  return parts.length ? and(...parts) : undefined;
}

export function ratingOrder(sort: RatingSort, dir: "asc" | "desc"): SQL[] {
  const d = <T extends Parameters<typeof asc>[0]>(col: T) => (dir === "asc" ? asc(col) : desc(col));
  switch (sort) {
    case "createdAt":
      return [d(driverRatings.createdAt), asc(driverRatings.id)];
    case "overall":
      return [d(driverRatings.overall), desc(driverRatings.createdAt), asc(driverRatings.id)];
    case "driverName":
      return [d(drivers.fullName), desc(driverRatings.createdAt), asc(driverRatings.id)];
  }
}

/** The driver's cached average and count, recomputed from their ratings (same transaction). */
async function refreshDriverRating(tx: Tx, driverId: string): Promise<void> {
  await tx.execute(sql`
    update ${drivers} set
      rating_average = (select round(avg(overall), 2) from ${driverRatings} where driver_id = ${driverId}),
      rating_count = (select count(*) from ${driverRatings} where driver_id = ${driverId}),
      updated_at = now()
    where id = ${driverId}`);
}

function isDuplicateRating(err: unknown): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === "driver_ratings_load_id_unique") return true;
    e = e.cause as typeof e;
  }
  return false;
}

const scores = (input: UpdateRating) => ({
  punctuality: input.punctuality,
  communication: input.communication,
  safety: input.safety,
  equipmentCare: input.equipmentCare,
  overall: overallScore(input),
  comment: input.comment,
});

export function createRatingsService(deps: Deps) {
  const { db } = deps;

  async function one(tx: Tx, id: string): Promise<Rating> {
    const [row] = await selectRatings(tx).where(eq(driverRatings.id, id));
    if (!row) throw notFound("The rating");
    return toRating(row);
  }

  return {
    async list(query: RatingListQuery): Promise<RatingPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = ratingCondition(filter);
      const rows = await selectRatings(db)
        .where(cond)
        .orderBy(...ratingOrder(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(driverRatings)
        .innerJoin(drivers, eq(drivers.id, driverRatings.driverId))
        .innerJoin(loads, eq(loads.id, driverRatings.loadId))
        .where(cond);
      return toPage(rows.map(toRating), n, { page, pageSize });
    },

    get: (id: string) => one(db, id),

    /** The filtered reviews as CSV or Excel. */
    async export(query: RatingExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const cond = ratingCondition(filter);
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(driverRatings)
        .innerJoin(drivers, eq(drivers.id, driverRatings.driverId))
        .innerJoin(loads, eq(loads.id, driverRatings.loadId))
        .where(cond);
      ensureExportFits(n, "ratings");
      const rows = (
        await selectRatings(db)
          .where(cond)
          .orderBy(...ratingOrder(sort, dir))
          .limit(EXPORT_MAX_ROWS)
      ).map(toRating);
      const date = (v: string | null) => (v ? v.slice(0, 16).replace("T", " ") : null);
      const columns: Column<Rating>[] = [
        { header: "Rated (UTC)", value: (r) => date(r.createdAt), width: 17 },
        { header: "Driver", value: (r) => r.driverName, width: 24 },
        { header: "Load number", value: (r) => r.loadNumber, width: 16 },
        { header: "From", value: (r) => `${r.pickupCity}, ${r.pickupState}`, width: 20 },
        { header: "To", value: (r) => `${r.deliveryCity}, ${r.deliveryState}`, width: 20 },
        { header: "Delivered (UTC)", value: (r) => date(r.deliveredAt), width: 17 },
        { header: "Overall", value: (r) => Number(r.overall), width: 8 },
        { header: "Punctuality", value: (r) => r.punctuality, width: 10 },
        { header: "Communication", value: (r) => r.communication, width: 10 },
        { header: "Safety", value: (r) => r.safety, width: 10 },
        { header: "Care of equipment", value: (r) => r.equipmentCare, width: 10 },
        { header: "Comment", value: (r) => r.comment, width: 50 },
        { header: "Rated by", value: (r) => r.ratedByName, width: 20 },
      ];
      return sheetFile(rows, columns, format, { file: "driver-reviews", sheet: "Reviews" });
    },

    /** The driver's completed loads without a rating yet, latest delivery first. */
    async ratableLoads(driverId: string): Promise<RatableLoad[]> {
      if (!(await findDriverRow(db, driverId))) throw notFound("The driver");
      const rows = await db
        .select({
          id: loads.id,
          loadNumber: loads.loadNumber,
          pickupCity: loads.pickupCity,
          pickupState: loads.pickupState,
          deliveryCity: loads.deliveryCity,
          deliveryState: loads.deliveryState,
          deliveryAt: loads.deliveryAt,
          deliveredAt: loads.deliveredAt,
        })
        .from(loads)
        .leftJoin(driverRatings, eq(driverRatings.loadId, loads.id))
        .where(and(eq(loads.driverId, driverId), eq(loads.status, "completed"), isNull(driverRatings.id)))
        .orderBy(sql`${loads.deliveredAt} desc nulls last`, desc(loads.deliveryAt))
        .limit(100);
      return rows.map((r) => ({
        ...r,
        deliveryAt: r.deliveryAt.toISOString(),
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
      }));
    },

    /**
     * Rates the driver on one of their completed loads: 400 on another driver's or an unfinished
     * load, 409 RATING_EXISTS when the load already has its rating.
     */
    async create(actor: Actor, driverId: string, input: CreateRating): Promise<Rating> {
      try {
        const id = await db.transaction(async (tx) => {
          const driver = await findDriverRow(tx, driverId);
          if (!driver) throw notFound("The driver");
          const [load] = await tx
            .select({
              id: loads.id,
              driverId: loads.driverId,
              status: loads.status,
              number: loads.loadNumber,
            })
            .from(loads)
            .where(eq(loads.id, input.loadId))
            .for("update");
          if (!load || load.driverId !== driverId || load.status !== "completed") {
            throw badRequest(RATING_LOAD_MESSAGE, { fields: { loadId: RATING_LOAD_MESSAGE } });
          }
          const [existing] = await tx
            .select({ id: driverRatings.id })
            .from(driverRatings)
            .where(eq(driverRatings.loadId, load.id));
          if (existing) throw ratingExists();
          const [row] = await tx
            .insert(driverRatings)
            .values({
              driverId,
              loadId: load.id,
              ...scores(input),
              ratedBy: actor.userId,
              ratedByName: actor.name,
            })
            .returning({ id: driverRatings.id, overall: driverRatings.overall });
          await refreshDriverRating(tx, driverId);
          await recordAudit(tx, actor, {
            action: "driver.rated",
            targetType: "driver",
            targetId: driverId,
            targetLabel: driver.fullName,
            details: { loadId: load.id, loadNumber: load.number, overall: row.overall },
          });
          return row.id;
        });
        return one(db, id);
      } catch (err) {
        if (isDuplicateRating(err)) throw ratingExists();
        throw err;
      }
    },

    async update(actor: Actor, id: string, input: UpdateRating): Promise<Rating> {
      await db.transaction(async (tx) => {
        const [rating] = await tx.select().from(driverRatings).where(eq(driverRatings.id, id)).for("update");
        if (!rating) throw notFound("The rating");
        await tx.update(driverRatings).set(scores(input)).where(eq(driverRatings.id, id));
        await refreshDriverRating(tx, rating.driverId);
        await recordAudit(tx, actor, {
          action: "driver.rating_updated",
          targetType: "driver",
          targetId: rating.driverId,
          details: { ratingId: id, loadId: rating.loadId, from: rating.overall, to: overallScore(input) },
        });
      });
      return one(db, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [rating] = await tx.select().from(driverRatings).where(eq(driverRatings.id, id)).for("update");
        if (!rating) throw notFound("The rating");
        await tx.delete(driverRatings).where(eq(driverRatings.id, id));
        await refreshDriverRating(tx, rating.driverId);
        await recordAudit(tx, actor, {
          action: "driver.rating_deleted",
          targetType: "driver",
          targetId: rating.driverId,
          details: { ratingId: id, loadId: rating.loadId, overall: rating.overall },
        });
      });
    },
  };
}

const ratingExists = () =>
  conflict(RATING_EXISTS_MESSAGE, "RATING_EXISTS", { fields: { loadId: RATING_EXISTS_MESSAGE } });
