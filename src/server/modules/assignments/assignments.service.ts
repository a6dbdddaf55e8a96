import type {
  Assignment,
  assignAssetsSchema,
  assignmentFilterSchema,
} from "@shared/assignments/assignments.schema";
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { assetAssignments, drivers, trailers, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound, uniqueViolation } from "../../http/errors";
import { likePattern, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { selectAssignments, toDto } from "./assignment-rows";

export const RACE_MESSAGE =
  "Someone else changed these assignments at the same moment. Reload and try again.";

export function createAssignmentsService(deps: Deps) {
  const { db } = deps;

  async function dto(tx: Tx, id: string) {
    const [row] = await selectAssignments(tx).where(eq(assetAssignments.id, id));
    return toDto(row);
  }

  /** The open assignment holding an asset, locked, with the driver's name. */
  async function holderOf(tx: Tx, column: "vehicleId" | "trailerId", assetId: string) {
    const [row] = await tx
      .select({ id: assetAssignments.id, driverId: assetAssignments.driverId, driverName: drivers.fullName })
      .from(assetAssignments)
      .innerJoin(drivers, eq(drivers.id, assetAssignments.driverId))
      .where(and(eq(assetAssignments[column], assetId), isNull(assetAssignments.endedAt)))
      .for("update", { of: [assetAssignments] });
    return row ?? null;
  }

  return {
    async list(filter: z.infer<typeof assignmentFilterSchema>, page: PageQuery) {
      const where: SQL[] = [];
      if (filter.state === "current") where.push(isNull(assetAssignments.endedAt));
      if (filter.state === "past") where.push(isNotNull(assetAssignments.endedAt));
      if (filter.driverId) where.push(eq(assetAssignments.driverId, filter.driverId));
      if (filter.q) {
        const p = likePattern(filter.q);
        where.push(
          or(
            ilike(drivers.fullName, p),
            ilike(vehicles.unitNumber, p),
            ilike(vehicles.plateNumber, p),
            ilike(trailers.identifier, p),
            ilike(assetAssignments.notes, p),
          )!,
        );
      }
      const cond = where.length ? and(...where) : undefined;
      const [{ total }] = await db
        .select({ total: count() })
        .from(assetAssignments)
        .innerJoin(drivers, eq(drivers.id, assetAssignments.driverId))
        .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
        .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
        .where(cond);
      const rows = await selectAssignments(db)
        .where(cond)
        .orderBy(
          // Current first, then the most recently ended; newest start within each.
          sql`${assetAssignments.endedAt} desc nulls first`,
          desc(assetAssignments.startedAt),
          desc(assetAssignments.id),
        )
        .limit(page.pageSize)
        .offset(offsetOf(page));
      return toPage(rows.map(toDto), total, page);
    },

    /**
     * Gives a driver a vehicle and/or trailer: the driver's open assignment ends and the new one
     * starts, in one transaction. An asset held by another driver is a 409 naming that driver;
     * the partial unique indexes catch a race the check could miss.
     */
    async assign(actor: Actor, input: z.infer<typeof assignAssetsSchema>): Promise<Assignment> {
      try {
        return await db.transaction(async (tx) => {
          const [driver] = await tx
            .select({ id: drivers.id, fullName: drivers.fullName })
            .from(drivers)
            .where(eq(drivers.id, input.driverId))
            .for("update");
          if (!driver) throw notFound("The driver");

          if (input.vehicleId) {
            const [vehicle] = await tx
              .select({ unitNumber: vehicles.unitNumber })
              .from(vehicles)
              .where(eq(vehicles.id, input.vehicleId));
            if (!vehicle) {
              throw badRequest("That vehicle no longer exists.", {
                fields: { vehicleId: "That vehicle no longer exists." },
              });
            }
            const holder = await holderOf(tx, "vehicleId", input.vehicleId);
            if (holder && holder.driverId !== driver.id) {
              const message = `Truck ${vehicle.unitNumber} is assigned to ${holder.driverName}. End that assignment first.`;
              throw conflict(message, "ASSET_ASSIGNED", {
                fields: { vehicleId: message },
                assignmentId: holder.id,
                assetKind: "vehicle",
                assetLabel: vehicle.unitNumber,
                holderName: holder.driverName,
              });
            }
          }
          if (input.trailerId) {
            const [trailer] = await tx
              .select({ identifier: trailers.identifier })
              .from(trailers)
              .where(eq(trailers.id, input.trailerId));
            if (!trailer) {
              throw badRequest("That trailer no longer exists.", {
                fields: { trailerId: "That trailer no longer exists." },
              });
            }
            const holder = await holderOf(tx, "trailerId", input.trailerId);
            if (holder && holder.driverId !== driver.id) {
              const message = `Trailer ${trailer.identifier} is assigned to ${holder.driverName}. End that assignment first.`;
              throw conflict(message, "ASSET_ASSIGNED", {
                fields: { trailerId: message },
                assignmentId: holder.id,
                assetKind: "trailer",
                assetLabel: trailer.identifier,
                holderName: holder.driverName,
              });
            }
          }

          const now = new Date();
          await tx
            .update(assetAssignments)
            .set({ endedAt: now })
            .where(and(eq(assetAssignments.driverId, driver.id), isNull(assetAssignments.endedAt)));
          const [created] = await tx
            .insert(assetAssignments)
            .values({
              driverId: driver.id,
              vehicleId: input.vehicleId ?? null,
              trailerId: input.trailerId ?? null,
              startedAt: now,
              notes: input.notes,
              createdBy: actor.userId,
            })
            .returning({ id: assetAssignments.id });
          return dto(tx, created.id);
        });
      } catch (err) {
        if (uniqueViolation(err) !== null) throw conflict(RACE_MESSAGE, "ASSET_ASSIGNED");
        throw err;
      }
    },

    async end(_actor: Actor, id: string): Promise<Assignment> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ endedAt: assetAssignments.endedAt })
          .from(assetAssignments)
          .where(eq(assetAssignments.id, id))
          .for("update");
        if (!row) throw notFound("The assignment");
        if (row.endedAt) throw conflict("This assignment has already ended.", "ASSIGNMENT_ENDED");
        await tx.update(assetAssignments).set({ endedAt: new Date() }).where(eq(assetAssignments.id, id));
        return dto(tx, id);
      });
    },
  };
}
