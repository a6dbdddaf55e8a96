import type { FleetDocument, MaintenanceSummary } from "@shared/fleet/vehicles.schema";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * What a vehicle's or trailer's detail page shows beside the asset's row — today's date, its
 * documents and its latest maintenance — as columns of the row's own statement: one round trip per
 * detail read instead of five (docs/performance.md, issue 19). PostgreSQL builds the lists as JSON;
 * money stays text (`cost::text`), timestamps are normalised to the API's ISO form below.
 */
export const RECENT_MAINTENANCE = 10;

type DocumentJson = Omit<FleetDocument, "createdAt"> & { createdAt: string };

/** `column` is the asset's key in the child tables; `assetId` the outer row's id column. */
export function assetDetailColumns(column: "vehicle_id" | "trailer_id", assetId: AnyColumn) {
  const key = sql.raw(column);
  return {
    today: sql<string>`current_date::text`,
    documentsJson: sql<DocumentJson[]>`coalesce((
      select json_agg(json_build_object(
        'id', fd.id, 'name', fd.name, 'expiresOn', fd.expires_on, 'createdAt', fd.created_at,
        'fileName', f.file_name, 'contentType', f.content_type, 'size', f.size, 'uploadedByName', u.name)
        order by fd.created_at desc)
      from fleet_documents fd
      join files f on f.id = fd.file_id
      left join users u on u.id = fd.uploaded_by
      where fd.${key} = ${assetId}), '[]')`,
    // The latest items of its maintenance log, open ones first.
    maintenanceJson: sql<MaintenanceSummary[]>`coalesce((
      select json_agg(json_build_object(
        'id', m.id, 'serviceType', m.service_type, 'status', m.status, 'serviceDate', m.service_date,
        'odometer', m.odometer, 'cost', m.cost::text, 'vendor', m.vendor, 'notes', m.notes,
        'origin', m.source_data) order by m.n)
      from (select r.*, row_number() over (
              order by case when r.status = 'open' then 0 else 1 end, r.service_date desc, r.created_at desc) as n
            from maintenance_records r where r.${key} = ${assetId}
            order by n limit ${RECENT_MAINTENANCE}) m), '[]')`,
  } satisfies Record<string, SQL>;
}

/** The documents as the API gives them (PostgreSQL's JSON writes timestamps with an offset). */
export const documentsFrom = (rows: DocumentJson[]): FleetDocument[] =>
  rows.map((d) => ({ ...d, createdAt: new Date(d.createdAt).toISOString() }));
