import type { Location, LocationListQuery } from "@shared/locations/locations.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { likePattern, offsetOf } from "../../http/pagination";

type Row = Omit<Location, "uses"> & { uses: string; total: string };

/**
 * The address book, searched word by word in name, address, city, state and ZIP (`locations_search_trgm`). With a
 * customer, their usual places come first: saved for them, or used on their loads before.
 */
export async function listLocations(
  db: Tx,
  query: LocationListQuery & { id?: string },
): Promise<{ items: Location[]; total: number }> {
  const where: SQL[] = [sql`true`];
  if (query.id) where.push(sql`l.id = ${query.id}`);
  // Every word typed must appear somewhere ("polar green bay" finds Polar Cold Storage in Green Bay).
  for (const word of (query.q ?? "").split(/\s+/).filter(Boolean).slice(0, 8)) {
    where.push(
      sql`(l.name || ' ' || l.address || ' ' || l.city || ' ' || l.state || ' ' || l.postal_code) ilike ${likePattern(word)}`,
    );
  }
  const customerId = query.customerId ?? null;
  const result = await db.execute<Row>(sql`
    select l.id, l.name, l.address, l.city, l.state, l.postal_code as "postalCode",
           l.contact_name as "contactName", l.contact_phone as "contactPhone", l.hours, l.notes,
           l.customer_id as "customerId", c.company_name as "customerName",
           l.latitude, l.longitude, l.geo_precision as "geoPrecision", l.geo_source as "geoSource",
           l.geo_status as "geoStatus", l.time_zone as "timeZone",
           (select count(*) from load_stops s where s.location_id = l.id) as uses,
           coalesce(l.customer_id = p.customer_id or exists (
              select 1 from load_stops s join loads ld on ld.id = s.load_id
               where s.location_id = l.id and ld.customer_id = p.customer_id), false) as usual,
           count(*) over () as total
      from locations l
      cross join (select ${customerId}::uuid as customer_id) p
      left join customers c on c.id = l.customer_id
     where ${sql.join(where, sql` and `)}
     order by usual desc, lower(l.name), l.id
     limit ${query.pageSize} offset ${offsetOf(query)}`);
  const total = Number(result.rows[0]?.total ?? 0);
  return {
    items: result.rows.map(({ total: _total, uses, ...r }) => ({
      ...r,
      uses: Number(uses),
      usual: !!r.usual,
    })),
    total,
  };
}
