import type { Location, LocationListQuery, LocationPage } from "@shared/locations/locations.schema";
import { DUPLICATE_LOCATION_MESSAGE, type locationInputSchema } from "@shared/locations/locations.schema";
import { and, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { customers, locations } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { placeAddress, sameAddress } from "../../platform/geo/place-rows";
import { listLocations } from "./locations.repo";

type Input = z.output<typeof locationInputSchema>;

const duplicate = () =>
  conflict(DUPLICATE_LOCATION_MESSAGE, "DUPLICATE_LOCATION", {
    fields: { name: DUPLICATE_LOCATION_MESSAGE },
  });

/** The address book: any dispatcher reads and writes it; drivers and customers never reach it. */
export function createLocationsService(deps: Deps) {
  const { db } = deps;

  async function check(tx: Tx, input: Input, id?: string) {
    if (input.customerId) {
      const [c] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, input.customerId));
      if (!c)
        throw badRequest("Please correct the highlighted fields.", {
          fields: { customerId: "Choose an existing customer." },
        });
    }
    const [same] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(
        and(
          sql`lower(${locations.name}) = lower(${input.name})`,
          sql`lower(${locations.address}) = lower(${input.address})`,
          sql`lower(${locations.city}) = lower(${input.city})`,
          id ? ne(locations.id, id) : undefined,
        ),
      );
    if (same) throw duplicate();
  }
  const columns = (input: Input) => ({ ...input, customerId: input.customerId ?? null });

  async function one(id: string): Promise<Location> {
    const { items } = await listLocations(db, { id, page: 1, pageSize: 10 });
    if (!items[0]) throw notFound("The location");
    return items[0];
  }

  return {
    async list(query: LocationListQuery): Promise<LocationPage> {
      const { items, total } = await listLocations(db, query);
      return toPage(items, total, query);
    },

    async create(actor: Actor, input: Input): Promise<Location> {
      const id = await db.transaction(async (tx) => {
        await check(tx, input);
        const [row] = await tx
          .insert(locations)
          .values({ ...columns(input), ...(await placeAddress(tx, input)), createdBy: actor.userId })
          .returning({ id: locations.id });
        await recordAudit(tx, actor, {
          action: "location.created",
          targetType: "location",
          targetId: row.id,
          targetLabel: input.name,
        });
        return row.id;
      });
      return one(id);
    },

    async update(actor: Actor, id: string, input: Input): Promise<Location> {
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(locations).where(eq(locations.id, id)).for("update");
        if (!row) throw notFound("The location");
        await check(tx, input, id);
        // A new address is placed again; the same one keeps its point (perhaps a provider's).
        const place = sameAddress(row, input) ? {} : await placeAddress(tx, input);
        await tx
          .update(locations)
          .set({ ...columns(input), ...place })
          .where(eq(locations.id, id));
        await recordAudit(tx, actor, {
          action: "location.updated",
          targetType: "location",
          targetId: id,
          targetLabel: input.name,
        });
      });
      return one(id);
    },

    /** Stops picked from it keep their address (they are copies); only the link goes. */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(locations).where(eq(locations.id, id)).returning();
        if (!row) throw notFound("The location");
        await recordAudit(tx, actor, {
          action: "location.deleted",
          targetType: "location",
          targetId: id,
          targetLabel: row.name,
        });
      });
    },
  };
}
