import {
  LEDGER_MESSAGES,
  LEDGER_TOTALS_EXACT_LIMIT,
  type LedgerCategory,
  type LedgerEntry,
  type LedgerEntryValues,
  type LedgerExportQuery,
  type LedgerFilter,
  type LedgerListQuery,
  type LedgerPage,
  type LedgerSource,
  netOf,
} from "@shared/accounting/ledger.schema";
import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { drivers, files, ledgerDailyTotals, loads, transactions, users, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { readStored } from "../../http/files";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { type Column, sheetFile } from "../../platform/sheets/sheets";

const creator = alias(users, "ledger_creator");
const voider = alias(users, "ledger_voider");

/** The chart's names in the export (an accountant's import maps them to accounts once). */
export const CATEGORY_ACCOUNTS: Record<LedgerCategory, string> = {
  freight_revenue: "Freight revenue",
  accessorials: "Accessorial revenue",
  fuel: "Fuel",
  tolls: "Tolls",
  parking: "Parking",
  maintenance: "Maintenance and repairs",
  tires: "Tires",
  driver_pay: "Driver pay",
  insurance: "Insurance",
  permits: "Permits and licences",
  equipment_payments: "Truck and trailer payments",
  eld_telematics: "ELD and telematics",
  fines: "Fines and citations",
  lumper: "Lumper",
  office: "Office and administration",
  other: "Other",
};

/** Filters on the ledger's own columns, `q` aside (see `searchParts`). */
function plainConditions(filter: Omit<LedgerFilter, "sort" | "dir">): SQL[] {
  const where: SQL[] = [];
  if (filter.state === "posted") where.push(isNull(transactions.voidedAt));
  if (filter.state === "void") where.push(isNotNull(transactions.voidedAt));
  if (filter.direction) where.push(eq(transactions.direction, filter.direction));
  if (filter.category) where.push(eq(transactions.category, filter.category));
  if (filter.source) where.push(eq(transactions.source, filter.source));
  if (filter.vehicleId) where.push(eq(transactions.vehicleId, filter.vehicleId));
  if (filter.driverId) where.push(eq(transactions.driverId, filter.driverId));
  if (filter.from) where.push(gte(transactions.occurredOn, filter.from));
  if (filter.to) where.push(lte(transactions.occurredOn, filter.to));
  return where;
}

/** The trigram index's expressions (`transactions_search_trgm`, `loads_search_trgm`). */
const ledgerText = sql`(${transactions.counterparty} || ' ' || ${transactions.reference} || ' ' || ${transactions.notes})`;
const loadText = sql`(${loads.loadNumber} || ' ' || ${loads.pickupCity} || ' ' || ${loads.deliveryCity})`;

/**
 * The part of a term the trigram indexes are asked for. A load number ("LD-2023-198496") shares
 * "ld-", "-20", "202"… with every row, and the index reads those long lists (200 ms at a million
 * rows); its digits after the year are rare. Anything that contains the term contains them, so they
 * find every match and the whole term is checked on the rows they find.
 */
export function indexProbe(q: string): string {
  return LOAD_NUMBER_LIKE.exec(q.trim())?.[1] ?? q;
}
/** "LD-2023-198496", "LD-2023-1984": a prefix and a year every load number shares, then its digits. */
const LOAD_NUMBER_LIKE = /^[A-Za-z]{1,6}-\d{4}-(\d{4,})$/;

/** Past this many matching loads the search tests the row's copy of its load's number instead of listing their ids. */
const LOAD_IDS_MAX = 1000;

/**
 * A way of matching of a search (`searchParts`), with the list's filters: `where` tests it. `start`,
 * when set, is the part's own condition alone — a common start of the load's number or of the reference
 * as a range of its `(occurred_on, lower(…))` index — which the page in date order reads one day at a
 * time (`byDay`).
 */
interface Part {
  where: SQL;
  start?: SQL;
}

/**
 * When a search's start is read day by day (`byDay`): the page in date order of posted rows (the day
 * indexes hold posted rows only), a term of printable ASCII without a space (`startRange`), and a start
 * the planner expects on at least 1 % of the ledger — a rarer one is a short walk or a trigram read,
 * where a probe for every day of the ledger (~1,500 days) would cost more.
 */
const DAY_START_MIN_SHARE = 0.01;
const DAY_TERM = /^[\x21-\x7e]+$/;

/**
 * "lower(`column`) starts with the lower-cased term" as a range of `text_pattern_ops` (byte order): every
 * such value is ≥ the term and < the term with its last character's successor. Exact for an ASCII term
 * (ILIKE compares lower-cased text, as `lower` does).
 */
function startRange(column: SQL, term: string): SQL {
  const prefix = term.toLowerCase();
  const past = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`lower(${column}) ~>=~ ${prefix} and lower(${column}) ~<~ ${past}`;
}

/**
 * `q` matches a row's own text (counterparty, reference, notes) or the number of its truck, the name
 * of its driver or the number of its load (decision 065). One OR across the joined
 * tables could use no index and read the whole ledger; here the trucks, drivers and loads whose
 * names match are looked up first (small tables, or the loads' trigram index: its expression holds
 * the load number, and every column of it is NOT NULL), so each way of matching is a condition on
 * the ledger's own columns with its own index — the text's trigram index, the truck, driver and load
 * indexes — and the page and the totals read the parts as a union (`pageIds`, `boundedSummary`).
 *
 * A term shared by many old rows and no recent one ("LD-2025", decision 068) would walk every newer
 * row by date; when `byDayOk` (the page in date order of posted rows) its common starts are parts of
 * their own, read day by day: the text as its reference's start and the rest of the text (exact for a
 * term without a space, which can then only lie within one field), and past LOAD_IDS_MAX loads the
 * load's number — copied onto the row (`transactions.load_number`) — as its start and its tail.
 */
async function searchParts(db: Tx, q: string, byDayOk: boolean): Promise<Part[]> {
  const p = likePattern(q);
  const probe = indexProbe(q);
  const dayTerm = byDayOk && DAY_TERM.test(q);
  // A number's common start ("LD-2025": 250k loads) is counted on `loads_number_prefix` up to the
  // limit first (in that index's order, or the planner walks the unique index through older numbers);
  // past it the loads' trigram lookup (30 ms for that term) is not needed.
  const loadStart = dayTerm ? startRange(sql`${loads.loadNumber}`, q) : sql`false`;
  // One round trip for the three lookups.
  const { rows } = await db.execute<{
    vehicle_ids: string[];
    driver_ids: string[];
    load_ids: string[] | null;
    ledger_rows: number;
  }>(sql`
    with starts as (select count(*) as n from (select 1 from ${loads} where ${loadStart}
                                                order by lower(${loads.loadNumber}) using ~<~ limit ${LOAD_IDS_MAX + 1}) s)
    select
      array(select ${vehicles.id} from ${vehicles} where ${ilike(vehicles.unitNumber, p)}) as vehicle_ids,
      array(select ${drivers.id} from ${drivers} where ${ilike(drivers.fullName, p)}) as driver_ids,
      case when (select n from starts) > ${LOAD_IDS_MAX} then null
           else array(select ${loads.id} from ${loads} where ${loadText} ilike ${likePattern(probe)} and ${ilike(loads.loadNumber, p)}
                      limit ${LOAD_IDS_MAX + 1}) end as load_ids,
      (select reltuples from pg_class where oid = 'transactions'::regclass) as ledger_rows`);
  const { vehicle_ids: vehicleIds, driver_ids: driverIds, ledger_rows: ledgerRows } = rows[0];
  // Null: more loads than the limit.
  const loadIds = rows[0].load_ids ?? { length: LOAD_IDS_MAX + 1 };
  const isCommon = async (start: SQL) =>
    (await estimateRows(db, and(isNull(transactions.voidedAt), start)!)) >= ledgerRows * DAY_START_MIN_SHARE;
  const parts: Part[] = [];
  const referenceStart = dayTerm ? startRange(sql`${transactions.reference}`, q) : null;
  if (referenceStart && (await isCommon(referenceStart)))
    parts.push(
      { where: referenceStart, start: referenceStart },
      // The text without the reference's first character (`transactions_search_rest_trgm`).
      { where: sql`(${restText} ilike ${p})` },
    );
  else
    parts.push({
      where:
        probe === q
          ? sql`${ledgerText} ilike ${p}`
          : // The whole term on a copy of the expression, so the index is asked for the probe alone.
            sql`(${ledgerText} ilike ${likePattern(probe)} and concat_ws(' ', ${transactions.counterparty}, ${transactions.reference}, ${transactions.notes}) ilike ${p})`,
    });
  if (vehicleIds.length) parts.push({ where: inArray(transactions.vehicleId, vehicleIds) });
  if (driverIds.length) parts.push({ where: inArray(transactions.driverId, driverIds) });
  if (loadIds.length > LOAD_IDS_MAX) {
    // The row's copy of its load's number (a list of a quarter of the loads' ids does not fit in
    // memory as a hash, and looking each row's load up by key cost a second per 100k rows).
    const ownStart = dayTerm ? startRange(sql`${transactions.loadNumber}`, q) : null;
    if (ownStart && (await isCommon(ownStart))) {
      parts.push({ where: ownStart, start: ownStart });
      // Contained past the first character: few loads, by the loads' own trigram index of the tail.
      const { rows: tail } = await db.execute<{ ids: string[] }>(sql`
        select array(select ${loads.id} from ${loads} where substr(${loads.loadNumber}, 2) ilike ${p}
                     limit ${LOAD_IDS_MAX + 1}) as ids`);
      const tailIds = tail[0].ids;
      if (tailIds.length > LOAD_IDS_MAX)
        parts.push({ where: sql`substr(${transactions.loadNumber}, 2) ilike ${p}` });
      else if (tailIds.length) parts.push({ where: inArray(transactions.loadId, tailIds) });
    } else parts.push({ where: ilike(transactions.loadNumber, p) });
  } else if (rows[0].load_ids?.length) parts.push({ where: inArray(transactions.loadId, rows[0].load_ids) });
  return parts;
}

/** The text without the reference's first character (`transactions_search_rest_trgm`'s expression). */
const restText = sql`(${transactions.counterparty} || ' ' || substr(${transactions.reference}, 2) || ' ' || ${transactions.notes})`;

/**
 * The list's and the export's WHERE, on the ledger's own columns only: `cond` as one condition, and
 * for a search `parts`, the same matches as a union — each part the filters and one way of matching,
 * served by its own index (see `pageIds`, `boundedSummary`).
 */
interface Where {
  cond: SQL | undefined;
  parts: Part[] | null;
}

async function filterCondition(
  db: Tx,
  filter: Omit<LedgerFilter, "sort" | "dir">,
  sort?: LedgerFilter["sort"],
): Promise<Where> {
  const where = plainConditions(filter);
  if (!filter.q) return { cond: where.length ? and(...where) : undefined, parts: null };
  const parts = await searchParts(db, filter.q, sort === "occurredOn" && filter.state === "posted");
  return {
    cond: and(...where, or(...parts.map((part) => part.where))),
    parts: parts.map((part) => ({ ...part, where: and(...where, part.where)! })),
  };
}

/**
 * A search's page, by id: the union of each part's own first `offset + pageSize` rows in the list's
 * order holds the whole union's first `offset + pageSize` (each part through its own index: the
 * truck's rows by the truck index, the text's through the trigram index or the date index when
 * they are many), where one OR would make PostgreSQL read every match of every part to sort them.
 */
function pageIds(
  parts: Part[],
  orderBy: SQL[],
  dir: "asc" | "desc",
  dates: SQL | undefined,
  first: number,
): SQL {
  const byPart = parts.map((part) =>
    part.start
      ? byDay(part, orderBy, dir, dates, first)
      : sql`(select ${transactions.id} from ${transactions} where ${part.where} order by ${sql.join(orderBy, sql`, `)} limit ${first})`,
  );
  // An array of ids (computed once, then looked up by primary key), not `in (subquery)`: with a
  // semi-join the planner may walk the date index and test each row against the set.
  return sql`${transactions.id} = any(array(${sql.join(byPart, sql` union `)}))`;
}

/**
 * A common start's first `first` posted rows in date order, probed one day at a time on its
 * `(occurred_on, lower(…))` index (decision 068, as `byPickupDay` reads the loads): a day without a
 * match costs one probe, where the date index was walked through every newer row ("LD-2025" in 2026:
 * 387k rows, 5–7 s with each row's load looked up). The days run from the newest (or oldest) row's
 * day within the filter's dates, each day's rows in the list's order (by id): a day's rows all come
 * before the next day's, so the nested loop's rows are in the list's order and the LIMIT keeps the
 * first `first`. The day's matches are fenced (`offset 0`) before the other filters, so each day is
 * that index's range and nothing else.
 */
function byDay(part: Part, orderBy: SQL[], dir: "asc" | "desc", dates: SQL | undefined, first: number): SQL {
  const day = dir === "desc" ? sql`r.hi - g.i` : sql`r.lo + g.i`;
  return sql`(select x.id from (select min(${transactions.occurredOn}) as lo, max(${transactions.occurredOn}) as hi
                                  from ${transactions} where ${dates ?? sql`true`}) r
                cross join lateral generate_series(0, r.hi - r.lo) g(i)
                cross join lateral (select ${transactions.id}
                                      from (select * from ${transactions}
                                             where ${transactions.occurredOn} = ${day} and ${transactions.voidedAt} is null
                                               and ${part.start} offset 0) ${transactions}
                                     where ${part.where}
                                     order by ${sql.join(orderBy, sql`, `)} limit ${first}) x
               limit ${first})`;
}

const totalsColumns = (amount: SQL, direction: SQL, posted: SQL) => ({
  income: sql<string>`coalesce(sum(${amount}) filter (where ${posted} and ${direction} = 'income'), 0)::text`,
  expense: sql<string>`coalesce(sum(${amount}) filter (where ${posted} and ${direction} = 'expense'), 0)::text`,
});

const ledgerTotals = totalsColumns(
  sql`${transactions.amount}`,
  sql`${transactions.direction}`,
  sql`${transactions.voidedAt} is null`,
);

interface Summary {
  total: number;
  income: string;
  expense: string;
  totalIsEstimate: boolean;
}

/**
 * The filtered set's count and income/expense sums (void rows never count in the sums). Filters on
 * the day, direction, category, source and state read the trigger-kept daily sums
 * (`ledger_daily_totals`, migration 0015) — a few rows per day instead of the whole ledger; a truck
 * or driver filter sums the matching rows themselves (few, through their indexes); a search is
 * summed exactly up to LEDGER_TOTALS_EXACT_LIMIT matches, then estimated (`searchSummary`).
 */
async function summarizeLedger(
  db: Tx,
  filter: Omit<LedgerFilter, "sort" | "dir">,
  { cond, parts }: Where,
): Promise<Summary> {
  if (parts)
    return searchSummary(
      db,
      cond!,
      parts.map((part) => part.where),
    );
  if (!filter.vehicleId && !filter.driverId) {
    const t = ledgerDailyTotals;
    const where: SQL[] = [];
    if (filter.state === "posted") where.push(eq(t.voided, false));
    if (filter.state === "void") where.push(eq(t.voided, true));
    if (filter.direction) where.push(eq(t.direction, filter.direction));
    if (filter.category) where.push(eq(t.category, filter.category));
    if (filter.source) where.push(eq(t.source, filter.source));
    if (filter.from) where.push(gte(t.occurredOn, filter.from));
    if (filter.to) where.push(lte(t.occurredOn, filter.to));
    const [row] = await db
      .select({
        total: sql<number>`coalesce(sum(${t.entries}), 0)::int`,
        ...totalsColumns(sql`${t.amount}`, sql`${t.direction}`, sql`not ${t.voided}`),
      })
      .from(t)
      .where(and(...where));
    return { ...row, totalIsEstimate: false };
  }
  const [row] = await db
    .select({ total: count(), ...ledgerTotals })
    .from(transactions)
    .where(cond);
  return { ...row, totalIsEstimate: false };
}

/** About this many ledger rows are read to estimate a search's totals past the exact limit. */
export const LEDGER_SAMPLE_ROWS = 10_000;

/**
 * A search's count and sums (decision 065). Up to LEDGER_TOTALS_EXACT_LIMIT matches
 * they are exact: the matches are summed, at most limit + 1 of them. Past it — or when the planner
 * expects more than twice the limit, so counting would only find out the same slowly — they are
 * estimated from a repeatable block sample of about LEDGER_SAMPLE_ROWS ledger rows (the matches in
 * the sample, scaled up; whole currency units), and the answer says `totalIsEstimate`.
 */
async function searchSummary(db: Tx, where: SQL, parts: SQL[]): Promise<Summary> {
  const estimate = await estimateRows(db, where);
  if (estimate <= LEDGER_TOTALS_EXACT_LIMIT * 2) {
    const exact = await boundedSummary(db, parts);
    if (exact.total <= LEDGER_TOTALS_EXACT_LIMIT) return { ...exact, totalIsEstimate: false };
    const sampled = await sampledSummary(db, where);
    return { ...sampled, total: Math.max(sampled.total, LEDGER_TOTALS_EXACT_LIMIT + 1) };
  }
  const sampled = await sampledSummary(db, where);
  if (sampled.total > LEDGER_TOTALS_EXACT_LIMIT) return sampled;
  // The planner overestimated: count after all.
  const exact = await boundedSummary(db, parts);
  if (exact.total <= LEDGER_TOTALS_EXACT_LIMIT) return { ...exact, totalIsEstimate: false };
  return { ...sampled, total: Math.max(sampled.total, LEDGER_TOTALS_EXACT_LIMIT + 1) };
}

/** The planner's row estimate for the condition (statistics kept by ANALYZE/autovacuum). */
async function estimateRows(db: Tx, where: SQL): Promise<number> {
  const result = await db.execute<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
    sql`explain (format json) select 1 from ${transactions} where ${where}`,
  );
  return Math.round(result.rows[0]["QUERY PLAN"][0].Plan["Plan Rows"]);
}

