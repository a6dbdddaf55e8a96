import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/**
 * SQL that writes an answer's JSON text exactly as `JSON.stringify` would (issue 42, target 4: a read
 * answered with `JsonText`, so `pg` parses one text column and Node stringifies nothing).
 *
 * `row_to_json` writes compact JSON (no spaces) with the keys in the select's order, and a `json`
 * value inside as it is; `json_build_object` and `json_agg` add spaces and new lines, so they are not
 * used here. Strings are escaped as `JSON.stringify` escapes them (`\"`, `\\`, `\n`…, `\u00xx` for the
 * other control characters, nothing else). What the caller must still write as the API does: money
 * `::text` (a numeric would be a JSON number), timestamps with `isoTime` (PostgreSQL writes an offset),
 * and only integers as numbers (a float's text differs from JavaScript's for very large or small ones).
 */
export type JsonFields = Record<string, SQLWrapper>;

/** `e1 as "k1", e2 as "k2", …` in the fields' order. */
function selectList(fields: JsonFields): SQL {
  return sql.join(
    Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/*
 * The same rules, for a record built column by column (a load's detail: `to_json` of a record whose
 * columns are the API's fields) — numeric columns the API sends as numbers with their trailing zeros
 * cut (`trim_scale`: `Number("512.0")` is 512; at most 15 digits, so exact); a double precision only
 * where `floatIsExact` holds, a flat `jsonb` object through `flatObjectJson`: a caller checks those
 * and builds the value instead where they do not hold.
 */

/** A timestamp as `Date#toISOString` writes it ("2026-11-28T16:00:00.000Z"; null stays null). */
export const isoTime = (x: SQLWrapper): SQL<string | null> =>
  sql`to_char((${x}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The fields as one JSON object (`json`), inside a statement whose columns they may name. */
export const jsonObject = (fields: JsonFields): SQL<unknown> =>
  sql`(select row_to_json(j) from (select ${selectList(fields)}) j)`;

/** The same object as text, for the outer answer. */
export const jsonObjectText = (fields: JsonFields): SQL<string> =>
  sql`(select row_to_json(j)::text from (select ${selectList(fields)}) j)`;

/**
 * A JSON array (`json`, `[]` when empty) of one object per row of `from` (tables and joins, where
 * `where` and `orderBy` may name them), in `orderBy` order.
 */
export function jsonList(fields: JsonFields, rows: { from: SQL; where: SQL; orderBy: SQL }): SQL<unknown> {
  return sql`coalesce((
    select ('[' || string_agg(row_to_json(j)::text, ',' order by ${rows.orderBy}) || ']')::json
    from ${rows.from} cross join lateral (select ${selectList(fields)}) j
    where ${rows.where}), '[]'::json)`;
}

/**
 * A `jsonb` value as compact JSON text. PostgreSQL writes jsonb with a space after every `:` and `,`;
 * the pattern takes each string whole (so a ": " inside one stays) and drops the space after a
 * separator outside strings. Key order is jsonb's stored order, which is what `JSON.parse` of the same
 * value keeps. Numbers are written as PostgreSQL writes them (only for jsonb without fractions).
 */
export const compactJsonb = (x: SQLWrapper): SQL<unknown> =>
  sql`regexp_replace(${x}::text, '("(?:[^"\\\\]|\\\\.)*")|([:,]) ', '\\1\\2', 'g')::json`;

/**
 * A double precision as `to_json` should write it: -0 as 0 (JS writes 0). Exact only with
 * `floatIsExact`.
 */
export const floatJson = (e: SQL) => sql`case when ${e} = 0 then 0::float8 else ${e} end`;

/**
 * Whether `float8out` prints this double as `JSON.stringify` does: the same shortest digits
 * (`extra_float_digits` > 0, checked by `shortestFloats`) in the same plain notation, which both use
 * for 1e-4 ≤ |x| < 1e15 (PostgreSQL writes `1e-05`, JS `0.00001`); null and zero too.
 */
export const floatIsExact = (e: SQL) =>
  sql`(${e} is null or ${e} = 0 or (abs(${e}) >= 1e-4 and abs(${e}) < 1e15))`;
export const shortestFloats = sql`current_setting('extra_float_digits')::int > 0`;

/**
 * A flat `jsonb` object (string, number, boolean and null values: the load timeline's data) as `json`
 * whose text is `JSON.stringify(JSON.parse(its jsonb text))`: its keys in jsonb's order (the aggregate
 * reads the pairs as `jsonb_each` returns them, with no sort between), numbers as JS writes the double
 * they parse to — exact for at most 15 significant digits and 1e-6 ≤ |x| < 1e21. Null for anything
 * else (a nested value, such a number, not an object): the caller must check.
 */
export const flatObjectJson = (
  e: SQL,
) => sql`(select case when jsonb_typeof(${e}) = 'object' and count(*) = count(x.v)
                   then ('{' || coalesce(string_agg(to_json(x.k)::text || ':' || x.v, ','), '') || '}')::json end
              from (select d.k,
                           case jsonb_typeof(d.v)
                             when 'number' then case when d.v::numeric = 0 then '0'
                               when abs(d.v::numeric) >= 1e-6 and abs(d.v::numeric) < 1e21
                                and length(trim(leading '0' from replace(trim_scale(abs(d.v::numeric))::text, '.', ''))) <= 15
                               then trim_scale(d.v::numeric)::text end
                             when 'object' then null when 'array' then null
                             else d.v::text end as v
                      from jsonb_each(case when jsonb_typeof(${e}) = 'object' then ${e} else '{}' end) as d(k, v)) x)`;

/**
 * `select e1 as "key1", e2 as "key2", …`: a record whose `to_json` is the object with these keys in
 * this order. Keys are the API's field names (letters only).
 */
export function jsonColumns(fields: ReadonlyArray<readonly [string, SQL]>): SQL {
  return sql.join(
    fields.map(([key, value]) => {
      if (!/^[A-Za-z]+$/.test(key)) throw new Error(`Not a field name: ${key}`);
      return sql`${value} as ${sql.raw(`"${key}"`)}`;
    }),
    sql`, `,
  );
}

/**
 * The JSON array (`json`, `[]` when empty) of the records `select <columns> from <from> order by
 * <order>` — one object per row, keys in the columns' order. The rows come from a sorted subquery,
 * PostgreSQL's way to feed an aggregate in order.
 */
export function jsonArrayOf(columns: SQL, from: SQL, order: SQL): SQL {
  return sql`coalesce((select array_to_json(array_agg(x)) from (select ${columns} from ${from} order by ${order}) x), '[]'::json)`;
}
