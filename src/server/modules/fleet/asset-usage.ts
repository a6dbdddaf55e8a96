import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/** Tables that belong to the asset itself and go with it. */
const OWNED = new Set(["fleet_documents", "maintenance_schedules"]);

/**
 * Whether any other table (loads, maintenance, inspections, fuel, tolls, accidents, ... whatever
 * references it now or later) still points at this vehicle or trailer. Such an asset has history:
 * it is set inactive rather than deleted, so no record elsewhere loses its truck or is cascaded away.
 * The foreign keys are read from the catalogue, so a table added later is covered without a change here.
 */
export async function assetHasHistory(tx: Tx, table: "vehicles" | "trailers", id: string): Promise<boolean> {
  const { rows } = await tx.execute<{ tbl: string; col: string }>(sql`
    select c.conrelid::regclass::text as tbl, a.attname as col
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
    where c.contype = 'f' and c.confrelid = ${table}::regclass and array_length(c.conkey, 1) = 1`);
  for (const { tbl, col } of rows) {
    const name = tbl.replace(/^public\./, "").replace(/"/g, "");
    if (OWNED.has(name)) continue;
    const found = await tx.execute(
      sql`select 1 from ${sql.identifier(name)} where ${sql.identifier(col)} = ${id} limit 1`,
    );
    if (found.rows.length > 0) return true;
  }
  return false;
}