/**
 * Count and sums of the union of the parts, each part read up to limit + 1 rows: exact when the
 * count is within the limit. A truck's or a driver's rows come from their index alone (migration
 * 0046 keeps the columns read here in it), the text's through the trigram index.
 */
async function boundedSummary(db: Tx, parts: SQL[]) {
  const cap = LEDGER_TOTALS_EXACT_LIMIT + 1;
  const byPart = parts.map(
    (part) =>
      sql`(select ${transactions.id}, ${transactions.amount}, ${transactions.direction}, ${transactions.voidedAt}
           from ${transactions} where ${part} limit ${cap})`,
  );
  const { rows } = await db.execute<{ total: number; income: string; expense: string }>(sql`
    select count(*)::int as total,
      coalesce(sum(amount) filter (where voided_at is null and direction = 'income'), 0)::text as income,
      coalesce(sum(amount) filter (where voided_at is null and direction = 'expense'), 0)::text as expense
    from (select * from (${sql.join(byPart, sql` union `)}) matches limit ${cap}) matches`);
  return rows[0];
}

/**
 * Count and sums scaled up from a repeatable block sample of the ledger: the share of the sampled
 * rows that match (and their sums) times the ledger's row count as ANALYZE last saw it.
 */
async function sampledSummary(db: Tx, where: SQL): Promise<Summary> {
  const { rows } = await db.execute<{ total: string; income: string; expense: string }>(sql`
    with size as (
      select greatest(reltuples, 1)::numeric as rows,
        least(100, greatest(0.01, 100.0 * ${LEDGER_SAMPLE_ROWS} / greatest(reltuples, 1)))::float4 as pct
      from pg_class where oid = 'transactions'::regclass
    ), sample as (
      select greatest(count(*), 1) as sampled, count(*) filter (where matches) as n,
        coalesce(sum(amount) filter (where matches and voided_at is null and direction = 'income'), 0) as income,
        coalesce(sum(amount) filter (where matches and voided_at is null and direction = 'expense'), 0) as expense
      -- The condition tested once a row, fenced by offset 0: flattened, it was tested in each of the
      -- three aggregates, and its text matches cost most of the read (LD-2025: 185 → 82 ms).
      from (select ${transactions.amount}, ${transactions.voidedAt}, ${transactions.direction}, coalesce(${where}, false) as matches
              from ${transactions} tablesample system ((select pct from size)) repeatable (42) offset 0) sampled
    )
    select round(n * rows / sampled)::text as total, round(income * rows / sampled)::text as income,
      round(expense * rows / sampled)::text as expense
    from sample, size`);
  const [row] = rows;
  return { total: Number(row.total), income: row.income, expense: row.expense, totalIsEstimate: true };
}

