import type {
  LOAD_SORTS,
  LoadDetail,
  LoadEventData,
  LoadEventKind,
  LoadFileKind,
  LoadFilter,
  LoadListItem,
  LoadStatus,
  PayType,
  stopInputSchema,
} from "@shared/loads/loads.schema";
import type { MilesSource } from "@shared/loads/miles.constants";
import { DEFAULT_LOAD_COMPLETION, type LoadCompletion } from "@shared/loads/stops.schema";
import { LATE_SYNC_MINUTES } from "@shared/sync/sync.schema";
import { and, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { paperFiles, statusOf } from "../../db/paperwork-status";
import {
  assetAssignments,
  customers,
  dispatchSettings,
  drivers,
  loadFiles,
  loadStatusEvents,
  loadStops,
  loads,
  trailers,
  vehicles,
} from "../../db/schema";
import { likePattern } from "../../http/pagination";
import { ownedBy, type Scope } from "../../http/scope";
import { dayAfter, dayStart } from "../../platform/company-day";
import { placeStops } from "../../platform/geo/place-rows";
import type { PaperworkRow } from "./paperwork-status";

export type LoadRow = typeof loads.$inferSelect;
export type StopOutput = z.output<typeof stopInputSchema>;

/** Whose loads a caller reaches: staff every load, a driver those assigned to them, a customer theirs. */
export const scopeCondition = (scope: Scope): SQL | undefined =>
  ownedBy(scope, { driver: loads.driverId, customer: loads.customerId });

/** One load the scope may reach, optionally locked for the rest of the transaction. */
/** "Sent late" in SQL (issue 41): received more than LATE_SYNC_MINUTES after it happened. */
const LATE_SYNC_INTERVAL = sql.raw(`interval '${LATE_SYNC_MINUTES} minutes'`);

export async function findLoad(tx: Tx, id: string, scope: Scope, lock = false): Promise<LoadRow | undefined> {
  const query = tx
    .select()
    .from(loads)
    .where(and(eq(loads.id, id), scopeCondition(scope)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

// ---- The list

/**
 * `q` matches the load number and the pickup/delivery cities through the trigram index expression
 * (`loads_search_trgm`), or a customer whose company or contact name matches (ids looked up first,
 * so PostgreSQL can OR two index scans instead of filtering every row).
 */
export async function customerIdsMatching(db: Tx, q: string, max = 500): Promise<string[]> {
  const p = likePattern(q);
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(or(ilike(customers.companyName, p), ilike(customers.name, p)))
    .limit(max);
  return rows.map((r) => r.id);
}

/** "LD-2026-00042": searched exactly rather than as a fragment. */
const FULL_LOAD_NUMBER = /^[A-Za-z]{1,6}-\d{4}-\d{3,}$/;
export const isWholeLoadNumber = (q: string | undefined) => !!q && FULL_LOAD_NUMBER.test(q.trim());

/** A term shaped like a load number or its start: ASCII letters, digits and hyphens, with a digit. */
const LOAD_NUMBER_LIKE = /^(?=.*\d)[A-Za-z0-9-]+$/;

/**
 * A load-number-like term ("LD-2025", issue 42) as three conditions on `loads` whose OR is exactly
 * `(load_number || ' ' || pickup_city || ' ' || delivery_city) ilike '%term%'`: a term without a space
 * lies inside one of the three fields, so it starts the number, comes later in it, or is in a city.
 * The whole expression's trigrams ("ld-", "202") are in every row — its index reads for half a second
 * and hands over a quarter of the table to sort — where each part has an index of its own that is
 * selective for such a term: the start of the number a range of the lower-cased number (read by
 * number, or newest pickup first with the number checked in `loads_pickup_number_prefix`), the rest
 * of the number and the cities trigram indexes without the number's common start. Null for any other
 * term (a city or a name: the whole expression's index is selective for it).
 */
export function loadNumberParts(q: string | undefined): SQL[] | null {
  const term = q?.trim();
  if (!term || !LOAD_NUMBER_LIKE.test(term)) return null;
  const prefix = term.toLowerCase();
  // Every lower-cased number starting with `prefix` is ≥ it and < it with its last character's
  // successor: the term is ASCII, and text_pattern_ops compares bytes.
  const past = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const like = likePattern(term);
  const start = sql`lower(loads.load_number) ~>=~ ${prefix} and lower(loads.load_number) ~<~ ${past}`;
  NUMBER_START_PARTS.add(start);
  return [
    start,
    sql`substr(loads.load_number, 2) ilike ${like}`,
    sql`(loads.pickup_city || ' ' || loads.delivery_city) ilike ${like}`,
  ];
}

/**
 * The number-start parts `loadNumberParts` made: in pickup order `listLoadItems` reads them day by day
 * (`byPickupDay`). Marked by identity, so any other condition — or this one combined into another, as
 * the number's order does — is read as it is.
 */
const NUMBER_START_PARTS = new WeakSet<SQL>();

/**
 * A number-start part's first `first` loads in pickup order, probed one UTC pickup day at a time on
 * `loads_pickup_day_number` ((pickup day, lower-cased number)): each day's matches are an index
 * range, so a day without any costs one probe (issue 42). Read newest pickup first, "LD-2025" (a
 * quarter of a million loads, none recent) walked every newer load's entry in
 * `loads_pickup_number_prefix` — 230k entries, ~30–75 ms — where ~370 day probes take ~8 ms. The
 * days run from the newest pickup's to the oldest's (or back), each day's loads in the list's order:
 * a day's pickups all come before the next day's in either direction, so the nested loop's rows are
 * in the list's order and the LIMIT keeps its first `first` — the lateral join's only plan is that
 * loop over the series, in the series' order. Ties within a day keep the list's own tie-break. The
 * day's matches are fenced (`offset 0`) before the other filters and the order: otherwise the planner
 * may read each day by walking `loads_pickup_number_prefix` in order (every day the whole range).
 */
/**
 * Whether the number's start is read day by day (`byPickupDay`): when it matches many loads (≥ 1% of
 * the table, planner's estimate) — a rare start is a short range of `loads_number_prefix`, sorted — and
 * the other filters keep many (≥ 10%): a selective one (a status of a thousand loads in progress) is
 * walked on its own index, where each day's probe would read that status's whole bitmap again.
 */
async function worthProbingByDay(db: Tx, cond: SQL | undefined, start: SQL): Promise<boolean> {
  // One after another: `db` may be a single connection (a transaction).
  const all = await estimateCount(db, undefined);
  if ((await estimateCount(db, start)) < all / 100) return false;
  return (await estimateCount(db, cond)) >= all / 10;
}

function byPickupDay(cond: SQL | undefined, part: SQL, dir: "asc" | "desc", first: number): SQL {
  const order = listOrder("pickupAt", dir);
  const day = dir === "desc" ? sql`r.hi - g.i` : sql`r.lo + g.i`;
  return sql`(select x.* from (select (min(pickup_at) at time zone 'UTC')::date as lo,
                                      (max(pickup_at) at time zone 'UTC')::date as hi from loads) r
                cross join lateral generate_series(0, r.hi - r.lo) g(i)
                cross join lateral (select ${LOAD_COLUMNS}
                                      from (select loads.* from loads
                                             where (loads.pickup_at at time zone 'UTC')::date = ${day} and ${part}
                                            offset 0) loads
                                     where ${cond ?? sql`true`}
                                     order by ${order} limit ${first}) x
               limit ${first})`;
}

/** The most letters a term may have for `numberStartRanges` (2^n case variants, one range each). */
const MAX_CASE_LETTERS = 4;

/**
 * "The lower-cased number starts with `term`" as ranges of `load_number` itself (their OR), one per upper/lower
 * case spelling of the term's letters ("LD-2025": LD-, Ld-, lD-, ld-): a number starts with a spelling
 * exactly when it lies in [spelling, spelling with its last character's successor), *when the column's
 * collation orders by code point* (C, POSIX, C.UTF-8 — `numberOrderIsCodePoint`). With the lower-cased
 * condition kept beside them, the ranges only let the unique index on the number be read in the
 * number's order from the first match (issue 42: by number ascending, "LD-2025" walked 520k older
 * numbers). Null for a term of more than MAX_CASE_LETTERS letters or that is not load-number-like.
 */
export function numberStartRanges(q: string | undefined): SQL[] | null {
  const term = q?.trim();
  if (!term || !LOAD_NUMBER_LIKE.test(term)) return null;
  const letters = [...term].filter((ch) => /[A-Za-z]/.test(ch)).length;
  if (letters > MAX_CASE_LETTERS) return null;
  let spellings = [""];
  for (const ch of term.toUpperCase()) {
    const cases = /[A-Z]/.test(ch) ? [ch, ch.toLowerCase()] : [ch];
    spellings = spellings.flatMap((s) => cases.map((c) => s + c));
  }
  // One condition each (an OR of ranges is no index condition of an ordered scan).
  return spellings.map((s) => {
    const past = s.slice(0, -1) + String.fromCharCode(s.charCodeAt(s.length - 1) + 1);
    return sql`loads.load_number >= ${s} and loads.load_number < ${past}`;
  });
}

/**
 * Whether `loads.load_number` is ordered by code point (its collation the database's default, and
 * that C, POSIX or C.UTF-8), so that `numberStartRanges` is exact. A property of the database, fixed
 * when it was created.
 */
export async function numberOrderIsCodePoint(db: Tx): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`
    select coalesce(a.attcollation = (select oid from pg_collation where collname = 'default')
             and (d.datlocprovider = 'b' and d.datlocale in ('C', 'C.UTF-8')
                  or d.datlocprovider = 'c' and d.datcollate in ('C', 'POSIX', 'C.UTF-8', 'C.utf8')), false) as ok
      from pg_attribute a, pg_database d
     where a.attrelid = 'loads'::regclass and a.attname = 'load_number' and d.datname = current_database()`);
  return !!result.rows[0]?.ok;
}

/**
 * The list's WHERE, on `loads` (qualified, so it also fits queries that join customers and
 * drivers). Written as plain SQL fragments rather than through the query builder: the list is the
 * busiest read of the app, and its SQL is built on every request (docs/performance.md).
 */
/**
 * The list's condition split for a load-number-like `q` (`loadNumberParts`): `base` is every other
 * filter, and a load matches when it meets `base` and one of `parts` (the three parts of the text,
 * or a customer whose name matches) — exactly `listCondition`'s loads.
 */
export function listSearch(
  filter: Omit<LoadFilter, "sort" | "dir">,
  scope: Scope,
  customerIds: string[],
  timeZone = "UTC",
  /** The number's start also as ranges of the number (`numberStartRanges`), for the number's order. */
  byNumber = false,
): { base: SQL; parts: SQL[] } | null {
  if (isWholeLoadNumber(filter.q)) return null;
  const text = loadNumberParts(filter.q);
  if (!text) return null;
  if (byNumber) {
    const ranges = numberStartRanges(filter.q);
    if (!ranges) return null;
    const start = text[0];
    text.splice(0, 1, ...ranges.map((range) => sql`${start} and ${range}`));
  }
  const base = listCondition({ ...filter, q: undefined }, scope, [], timeZone);
  const parts = customerIds.length ? [...text, sql`loads.customer_id in ${customerIds}`] : text;
  return { base, parts };
}

export function listCondition(
  filter: Omit<LoadFilter, "sort" | "dir">,
  scope: Scope,
  customerIds: string[],
  /** Pickup dates are the company's days (as the reports count them). */
  timeZone = "UTC",
): SQL {
  const where: SQL[] = [];
  const owned = ownedBy(scope, { driver: sql`loads.driver_id`, customer: sql`loads.customer_id` });
  if (owned) where.push(owned);
  if (filter.status) where.push(sql`loads.status = ${filter.status}`);
  if (filter.customerId) where.push(sql`loads.customer_id = ${filter.customerId}`);
  if (filter.driverId) where.push(sql`loads.driver_id = ${filter.driverId}`);
  if (filter.from) where.push(sql`loads.pickup_at >= ${dayStart(filter.from, timeZone)}`);
  if (filter.to) where.push(sql`loads.pickup_at < ${dayAfter(filter.to, timeZone)}`);
  if (filter.q && isWholeLoadNumber(filter.q)) {
    // A whole load number: the unique index answers at once, where the trigram scan takes tens of ms.
    where.push(sql`loads.load_number = ${filter.q.trim().toUpperCase()}`);
  } else if (filter.q) {
    // The expression of the trigram index `loads_search_trgm`.
    const text = sql`(loads.load_number || ' ' || loads.pickup_city || ' ' || loads.delivery_city) ilike ${likePattern(filter.q)}`;
    where.push(customerIds.length ? sql`(${text} or loads.customer_id in ${customerIds})` : text);
  }
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}

type Sort = (typeof LOAD_SORTS)[number];

/**
 * ORDER BY written to match the indexes exactly (they are `DESC NULLS LAST`): a plain `DESC`
 * (nulls first) would not use them and would sort a million rows. `id` breaks ties so pages
 * never overlap. `t` is the table or subquery alias.
 */
export function listOrder(sort: Sort, dir: "asc" | "desc", t = "loads"): SQL {
  const desc_ = dir === "desc";
  const indexed = (col: string) => `${t}.${col} ${desc_ ? "desc nulls last" : "asc nulls first"}`;
  const byId = `${t}.id ${desc_ ? "asc" : "desc"}`;
  const column: Record<Exclude<Sort, "work">, string> = {
    pickupAt: "pickup_at",
    deliveryAt: "delivery_at",
    createdAt: "created_at",
    loadNumber: "load_number",
    status: "status",
    totalRate: "total_rate",
  };
  switch (sort) {
    case "work":
      // One statement (the export); the list reads it segment by segment (`listWorkItems`).
      return sql.raw(
        `case ${t}.status when 'in_progress' then 0 when 'assigned' then 1 when 'pending' then 2 else 3 end, ` +
          `case when ${t}.status in ('in_progress', 'assigned', 'pending') then ${t}.pickup_at end asc, ` +
          `${t}.pickup_at desc nulls last, ${byId}`,
      );
    case "loadNumber":
      return sql.raw(`${t}.load_number ${dir}`);
    case "status":
      // (status, pickup_at desc) index: within a status, the newest pickups first.
      return sql.raw(`${t}.status ${dir}, ${t}.pickup_at desc nulls last, ${byId}`);
    default:
      return sql.raw(`${indexed(column[sort])}, ${byId}`);
  }
}

export type ListRow = {
  id: string;
  load_number: string;
  status: LoadStatus;
  customer_id: string | null;
  customer_name: string | null;
  driver_id: string | null;
  driver_name: string | null;
  pickup_city: string;
  pickup_state: string;
  /** timestamptz as PostgreSQL prints it (the driver leaves timestamps to the caller). */
  pickup_at: string;
  delivery_city: string;
  delivery_state: string;
  delivery_at: string;
  total_rate: string;
  loaded_miles: string | null;
  empty_miles: string | null;
  miles_source: MilesSource;
  posted_to_board: boolean;
};

/** "2026-11-20 14:05:00+00" → "2026-11-20T14:05:00.000Z" without a Date when the session is in UTC. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;
export function isoTimestamp(text: string): string {
  const m = UTC_TIMESTAMP.exec(text);
  if (!m) return new Date(text).toISOString();
  return `${m[1]}T${m[2]}.${(m[3] ?? "").slice(0, 3).padEnd(3, "0")}Z`;
}

export const numberOrNull = (v: string | null) => (v === null ? null : Number(v));
export const isoOrNull = (v: string | null) => (v === null ? null : isoTimestamp(v));

export function listItemOf(r: ListRow): LoadListItem {
  return {
    id: r.id,
    loadNumber: r.load_number,
    status: r.status,
    customerId: r.customer_id,
    customerName: r.customer_name,
    driverId: r.driver_id,
    driverName: r.driver_name,
    pickupCity: r.pickup_city,
    pickupState: r.pickup_state,
    pickupAt: isoTimestamp(r.pickup_at),
    deliveryCity: r.delivery_city,
    deliveryState: r.delivery_state,
    deliveryAt: isoTimestamp(r.delivery_at),
    totalRate: r.total_rate,
    loadedMiles: numberOrNull(r.loaded_miles),
    emptyMiles: numberOrNull(r.empty_miles),
    milesSource: r.miles_source,
    postedToBoard: r.posted_to_board,
  };
}

/**
 * One page of list items. The page of loads is chosen first and only its rows are joined to
 * customers and drivers, so a deep offset does not join every skipped row.
 */
export async function listLoadItems(
  db: Tx,
  cond: SQL | undefined,
  sort: Sort,
  dir: "asc" | "desc",
  limit: number,
  offset: number,
  /**
   * Alternatives of which a load must meet one besides `cond` (`ListSearch.anyOf`): each is read
   * in the list's order up to the end of the page on its own index, and their union is the page —
   * the same rows as `cond and (one or another)`, without reading every match of a common one.
   */
  anyOf?: SQL[],
  /**
   * In pickup order, whether the number's start may be read day by day (`byPickupDay`): the list in
   * pickup order asks; the work order's segments do not (three estimates a segment cost more there
   * than the walk they would save).
   */
  probeByDay = false,
  /**
   * Choose the page's ids first, then read only the page's rows (`idsFirstPage`): when an index holds
   * every column `cond` tests in the list's order (`loads_rate_search` by rate), so the ids are found
   * walking that index alone. The caller decides (`rateSearchIdsFirst` in loads.service.ts, `rateIdsFirstPays`).
   */
  idsFirst = false,
): Promise<LoadListItem[]> {
  const order = listOrder(sort, dir);
  if (idsFirst && !anyOf?.length) return idsFirstPage(db, cond, sort, dir, limit, offset);
  const start =
    probeByDay && sort === "pickupAt" ? anyOf?.find((part) => NUMBER_START_PARTS.has(part)) : undefined;
  const byDay = start ? await worthProbingByDay(db, cond, start) : false;
  const source = anyOf?.length
    ? sql`(${sql.join(
        anyOf.map((part) =>
          byDay && part === start
            ? byPickupDay(cond, part, dir, limit + offset)
            : sql`(select ${LOAD_COLUMNS} from loads where ${cond ?? sql`true`} and ${part}
                  order by ${order} limit ${limit + offset})`,
        ),
        sql` union `,
      )}) loads`
    : sql`loads where ${cond ?? sql`true`}`;
  const result = await db.execute<ListRow>(sql`
    select ${PAGE_COLUMNS}
      from (select ${LOAD_COLUMNS}
              from ${source}
             order by ${order}
             limit ${limit} offset ${offset}) p
      left join customers c on c.id = p.customer_id
      left join drivers d on d.id = p.driver_id
     order by ${listOrder(sort, dir, "p")}`);
  return result.rows.map(listItemOf);
}

/**
 * Whether a search by rate matching `estimate` loads (the planner's estimate of the list's condition)
 * reads its page's ids first (`idsFirstPage`): when it matches 0.1–10% of the loads. Then the rate
 * order is walked past many loads that do not match (a year's "chicago", 0.5%: 52k) and the walk on
 * the covering index saves a table read for each (1 M loads: ~0.5–1.8 s → 30–250 ms). Rarer, the
 * planner takes the trigram index and sorts; commoner, the walk meets the page soon: either way the
 * ids-first statement only costs its planning, a few milliseconds (`bench/rate-pages.ts`).
 */
export async function rateIdsFirstPays(db: Tx, estimate: number): Promise<boolean> {
  const all = await estimateCount(db, undefined);
  return estimate >= all / 1000 && estimate <= all / 10;
}

/**
 * `listLoadItems`' page as two reads in one statement: the page's ids in the list's order, from a
 * subquery that selects nothing but `id` — so the planner may walk an index holding the condition's
 * columns without the table (an index-only scan) — and then the page's rows by primary key. The same
 * rows in the same order as the one read: the same condition, order (ties broken by id) and
 * limit/offset choose the ids, and the page is sorted again by the same order (issue 42: a year's
 * pickups by rate, "chicago", walked 52k loads on `loads_total_rate_id_index` reading each from the
 * table, ~0.5 s; on `loads_rate_search` alone ~50 ms).
 */
async function idsFirstPage(
  db: Tx,
  cond: SQL | undefined,
  sort: Sort,
  dir: "asc" | "desc",
  limit: number,
  offset: number,
): Promise<LoadListItem[]> {
  const result = await db.execute<ListRow>(sql`
    select ${PAGE_COLUMNS}
      from (select ${LOAD_COLUMNS}
              from loads
             where loads.id in (select loads.id from loads where ${cond ?? sql`true`}
                                 order by ${listOrder(sort, dir)}
                                 limit ${limit} offset ${offset})) p
      left join customers c on c.id = p.customer_id
      left join drivers d on d.id = p.driver_id
     order by ${listOrder(sort, dir, "p")}`);
  return result.rows.map(listItemOf);
}

/** The list's columns of `loads`, chosen before the page is joined to customers and drivers. */
const LOAD_COLUMNS = sql.raw(`loads.id, loads.load_number, loads.status, loads.customer_id, loads.driver_id,
                   loads.pickup_city, loads.pickup_state, loads.pickup_at, loads.delivery_city,
                   loads.delivery_state, loads.delivery_at, loads.total_rate, loads.loaded_miles,
                   loads.empty_miles, loads.miles_source, loads.posted_to_board, loads.created_at`);
/** A page's columns (`ListRow`): the page `p` with its customer's and driver's names. */
const PAGE_COLUMNS = sql.raw(`p.id, p.load_number, p.status, p.customer_id, c.company_name as customer_name,
           p.driver_id, d.full_name as driver_name, p.pickup_city, p.pickup_state, p.pickup_at,
           p.delivery_city, p.delivery_state, p.delivery_at, p.total_rate, p.loaded_miles,
           p.empty_miles, p.miles_source, p.posted_to_board`);

/**
 * The "work" order (the list's default): loads in progress, then assigned, then pending, each soonest
 * pickup first, then the finished ones newest first. Read segment by segment so each uses the
 * (status, pickup_at) index instead of sorting the whole table.
 */
const WORK_SEGMENTS: Array<{ statuses: LoadStatus[]; dir: "asc" | "desc" }> = [
  { statuses: ["in_progress"], dir: "asc" },
  { statuses: ["assigned"], dir: "asc" },
  { statuses: ["pending"], dir: "asc" },
  { statuses: ["completed", "cancelled"], dir: "desc" },
];
/**
 * Up to this offset a page in the work order is one statement (`workPage`): each segment reads at
 * most offset + limit rows by its index, and the page is the concatenation's slice. Deeper, reading
 * every segment that far costs more than the round trips it saves: segment by segment.
 */
export const WORK_ONE_STATEMENT_MAX_OFFSET = 1000;

export async function listWorkItems(
  db: Tx,
  cond: SQL | undefined,
  limit: number,
  offset: number,
  /** As in `listLoadItems`; `cond` then leaves them out (the count below still takes the whole). */
  anyOf?: { base: SQL; parts: SQL[] },
  /** The one customer `cond` keeps to, if any (`workPageOfCustomer`). */
  customer?: WorkCustomer,
): Promise<LoadListItem[]> {
  // A search split into parts (issue 42) reads each part segment by segment; the rest, near the top,
  // in one statement — or, for one customer, a statement a segment with its limit written out.
  if (!anyOf && offset <= WORK_ONE_STATEMENT_MAX_OFFSET) {
    return customer
      ? workPageOfCustomer(db, cond, limit, offset, customer)
      : workPage(db, cond, limit, offset);
  }
  return workPageBySegment(db, cond, limit, offset, anyOf);
}

/**
 * The customer every load of the list belongs to (the list's customer filter or a customer's own
 * loads), and whether `cond` searches text (`ilike`): then the open segments are fenced.
 */
export type WorkCustomer = { id: string; textSearch: boolean };

const segmentCondition = (cond: SQL | undefined, segment: (typeof WORK_SEGMENTS)[number]) =>
  sql`${cond ?? sql`true`} and loads.status in (${sql.join(
    segment.statuses.map((st) => sql`${st}`),
    sql`, `,
  )})`;

/**
 * The segments in one statement (issue 42: one round trip instead of one per segment, plus the
 * count of a segment that ran out): the first offset + limit rows of segment 0, then 1… each in its own
 * index order — a segment reading only what the ones before it left, nothing once the page is full —
 * and the page is rows offset … offset + limit of them: the same rows, in the same order, as
 * `workPageBySegment`. Tested against it on the demo data.
 */
export async function workPage(
  db: Tx,
  cond: SQL | undefined,
  limit: number,
  offset: number,
): Promise<LoadListItem[]> {
  // Segment i reads what the segments before it left of the first offset + limit rows: none once
  // they filled it, so a later segment's scan never runs (a LIMIT of 0 reads nothing).
  const wanted = offset + limit;
  const segments = WORK_SEGMENTS.map((segment, i) => {
    const before = WORK_SEGMENTS.slice(0, i).map((_, j) => sql.raw(`(select count(*) from s${j})`));
    const left = before.length
      ? sql`greatest(0, ${wanted}::bigint - ${sql.join(before, sql` - `)})`
      : sql`${wanted}`;
    return sql`${sql.raw(`s${i}`)} as materialized (
            select ${sql.raw(String(i))} as segment, ${LOAD_COLUMNS}
              from loads
             where ${segmentCondition(cond, segment)}
             order by ${listOrder("pickupAt", segment.dir)}
             limit ${left})`;
  });
  const all = sql.join(
    WORK_SEGMENTS.map((_, i) => sql.raw(`select * from s${i}`)),
    sql` union all `,
  );
  // Within a segment: its own order (`listOrder("pickupAt", dir)`), soonest first for the open
  // ones (ties: id descending), newest first for the finished ones (ties: id ascending).
  const last = WORK_SEGMENTS.length - 1;
  const order = (t: string) =>
    sql.raw(
      `${t}.segment, case when ${t}.segment < ${last} then ${t}.pickup_at end asc nulls first, ` +
        `${t}.pickup_at desc nulls last, case when ${t}.segment < ${last} then ${t}.id end desc, ${t}.id asc`,
    );
  const result = await db.execute<ListRow>(sql`
    with ${sql.join(segments, sql`, `)}
    select ${PAGE_COLUMNS}
      from (select * from (${all}) w
             order by ${order("w")}
             limit ${limit} offset ${offset}) p
      left join customers c on c.id = p.customer_id
      left join drivers d on d.id = p.driver_id
     order by ${order("p")}`);
  return result.rows.map(listItemOf);
}

/**
 * `workPage` for one customer's loads (issue 42: the largest customer's page 5 of "chicago", 94 /
 * 302 ms): the same rows in the same order, in two statements whose limits are numbers in their text.
 * In `workPage` each limit is an expression of the earlier segments' counts, which the planner cannot
 * see, so it planned every segment for a tenth of its rows and intersected bitmaps of the trigram
 * matches with each status (2.5k–28.6k matches each, 15–33 ms a segment). Here:
 *
 * 1. The open segments' ids (in progress, assigned, pending: a few hundred loads of a customer), each
 *    up to offset + limit, in one statement. With a text search each is fenced (`offset 0`): the
 *    customer's loads of that status read on `loads_customer_status`, then tested and sorted — unfenced,
 *    the planner still took the trigram bitmaps, expecting few matches. Reading a later segment the
 *    page may not need costs little: each is read whole to be sorted anyway.
 * 2. The page: its open ids, then the finished segment from where the page needs it (offset and limit
 *    known now, as numbers), joined to the page's columns. The finished segment's ids are read alone, so
 *    the planner walks `loads_customer_pickup_search` in its order, index only (its columns hold the
 *    status and the searched text), and stops at the page's end.
 *
 * `db` may be one transaction connection: the statements run one after the other.
 */
export async function workPageOfCustomer(
  db: Tx,
  cond: SQL | undefined,
  limit: number,
  offset: number,
  customer: WorkCustomer,
): Promise<LoadListItem[]> {
  const wanted = offset + limit;
  // Numbers in the statements' text, never parameters: a prepared statement's generic plan would not
  // know them either.
  const number = (n: number) => sql.raw(String(n));
  const open = WORK_SEGMENTS.slice(0, -1);
  const finished = WORK_SEGMENTS[WORK_SEGMENTS.length - 1];
  const openIds = sql.join(
    open.map((segment, i) => {
      const source = customer.textSearch
        ? sql`(select loads.* from loads
                where loads.customer_id = ${customer.id} and ${segmentCondition(undefined, segment)}
               offset 0) loads`
        : sql`loads`;
      return sql`array(select loads.id from ${source}
                        where ${segmentCondition(cond, segment)}
                        order by ${listOrder("pickupAt", segment.dir)}
                        limit ${number(wanted)})::text[] as ${sql.raw(`s${i}`)}`;
    }),
    sql`, `,
  );
  const [row] = (await db.execute<Record<string, string[]>>(sql`select ${openIds}`)).rows;
  const ids = open.flatMap((_, i) => row[`s${i}`]).slice(0, wanted);
  // The finished segment's part of the page: from what the open ones left of the offset to the end.
  const skip = Math.max(0, offset - ids.length);
  const take = wanted - ids.length - skip;
  const page = ids.slice(offset);
  if (take <= 0 && !page.length) return [];
  const finishedPart =
    take > 0
      ? sql`union all
            select s.id, null from (select loads.id from loads
                                     where ${segmentCondition(cond, finished)}
                                     order by ${listOrder("pickupAt", finished.dir)}
                                     limit ${number(take)} offset ${number(skip)}) s`
      : sql``;
  // Open ids first, in their order (n); then the finished segment's rows in its own.
  const result = await db.execute<ListRow>(sql`
    select ${PAGE_COLUMNS}
      from (select u.id, u.n from unnest(${sql.param(page)}::uuid[]) with ordinality u(id, n)
            ${finishedPart}) w
      join loads p on p.id = w.id
      left join customers c on c.id = p.customer_id
      left join drivers d on d.id = p.driver_id
     order by w.n asc nulls last, ${listOrder("pickupAt", finished.dir, "p")}`);
  return result.rows.map(listItemOf);
}

/** The work order segment by segment: one statement each until the page is full. */
export async function workPageBySegment(
  db: Tx,
  cond: SQL | undefined,
  limit: number,
  offset: number,
  anyOf?: { base: SQL; parts: SQL[] },
): Promise<LoadListItem[]> {
  const items: LoadListItem[] = [];
  let skip = offset;
  for (const segment of WORK_SEGMENTS) {
    const where = segmentCondition(cond, segment);
    const rows = anyOf
      ? await listLoadItems(
          db,
          segmentCondition(anyOf.base, segment),
          "pickupAt",
          segment.dir,
          limit - items.length,
          skip,
          anyOf.parts,
        )
      : await listLoadItems(db, where, "pickupAt", segment.dir, limit - items.length, skip);
    items.push(...rows);
    if (items.length >= limit) break;
    // This segment ran out: what was left of the offset carries into the next one.
    skip = rows.length > 0 || skip === 0 ? 0 : skip - (await countUpTo(db, where, skip));
  }
  return items;
}

/** Counts matching loads, but stops at `cap + 1`: cheap however large the table is. */
export async function countUpTo(db: Tx, cond: SQL | undefined, cap: number): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from loads where ${cond ?? sql`true`} limit ${cap + 1}) t`,
  );
  return result.rows[0].n;
}

/** The planner's row estimate for the same condition (statistics kept by ANALYZE/autovacuum). */
export async function estimateCount(db: Tx, cond: SQL | undefined): Promise<number> {
  const result = await db.execute<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
    sql`explain (format json) select 1 from loads where ${cond ?? sql`true`}`,
  );
  return Math.round(result.rows[0]["QUERY PLAN"][0].Plan["Plan Rows"]);
}

// ---- One load

export type DetailRow = ListRow & {
  description: string;
  weight_lbs: string | null;
  base_rate: string;
  fuel_surcharge: string | null;
  lumper_fee: string | null;
  detention: string | null;
  other_charges: string | null;
  customer_rate: string | null;
  vehicle_id: string | null;
  vehicle_label: string | null;
  trailer_id: string | null;
  trailer_label: string | null;
  fuel_used_gallons: string | null;
  pay_type: PayType | null;
  pay_rate: string | null;
  driver_pay: string | null;
  pay_from_driver_default: boolean;
  notes: string;
  equipment_type: LoadDetail["equipmentType"];
  commodity: string;
  temp_min_f: string | null;
  temp_max_f: string | null;
  piece_count: number | null;
  pallet_count: number | null;
  po_number: string;
  bol_number: string;
  invoice_number: string | null;
  completes_on: LoadCompletion;
  miles_override_reason: string | null;
  /** The company's calendar day and the load's delivery day (YYYY-MM-DD), for the driver's papers. */
  today: string;
  delivery_day: string | null;
  license_expiry: string | null;
  medical_card_expiry: string | null;
  accepted_at: string | null;
  started_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
  /** JSON built by PostgreSQL; its timestamps are PostgreSQL's text ("2026-11-20 14:05:00+00"). */
  stops: LoadDetail["stops"];
  timeline: LoadDetail["timeline"];
  files: LoadDetail["files"];
} & Pick<PaperworkRow, "paperwork_status" | "reason" | "reviewed_at" | "reviewed_by_name" | "requested_at">;

/**
 * The statement of `loadDetailRow`, built once (Drizzle walked its fragments on every request). Its
 * one row has one column, `d`: the detail's fields as one JSON object (`row_to_json`), so `pg`
 * describes and parses one field instead of sixty — per field it looks a parser up and copies a
 * sixty-key row object, ~0.25 ms of Node a request (docs/performance.md, engineer n, 29 Nov 2026).
 * The values are the wide row's: numerics and timestamps as PostgreSQL's text (`::text`: JSON would
 * write numbers as numbers and timestamps as "…T14:05:00+00:00"), so `isoTimestamp` formats every
 * timestamp without a Date, the stops', timeline's and files' too; integers and booleans as JSON's.
 */
const DETAIL_QUERY_HEAD = sql.raw(
  builtText(sql`select row_to_json(x) as d from (
    select l.id, l.load_number, l.status, l.customer_id, c.company_name as customer_name,
           l.driver_id, d.full_name as driver_name, l.pickup_city, l.pickup_state, l.pickup_at::text as pickup_at,
           l.delivery_city, l.delivery_state, l.delivery_at::text as delivery_at, l.total_rate::text as total_rate,
           l.loaded_miles::text as loaded_miles, l.empty_miles::text as empty_miles, l.miles_source,
           l.miles_override_reason, l.posted_to_board, l.description, l.weight_lbs::text as weight_lbs,
           l.base_rate::text as base_rate, l.fuel_surcharge::text as fuel_surcharge,
           l.lumper_fee::text as lumper_fee, l.detention::text as detention,
           l.other_charges::text as other_charges, l.customer_rate::text as customer_rate, l.vehicle_id,
           v.unit_number as vehicle_label, l.trailer_id, t.identifier as trailer_label,
           l.fuel_used_gallons::text as fuel_used_gallons, l.pay_type, l.pay_rate::text as pay_rate,
           l.driver_pay::text as driver_pay, l.pay_from_driver_default, l.notes,
           l.accepted_at::text as accepted_at, l.started_at::text as started_at,
           l.delivered_at::text as delivered_at, l.created_at::text as created_at,
           l.updated_at::text as updated_at, l.equipment_type, l.commodity,
           l.temp_min_f::text as temp_min_f, l.temp_max_f::text as temp_max_f, l.piece_count,
           l.pallet_count, l.po_number, l.bol_number,
           current_date::text as today, l.delivery_at::date::text as delivery_day,
           d.license_expiry::text as license_expiry, d.medical_card_expiry::text as medical_card_expiry,
           (select i.invoice_number from invoice_loads il join invoices i on i.id = il.invoice_id
             where il.load_id = l.id and not il.released limit 1) as invoice_number,
           coalesce((select ds.load_completion from dispatch_settings ds where ds.id = 1),
                    ${sql.raw(`'${DEFAULT_LOAD_COMPLETION}'`)}) as completes_on,
           coalesce((select json_agg(json_build_object(
                       'id', s.id, 'sequence', s.sequence, 'type', s.type,
                       'locationName', s.location_name, 'address', s.address, 'city', s.city,
                       'state', s.state, 'postalCode', s.postal_code, 'scheduledAt', s.scheduled_at::text,
                       'contactName', s.contact_name, 'contactPhone', s.contact_phone,
                       'locationId', s.location_id, 'appointmentKind', s.appointment_kind,
                       'scheduledEnd', s.scheduled_end::text, 'referenceNumber', s.reference_number,
                       'poNumber', s.po_number, 'arrivedAt', s.arrived_at::text, 'doneAt', s.done_at::text,
                       'departedAt', s.departed_at::text, 'detentionMinutes', s.detention_minutes,
                       'detentionAmount', s.detention_amount::text, 'detentionStatus', s.detention_status,
                       'latitude', s.latitude, 'longitude', s.longitude, 'geoPrecision', s.geo_precision,
                       'geoSource', s.geo_source, 'geoStatus', s.geo_status, 'timeZone', s.time_zone)
                       order by s.sequence)
                       from load_stops s where s.load_id = l.id), '[]') as stops,
           coalesce((select json_agg(json_build_object(
                       'id', e.id, 'kind', e.kind, 'data', e.data,
                       'fromStatus', e.from_status, 'toStatus', e.to_status,
                       'actorName', e.actor_name, 'note', e.note, 'createdAt', e.created_at::text)
                       order by e.created_at, e.id)
                       from load_status_events e where e.load_id = l.id), '[]') as timeline,
           coalesce((select json_agg(json_build_object(
                       'id', lf.id, 'kind', lf.kind, 'fileName', f.file_name,
                       'contentType', f.content_type, 'size', f.size,
                       'uploadedVia', lf.uploaded_via, 'createdAt', lf.created_at::text,
                       'occurredAt', lf.occurred_at::text, 'receivedAt', lf.received_at::text,
                       'late', coalesce(lf.received_at - lf.occurred_at > ${LATE_SYNC_INTERVAL}, false))
                       order by lf.created_at)
                       from load_files lf join files f on f.id = lf.file_id
                      where lf.load_id = l.id), '[]') as files,
           ${statusOf} as paperwork_status, r.reason, r.reviewed_at::text as reviewed_at,
           ru.name as reviewed_by_name, r.requested_at::text as requested_at
      from loads l
      cross join lateral ${paperFiles} pf
      left join load_paperwork_reviews r on r.load_id = l.id
      left join users ru on ru.id = r.reviewed_by
      left join customers c on c.id = l.customer_id
      left join drivers d on d.id = l.driver_id
      left join vehicles v on v.id = l.vehicle_id
      left join trailers t on t.id = l.trailer_id
     where l.id = `),
);
const DETAIL_QUERY_TAIL = sql.raw(") x");

/** The text of a statement without parameters (its constants are written in it). */
function builtText(query: SQL): string {
  const built = new PgDialect().sqlToQuery(query);
  if (built.params.length) throw new Error("builtText: the statement has parameters");
  return built.sql;
}

/**
 * A load with its customer, driver, vehicle and trailer names, stops, status timeline and files, in
 * one statement with its paperwork review (one round trip; the detail page and every action's answer
 * read it). Its timestamps are PostgreSQL's text, its stops', timeline's and files' too.
 */
export async function loadDetailRow(db: Tx, id: string): Promise<DetailRow | undefined> {
  const result = await db.execute<{ d: DetailRow }>(sql`${DETAIL_QUERY_HEAD}${id}${DETAIL_QUERY_TAIL}`);
  return result.rows[0]?.d;
}

/**
 * Replaces a load's stops, keeping the order given. A stop that names one of the load's stops by id
 * keeps that id and its check-ins and detention (an edit does not erase what the driver reported).
 */
export async function writeStops(tx: Tx, loadId: string, stops: StopOutput[]): Promise<void> {
  const previous = await tx.select().from(loadStops).where(eq(loadStops.loadId, loadId));
  const kept = new Map(previous.map((p) => [p.id, p]));
  // Where each stop is (issue 40): kept when its address did not change, else the saved location's
  // point or the gazetteer's.
  const places = await placeStops(tx, stops, kept);
  await tx.delete(loadStops).where(eq(loadStops.loadId, loadId));
  await tx.insert(loadStops).values(
    stops.map((s, i) => {
      const before = s.id ? kept.get(s.id) : undefined;
      kept.delete(s.id ?? "");
      return {
        ...(before
          ? {
              id: before.id,
              arrivedAt: before.arrivedAt,
              doneAt: before.doneAt,
              departedAt: before.departedAt,
              detentionMinutes: before.detentionMinutes,
              detentionAmount: before.detentionAmount,
              detentionStatus: before.detentionStatus,
            }
          : {}),
        loadId,
        sequence: i + 1,
        type: s.type,
        locationId: s.locationId ?? null,
        locationName: s.locationName,
        address: s.address,
        city: s.city,
        state: s.state,
        postalCode: s.postalCode ?? "",
        appointmentKind: s.appointmentKind,
        scheduledAt: new Date(s.scheduledAt),
        scheduledEnd:
          s.appointmentKind === "appointment" || !s.scheduledEnd ? null : new Date(s.scheduledEnd),
        contactName: s.contactName,
        contactPhone: s.contactPhone,
        referenceNumber: s.referenceNumber,
        poNumber: s.poNumber,
        ...places[i],
      };
    }),
  );
}

/** A timeline event: what happened as a kind and its data; `note` only what a person typed. */
export async function insertEvent(
  tx: Tx,
  e: {
    loadId: string;
    kind: LoadEventKind;
    data?: LoadEventData;
    from: LoadStatus | null;
    to: LoadStatus;
    actor: { userId: string; name: string } | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.insert(loadStatusEvents).values({
    loadId: e.loadId,
    kind: e.kind,
    data: e.data ?? {},
    fromStatus: e.from,
    toStatus: e.to,
    actorId: e.actor?.userId ?? null,
    actorName: e.actor?.name ?? null,
    note: e.note || null,
  });
}

/** Whether the load has a file of these kinds (by default the BOL or the POD). */
export async function hasDeliveryProof(
  tx: Tx,
  loadId: string,
  kinds: LoadFileKind[] = ["bol", "pod"],
): Promise<boolean> {
  const [row] = await tx
    .select({ id: loadFiles.id })
    .from(loadFiles)
    .where(and(eq(loadFiles.loadId, loadId), inArray(loadFiles.kind, kinds)))
    .limit(1);
  return !!row;
}

/** When the company counts a load as delivered (Settings → Company → Deliveries; issue 38). */
export async function loadCompletionRule(tx: Tx): Promise<LoadCompletion> {
  const [row] = await tx
    .select({ rule: dispatchSettings.loadCompletion })
    .from(dispatchSettings)
    .where(eq(dispatchSettings.id, 1));
  return (row?.rule as LoadCompletion | undefined) ?? DEFAULT_LOAD_COMPLETION;
}

// ---- Numbers

export const formatLoadNumber = (year: number, n: number) => `LD-${year}-${String(n).padStart(5, "0")}`;

export async function loadNumberTaken(tx: Tx, loadNumber: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(and(eq(loads.loadNumber, loadNumber), exceptId ? sql`${loads.id} <> ${exceptId}` : undefined));
  return !!row;
}

/** Takes the next number from the sequence, skipping any a user already typed by hand. */
export async function takeLoadNumber(tx: Tx, year: number): Promise<string> {
  for (;;) {
    const result = await tx.execute<{ n: string }>(sql`select nextval('load_number_seq')::text as n`);
    const candidate = formatLoadNumber(year, Number(result.rows[0].n));
    if (!(await loadNumberTaken(tx, candidate))) return candidate;
  }
}

/** The number the next load would get, without using it up. */
export async function peekLoadNumber(db: Tx, year: number): Promise<string> {
  const result = await db.execute<{ last_value: string; is_called: boolean }>(
    sql`select last_value::text, is_called from load_number_seq`,
  );
  const { last_value, is_called } = result.rows[0];
  let n = Number(last_value) + (is_called ? 1 : 0);
  for (let i = 0; i < 100; i++, n++) {
    const candidate = formatLoadNumber(year, n);
    if (!(await loadNumberTaken(db, candidate))) return candidate;
  }
  return formatLoadNumber(year, n);
}

// ---- Drivers and assets

export async function findDriver(tx: Tx, id: string) {
  const [row] = await tx.select().from(drivers).where(eq(drivers.id, id));
  return row;
}

/** Labels of the driver's open asset assignment (unit number, trailer identifier). */
export async function openAssetsOf(db: Tx, driverId: string) {
  const [row] = await db
    .select({ vehicleLabel: vehicles.unitNumber, trailerLabel: trailers.identifier })
    .from(assetAssignments)
    .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
    .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
    .where(and(eq(assetAssignments.driverId, driverId), isNull(assetAssignments.endedAt)));
  return { vehicleLabel: row?.vehicleLabel ?? null, trailerLabel: row?.trailerLabel ?? null };
}
