import type { DocumentFilter, DocumentOwner } from "@shared/documents/documents.schema";
import { EXPIRY_WARNING_DAYS } from "@shared/drivers/expiry";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { likePattern } from "../../http/pagination";
import { type AssetOwners, type AssetScope, ownedBy } from "../../http/scope";

/**
 * The document centre reads every document where it lives — the company's own, drivers', vehicles',
 * trailers' and loads' — as one row shape, never copying a file. The caller's scope (http/scope.ts,
 * taken with their assigned units) narrows each source to what they may see (a driver: their own,
 * their assets', the company's marked for drivers, the paperwork of their loads).
 */

export type DocumentRow = {
  owner: DocumentOwner;
  id: string;
  owner_id: string | null;
  owner_label: string | null;
  name: string;
  type: string;
  expires_on: string | null;
  file_name: string;
  content_type: string;
  size: number;
  storage_key: string;
  uploaded_at: Date | string;
  visible_to_drivers: boolean;
  notes: string;
  pending: boolean;
};

/** A driver document's date: its own when entered, else the one kept on the driver for its kind. */
const driverDocExpiry = sql`coalesce(dd.expires_on, case dd.kind
  when 'license_front' then d.license_expiry when 'license_back' then d.license_expiry
  when 'medical_card' then d.medical_card_expiry when 'insurance_card' then d.insurance_expiry end)`;

const FILE_COLUMNS = sql`f.file_name, f.content_type, f.size, f.storage_key`;

/** One SELECT per owner, each already narrowed to what `v` may see, for the owners `keep` keeps. */
function sources(v: AssetScope, keep: (owner: DocumentOwner) => boolean): SQL[] {
  /** The rows of the source the scope reaches (staff: all). */
  const mine = (owners: AssetOwners) => ownedBy(v, owners) ?? sql`true`;
  const parts: Array<[DocumentOwner, SQL]> = [
    [
      "company",
      sql`select 'company' as owner, cd.id, null::uuid as owner_id, null::text as owner_label, cd.name,
        cd.type::text as type, cd.expires_on, ${FILE_COLUMNS}, cd.created_at as uploaded_at,
        cd.visible_to_drivers, cd.notes, false as pending
      from company_documents cd join files f on f.id = cd.file_id
      where ${v.kind === "staff" ? sql`true` : sql`cd.visible_to_drivers`}`,
    ],
    [
      "driver",
      sql`select 'driver' as owner, dd.id, d.id as owner_id, d.full_name as owner_label, f.file_name as name,
        dd.kind::text as type, ${driverDocExpiry} as expires_on, ${FILE_COLUMNS}, dd.created_at as uploaded_at,
        false as visible_to_drivers, '' as notes, dd.confirmed_at is null as pending
      from driver_documents dd join drivers d on d.id = dd.driver_id join files f on f.id = dd.file_id
      where ${mine({ driver: sql`dd.driver_id` })}`,
    ],
    [
      "vehicle",
      sql`select 'vehicle' as owner, fd.id, v.id as owner_id, v.unit_number as owner_label, fd.name,
        'asset_document' as type, fd.expires_on, ${FILE_COLUMNS}, fd.created_at as uploaded_at,
        false as visible_to_drivers, '' as notes, false as pending
      from fleet_documents fd join vehicles v on v.id = fd.vehicle_id join files f on f.id = fd.file_id
      where ${mine({ vehicle: sql`fd.vehicle_id` })}`,
    ],
    [
      "trailer",
      sql`select 'trailer' as owner, fd.id, t.id as owner_id, t.identifier as owner_label, fd.name,
        'asset_document' as type, fd.expires_on, ${FILE_COLUMNS}, fd.created_at as uploaded_at,
        false as visible_to_drivers, '' as notes, false as pending
      from fleet_documents fd join trailers t on t.id = fd.trailer_id join files f on f.id = fd.file_id
      where ${mine({ trailer: sql`fd.trailer_id` })}`,
    ],
    [
      "load",
      sql`select 'load' as owner, lf.id, l.id as owner_id, l.load_number as owner_label, f.file_name as name,
        lf.kind::text as type, null::date as expires_on, ${FILE_COLUMNS}, lf.created_at as uploaded_at,
        false as visible_to_drivers, '' as notes, false as pending
      from load_files lf join loads l on l.id = lf.load_id join files f on f.id = lf.file_id
      where ${mine({ driver: sql`l.driver_id` })}`,
    ],
  ];
  return parts.filter(([o]) => keep(o)).map(([, q]) => sql`(${q})`);
}