function order(sort: LedgerFilter["sort"], dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tie = [desc(transactions.occurredOn), desc(transactions.id)];
  switch (sort) {
    case "occurredOn":
      return [by(transactions.occurredOn), by(transactions.id)];
    case "amount":
      // The (amount, id) index's order, either way.
      return [by(transactions.amount), by(transactions.id)];
    case "category":
      return [by(transactions.category), ...tie];
    case "counterparty":
      return [by(sql`lower(${transactions.counterparty})`), ...tie];
  }
}

const selectEntries = (db: Tx) =>
  db
    .select({
      id: transactions.id,
      occurredOn: transactions.occurredOn,
      direction: transactions.direction,
      category: transactions.category,
      amount: transactions.amount,
      counterparty: transactions.counterparty,
      paymentMethod: transactions.paymentMethod,
      reference: transactions.reference,
      notes: transactions.notes,
      vehicleId: transactions.vehicleId,
      vehicleLabel: vehicles.unitNumber,
      driverId: transactions.driverId,
      driverName: drivers.fullName,
      loadId: transactions.loadId,
      loadNumber: loads.loadNumber,
      source: transactions.source,
      sourceId: transactions.sourceId,
      sourceParentId: transactions.sourceParentId,
      receiptFileId: transactions.receiptFileId,
      voidedAt: transactions.voidedAt,
      voidKind: transactions.voidKind,
      voidReason: transactions.voidReason,
      voidedByName: voider.name,
      createdByName: creator.name,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .leftJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .leftJoin(drivers, eq(drivers.id, transactions.driverId))
    .leftJoin(loads, eq(loads.id, transactions.loadId))
    .leftJoin(creator, eq(creator.id, transactions.createdBy))
    .leftJoin(voider, eq(voider.id, transactions.voidedBy));
type Row = Awaited<ReturnType<typeof selectEntries>>[number];

/** Where a source row's record is shown. */
function sourceLink(r: Row): LedgerEntry["sourceLink"] {
  if (!r.sourceId) return null;
  const links: Record<LedgerSource, LedgerEntry["sourceLink"]> = {
    manual: null,
    invoice_payment: r.sourceParentId ? { kind: "invoice", id: r.sourceParentId } : null,
    bill_payment: null,
    fuel: { kind: "fuel", id: r.sourceId },
    toll: { kind: "tolls", id: r.sourceId },
    parking_expense: { kind: "parking", id: r.sourceId },
    maintenance: r.vehicleId ? { kind: "vehicle", id: r.vehicleId } : null,
    citation: { kind: "citation", id: r.sourceId },
    settlement: null,
  };
  return links[r.source];
}

const toDto = ({ sourceParentId: _p, receiptFileId, ...r }: Row): LedgerEntry => ({
  ...r,
  sourceLink: sourceLink({ ...r, sourceParentId: _p, receiptFileId }),
  hasReceipt: !!receiptFileId,
  voidedAt: r.voidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const signed = (r: Row) => (r.direction === "expense" ? -Number(r.amount) : Number(r.amount));
/** QuickBooks' bank-import date. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const EXPORT_COLUMNS: Column<Row>[] = [
  { header: "Date", value: (r) => usDate(r.occurredOn), width: 12 },
  { header: "Account", value: (r) => CATEGORY_ACCOUNTS[r.category], width: 26 },
  { header: "Payee", value: (r) => r.counterparty, width: 28 },
  { header: "Memo", value: (r) => [r.reference, r.notes].filter(Boolean).join(" — "), width: 40 },
  { header: "Amount", value: signed, width: 12 },
  { header: "Direction", value: (r) => r.direction, width: 10 },
  { header: "Payment method", value: (r) => r.paymentMethod, width: 14 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Load", value: (r) => r.loadNumber, width: 16 },
  { header: "Source", value: (r) => r.source, width: 16 },
  { header: "Status", value: (r) => (r.voidedAt ? "void" : "posted"), width: 8 },
];

export function createLedgerService({ db, storage }: Deps) {
  const entry = async (tx: Tx, id: string): Promise<LedgerEntry> => {
    const [row] = await selectEntries(tx).where(eq(transactions.id, id));
    if (!row) throw notFound("The ledger entry");
    return toDto(row);
  };

  /** A hand entry, locked for a change: source rows and void rows are not edited here. */
  async function lockManual(tx: Tx, id: string) {
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
    if (!row) throw notFound("The ledger entry");
    if (row.voidedAt) throw conflict(LEDGER_MESSAGES.alreadyVoid, "LEDGER_ENTRY_VOID");
    if (row.source !== "manual") throw conflict(LEDGER_MESSAGES.notManual, "LEDGER_ENTRY_FROM_SOURCE");
    return row;
  }

  const valuesOf = (input: LedgerEntryValues) => ({
    occurredOn: input.occurredOn,
    direction: input.direction,
    category: input.category,
    amount: input.amount,
    counterparty: input.counterparty,
    paymentMethod: input.paymentMethod,
    reference: input.reference,
    notes: input.notes,
    vehicleId: input.vehicleId,
    driverId: input.driverId,
    loadId: input.loadId,
  });

  return {
    async list(query: LedgerListQuery): Promise<LedgerPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const where = await filterCondition(db, filter, sort);
      const offset = offsetOf({ page, pageSize });
      const orderBy = order(sort, dir);
      const dates = and(
        ...(filter.from ? [gte(transactions.occurredOn, filter.from)] : []),
        ...(filter.to ? [lte(transactions.occurredOn, filter.to)] : []),
      );
      const [summary, rows] = await Promise.all([
        summarizeLedger(db, filter, where),
        selectEntries(db)
          .where(where.parts ? pageIds(where.parts, orderBy, dir, dates, offset + pageSize) : where.cond)
          .orderBy(...orderBy)
          .limit(pageSize)
          .offset(offset),
      ]);
      const income = fixed(summary.income);
      const expense = fixed(summary.expense);
      return {
        ...toPage(rows.map(toDto), summary.total, { page, pageSize }),
        totals: { income, expense, net: netOf(income, expense) },
        totalIsEstimate: summary.totalIsEstimate,
      };
    },

    get: (id: string) => entry(db, id),

    async create(actor: Actor, input: LedgerEntryValues): Promise<LedgerEntry> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(transactions)
          .values({ ...valuesOf(input), source: "manual", createdBy: actor.userId })
          .returning({ id: transactions.id });
        await recordAudit(tx, actor, {
          action: "ledger.created",
          targetType: "ledger_entry",
          targetId: row.id,
          targetLabel: input.counterparty || undefined,
          details: { amount: input.amount, direction: input.direction, category: input.category },
        });
        return row.id;
      });
      return entry(db, id);
    },

    async update(actor: Actor, id: string, input: LedgerEntryValues): Promise<LedgerEntry> {
      await db.transaction(async (tx) => {
        const before = await lockManual(tx, id);
        await tx.update(transactions).set(valuesOf(input)).where(eq(transactions.id, id));
        await recordAudit(tx, actor, {
          action: "ledger.updated",
          targetType: "ledger_entry",
          targetId: id,
          targetLabel: input.counterparty || undefined,
          details: {
            amount: input.amount,
            direction: input.direction,
            category: input.category,
            changed: before.amount !== input.amount ? { amount: [before.amount, input.amount] } : undefined,
          },
        });
      });
      return entry(db, id);
    },

    /** Voids a hand entry with its reason; the row stays (and shows) as void. */
    async void(actor: Actor, id: string, reason: string): Promise<LedgerEntry> {
      await db.transaction(async (tx) => {
        const row = await lockManual(tx, id);
        await tx
          .update(transactions)
          .set({ voidedAt: new Date(), voidKind: "by_user", voidReason: reason, voidedBy: actor.userId })
          .where(eq(transactions.id, id));
        await recordAudit(tx, actor, {
          action: "ledger.voided",
          targetType: "ledger_entry",
          targetId: id,
          targetLabel: row.counterparty || undefined,
          details: { amount: row.amount, direction: row.direction, category: row.category, reason },
        });
      });
      return entry(db, id);
    },

    /** Attaches (or replaces) a hand entry's receipt: a PDF or an image, checked by content. */
    async attachReceipt(actor: Actor, id: string, file: File): Promise<LedgerEntry> {
      let replaced: string | null = null;
      await db.transaction(async (tx) => {
        const row = await lockManual(tx, id);
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: RECEIPT_MAX_BYTES, allowedTypes: RECEIPT_TYPES },
          actor.userId,
        );
        await tx.update(transactions).set({ receiptFileId: stored.id }).where(eq(transactions.id, id));
        if (row.receiptFileId) {
          const [old] = await tx
            .delete(files)
            .where(eq(files.id, row.receiptFileId))
            .returning({ storageKey: files.storageKey });
          replaced = old?.storageKey ?? null;
        }
        await recordAudit(tx, actor, {
          action: "ledger.updated",
          targetType: "ledger_entry",
          targetId: id,
          targetLabel: row.counterparty || undefined,
          details: { receipt: stored.fileName, replaced: !!replaced },
        });
      });
      if (replaced) await storage.remove(replaced).catch(() => {});
      return entry(db, id);
    },

    /** The receipt of a row: its own, or its source's (a fuel or parking receipt). */
    async receipt(id: string) {
      const [row] = await db
        .select({ storageKey: files.storageKey, fileName: files.fileName, contentType: files.contentType })
        .from(transactions)
        .innerJoin(files, eq(files.id, transactions.receiptFileId))
        .where(eq(transactions.id, id));
      if (!row) throw notFound("The receipt");
      return {
        bytes: await readStored(storage, row.storageKey, "The receipt's content"),
        fileName: row.fileName,
        contentType: row.contentType,
      };
    },

    async export(query: LedgerExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const { cond } = await filterCondition(db, filter);
      // Counted only as far as the cap: past it the answer is the same refusal.
      const capped = db
        .select({ id: transactions.id })
        .from(transactions)
        .where(cond)
        .limit(EXPORT_MAX_ROWS + 1)
        .as("capped");
      const [{ total }] = await db.select({ total: count() }).from(capped);
      ensureExportFits(total, "ledger entries");
      const rows = await selectEntries(db)
        .where(cond)
        .orderBy(...order(sort, dir));
      return sheetFile(rows, EXPORT_COLUMNS, format, { file: "ledger", sheet: "Ledger" });
    },
  };
}

/** "1234.5" → "1234.50" without a float: numeric sums come back as text. */
function fixed(value: string): string {
  const [whole, frac = ""] = value.split(".");
  return `${whole}.${`${frac}00`.slice(0, 2)}`;
}
