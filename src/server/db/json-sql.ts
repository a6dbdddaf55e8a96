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
