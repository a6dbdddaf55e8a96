import { canOpen, routePath } from "@shared/access";
import { SEARCH_PER_KIND, type SearchAnswer, type SearchResult } from "@shared/search/search.schema";
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { likePattern } from "../../http/pagination";

/**
 * Records found by name for the command palette (and the assistant's search tool): only the kinds
 * whose page the caller's role may open, and a driver only their own loads. Each kind is one indexed
 * query (trigram or unique indexes), at most SEARCH_PER_KIND rows.
 */
export function createSearchService({ db }: Deps) {
  return {
    async search(actor: Actor, q: string): Promise<SearchAnswer> {
      const like = likePattern(q);
      const items: SearchResult[] = [];
      const role = actor.role;
      if (canOpen(role, "loadDetail") && (role !== "driver" || actor.driverId)) {
        const mine = role === "driver" ? sql`and l.driver_id = ${actor.driverId}` : sql``;
        const { rows } = await db.execute<{
          id: string;
          load_number: string;
          route: string;
          status: string;
        }>(sql`
          select l.id, l.load_number, l.pickup_city || ', ' || l.pickup_state || ' → ' || l.delivery_city || ', ' || l.delivery_state as route,
            l.status from loads l
          where (l.load_number ilike ${like} or (l.load_number || ' ' || l.pickup_city || ' ' || l.delivery_city) ilike ${like}) ${mine}
          order by l.pickup_at desc limit ${SEARCH_PER_KIND}`);
        for (const r of rows)
          items.push({
            kind: "load",
            id: r.id,
            label: r.load_number,
            detail: r.route,
            path: routePath("loadDetail", { loadId: r.id }),
          });
      }
      if (canOpen(role, "driverDetail")) {
        const { rows } = await db.execute<{ id: string; full_name: string; phone: string | null }>(sql`
          select id, full_name, phone from drivers
          where (full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(license_number, '')) ilike ${like}
          order by active desc, full_name limit ${SEARCH_PER_KIND}`);
        for (const r of rows)
          items.push({
            kind: "driver",
            id: r.id,
            label: r.full_name,
            detail: r.phone ?? "",
            path: routePath("driverDetail", { driverId: r.id }),
          });
      }
      if (canOpen(role, "customerDetail")) {
        const { rows } = await db.execute<{ id: string; company_name: string; name: string }>(sql`
          select id, company_name, name from customers
          where (company_name || ' ' || name || ' ' || coalesce(email, '')) ilike ${like}
          order by company_name limit ${SEARCH_PER_KIND}`);
        for (const r of rows)
          items.push({
            kind: "customer",
            id: r.id,
            label: r.company_name,
            detail: r.name,
            path: routePath("customerDetail", { customerId: r.id }),
          });
      }
      // A driver reaches their assigned units from their dashboard; the fleet's list is the office's.
      if (canOpen(role, "vehicleDetail") && role !== "driver") {
        const { rows } = await db.execute<{ id: string; unit_number: string; detail: string }>(sql`
          select id, unit_number, trim(coalesce(year::text, '') || ' ' || make || ' ' || model) as detail from vehicles
          where (unit_number || ' ' || make || ' ' || model || ' ' || plate_number) ilike ${like}
          order by unit_number limit ${SEARCH_PER_KIND}`);
        for (const r of rows)
          items.push({
            kind: "vehicle",
            id: r.id,
            label: r.unit_number,
            detail: r.detail,
            path: routePath("vehicleDetail", { vehicleId: r.id }),
          });
        const { rows: trailers } = await db.execute<{ id: string; identifier: string; detail: string }>(sql`
          select id, identifier, trim(type || ' ' || size) as detail from trailers
          where (identifier || ' ' || plate_number) ilike ${like}
          order by identifier limit ${SEARCH_PER_KIND}`);
        for (const r of trailers)
          items.push({
            kind: "trailer",
            id: r.id,
            label: r.identifier,
            detail: r.detail,
            path: routePath("trailerDetail", { trailerId: r.id }),
          });
      }
      return { items };
    },
  };
}
