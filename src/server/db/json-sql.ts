import { type SQL, sql } from "drizzle-orm";

/*
 * JSON written by PostgreSQL exactly as `JSON.stringify` writes the API's value (issue 42, target 4):
 * a read whose whole answer the database writes (`http/json-text.ts`) is sent without Node parsing
 * the row or stringifying the answer. `json_build_object` and `json_agg` write `{"a" : 1}` and
 * `[1, 2]` (spaces), and `jsonb` reorders keys; `to_json(record)` and `array_to_json` write compact
 * JSON with the keys in the columns' order, so an answer is a record whose columns are the API's
 * fields, each of a type `to_json` writes as the API does:
 *
 * - text, uuid and enums as strings: PostgreSQL escapes `"`, `\`, \b \f \n \r \t and other controls
 *   as `\u00xx`, as `JSON.stringify` does (the database holds no lone surrogates);
 * - timestamps as text in `toISOString()`'s form (`isoText`);
 * - numeric columns the API sends as numbers with their trailing zeros cut (`trim_scale`: `Number("512.0")`
 *   is 512; at most 15 digits, so exact), money as text ("1975.00");
 * - booleans, integers, nested `json` as they are;
 * - a double precision only where `floatIsExact` holds, a flat `jsonb` object through `flatObjectJson`:
 *   a caller checks those and builds the value instead where they do not hold.
 */

/** A timestamptz as `toISOString()` writes it (UTC, milliseconds truncated as `new Date(text)` does). */
export const isoText = (e: SQL) => sql`to_char((${e}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