const everything = (v: AssetScope, owner?: DocumentOwner) =>
  sql`(${sql.join(
    sources(v, (o) => !owner || o === owner),
    sql` union all `,
  )}) doc`;

/** The expiry states against `today` (the company's day). */
function expiryCondition(state: NonNullable<DocumentFilter["expiry"]>, today: string): SQL {
  switch (state) {
    case "expired":
      return sql`doc.expires_on < ${today}::date`;
    case "expiring":
      return sql`doc.expires_on between ${today}::date and ${today}::date + ${EXPIRY_WARNING_DAYS}::int`;
    case "valid":
      return sql`doc.expires_on > ${today}::date + ${EXPIRY_WARNING_DAYS}::int`;
    case "undated":
      return sql`doc.expires_on is null`;
  }
}

const ORDER: Record<DocumentFilter["sort"], SQL> = {
  expiresOn: sql`doc.expires_on`,
  name: sql`lower(doc.name)`,
  uploadedAt: sql`doc.uploaded_at`,
};

function filterCondition(f: Omit<DocumentFilter, "sort" | "dir">, today: string): SQL {
  const where: SQL[] = [sql`true`];
  if (f.type) where.push(sql`doc.type = ${f.type}`);
  if (f.expiry) where.push(expiryCondition(f.expiry, today));
  if (f.status === "pending") where.push(sql`doc.pending`);
  if (f.q) {
    where.push(
      sql`(doc.name || ' ' || coalesce(doc.owner_label, '') || ' ' || doc.file_name) ilike ${likePattern(f.q)}`,
    );
  }
  return sql.join(where, sql` and `);
}

export async function listDocuments(
  db: Tx,
  v: AssetScope,
  f: DocumentFilter,
  today: string,
  page: { limit: number; offset: number },
) {
  const cond = filterCondition(f, today);
  const dir = f.dir === "desc" ? sql`desc` : sql`asc`;
  // Undated documents after the dated ones whichever the direction; the newest first among equals.
  const { rows } = await db.execute<DocumentRow & { total: number }>(sql`
    select doc.*, count(*) over () ::int as total from ${everything(v, f.owner)}
    where ${cond}
    order by ${ORDER[f.sort]} ${dir} nulls last, doc.uploaded_at desc, doc.id
    limit ${page.limit} offset ${page.offset}`);
  return rows;
}

/** The total when the page came back empty (past the end): the window count needs a row. */
export async function countDocuments(
  db: Tx,
  v: AssetScope,
  f: Omit<DocumentFilter, "sort" | "dir">,
  today: string,
) {
  const { rows } = await db.execute<{ total: number }>(sql`
    select count(*)::int as total from ${everything(v, f.owner)} where ${filterCondition(f, today)}`);
  return rows[0]?.total ?? 0;
}

/** What needs attention among everything `v` sees: expired, and expiring within the window. */
export async function attentionCounts(db: Tx, v: AssetScope, today: string) {
  // Loads' paperwork carries no dates: only the dated owners count.
  const dated = sql.join(
    sources(v, (o) => o !== "load"),
    sql` union all `,
  );
  const { rows } = await db.execute<{ expired: number; expiring: number; pending: number }>(sql`
    select count(*) filter (where doc.expires_on < ${today}::date)::int as expired,
      count(*) filter (where doc.expires_on between ${today}::date
        and ${today}::date + ${EXPIRY_WARNING_DAYS}::int)::int as expiring,
      count(*) filter (where doc.pending)::int as pending
    from (${dated}) doc`);
  return rows[0] ?? { expired: 0, expiring: 0, pending: 0 };
}

/** One document as `v` may see it, or undefined. */
export async function findDocument(db: Tx, v: AssetScope, owner: DocumentOwner, id: string) {
  const { rows } = await db.execute<DocumentRow>(sql`
    select doc.* from ${everything(v, owner)} where doc.id = ${id}`);
  return rows[0];
}
