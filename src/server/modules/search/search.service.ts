import { canOpen, routePath } from "@shared/access";
import {
  SEARCH_PER_KIND,
  type SearchAnswer,
  type SearchKind,
  type SearchResult,
} from "@shared/search/search.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { likePattern } from "../../http/pagination";
import { ownedBy, scopeOf } from "../../http/scope";
import { loadNumberParts } from "../loads/loads.repo";

type Row = { id: string; label: string; detail: string | null };

/** Each kind's page, from its id. */
const PAGE: Record<SearchKind, (id: string) => string> = {
  load: (loadId) => routePath("loadDetail", { loadId }),
  driver: (driverId) => routePath("driverDetail", { driverId }),
  customer: (customerId) => routePath("customerDetail", { customerId }),
  vehicle: (vehicleId) => routePath("vehicleDetail", { vehicleId }),
  trailer: (trailerId) => routePath("trailerDetail", { trailerId }),
  // The company's papers have no page of their own: the document centre opens filtered to it.
  document: () => routePath("documents"),
};

/** How many of the newest loads the search reads first (above). */
const RECENT_LOADS = 2000;

/**
 * Records found by name for the command palette (and the assistant's search tool): only the kinds
 * whose page the caller's role may open, and a driver only their own loads. Each kind is one query
 * selecting id, label and detail, at most SEARCH_PER_KIND rows.
 */
export function createSearchService({ db }: Pick<Deps, "db">, options: { recentLoads?: number } = {}) {
  const recentLoads = options.recentLoads ?? RECENT_LOADS;
  return {
    async search(actor: Actor, q: string): Promise<SearchAnswer> {
      const like = likePattern(q);
      const scope = scopeOf(actor);
      const queries: Array<[SearchKind, SQL]> = [];
      const items: SearchResult[] = [];
      const add = (kind: SearchKind, rows: Row[]) => {
        for (const r of rows)
          items.push({
            kind,
            id: r.id,
            label: r.label,
            detail: r.detail ?? "",
            path:
              kind === "document"
                ? `${PAGE.document(r.id)}?q=${encodeURIComponent(r.label)}`
                : PAGE[kind](r.id),
          });
      };
      if (canOpen(actor, "loadDetail")) {
        const mine = ownedBy(scope, { driver: sql`driver_id`, customer: sql`customer_id` }) ?? sql`true`;
        const columns = sql`id, load_number as label,
          pickup_city || ', ' || pickup_state || ' → ' || delivery_city || ', ' || delivery_state as detail`;
        const matches = sql`(load_number || ' ' || pickup_city || ' ' || delivery_city) ilike ${like}`;
        // At a million loads a common word ("chicago", "LD-2025") matches hundreds of thousands, and
        // sorting them all for the newest few was the cost (issue 42). The newest RECENT_LOADS are
        // read first, newest first on the pickup index: when enough of them match they are the answer
        // (every other match is older); otherwise the whole table is searched, as before. `nulls last`
        // as the pickup index is built (the column is never null: the same order, and the index's).
        const recent = await db.execute<Row>(sql`
          select ${columns} from (
            select id, load_number, pickup_city, pickup_state, delivery_city, delivery_state, pickup_at
            from loads where ${mine} order by pickup_at desc nulls last limit ${recentLoads}
          ) recent where ${matches} order by pickup_at desc nulls last limit ${SEARCH_PER_KIND}`);
        if (recent.rows.length === SEARCH_PER_KIND) add("load", recent.rows);
        else if (scope.kind === "staff" && loadNumberParts(q)) {
          // A load number or its start ("LD-2025": a quarter of a million loads, none recent): the
          // whole expression's index reads for half a second and every match is sorted. The same
          // matches in three parts (`loadNumberParts`), each read newest first on its own index:
          // the newest five of each part hold the newest five of all.
          const newest = (where: SQL) =>
            sql`(select id from loads where ${where} order by pickup_at desc nulls last limit ${SEARCH_PER_KIND})`;
          const { rows } = await db.execute<Row>(sql`
            select ${columns} from loads where id in (
              ${sql.join(loadNumberParts(q)!.map(newest), sql` union all `)}
            ) order by pickup_at desc nulls last limit ${SEARCH_PER_KIND}`);
          add("load", rows);
        }
        // Loads come first: found here, or the first of the searches below.
        else
          queries.push([
            "load",
            sql`select ${columns} from loads where ${matches} and ${mine} order by pickup_at desc nulls last`,
          ]);
      }
      if (canOpen(actor, "driverDetail"))
        queries.push([
          "driver",
          sql`select id, full_name as label, phone as detail from drivers
            where (full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(license_number, '')) ilike ${like}
            order by active desc, full_name`,
        ]);
      if (canOpen(actor, "customerDetail"))
        queries.push([
          "customer",
          sql`select id, company_name as label, name as detail from customers
            where (company_name || ' ' || name || ' ' || coalesce(email, '')) ilike ${like} order by company_name`,
        ]);
      // A driver reaches their assigned units from their dashboard; the fleet's lists are the office's.
      if (canOpen(actor, "vehicleDetail") && scope.kind !== "driver")
        queries.push(
          [
            "vehicle",
            sql`select id, unit_number as label, trim(coalesce(year::text, '') || ' ' || make || ' ' || model) as detail
              from vehicles where (unit_number || ' ' || make || ' ' || model || ' ' || plate_number) ilike ${like}
              order by unit_number`,
          ],
          [
            "trailer",
            sql`select id, identifier as label, trim(type || ' ' || size) as detail from trailers
              where (identifier || ' ' || plate_number) ilike ${like} order by identifier`,
          ],
        );
      // The company's own documents (insurance, permits, authority) for the office; a driver finds theirs
      // in the document centre, whose rules decide what they see.
      if (canOpen(actor, "documents") && scope.kind !== "driver")
        queries.push([
          "document",
          sql`select id, name as label, coalesce(to_char(expires_on, 'YYYY-MM-DD'), '') as detail from company_documents
            where (name || ' ' || notes) ilike ${like} order by name`,
        ]);
      for (const [kind, query] of queries) {
        const { rows } = await db.execute<Row>(sql`${query} limit ${SEARCH_PER_KIND}`);
        add(kind, rows);
      }
      return { items };
    },
  };
}
