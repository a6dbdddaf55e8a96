import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * Statements the app runs again and again are prepared once per connection and then only executed.
 *
 * PostgreSQL plans every unnamed statement from scratch. For the app's reads — a load with its
 * stops, timeline and files in one statement; a vehicle with its service history — planning costs
 * several times the execution (a load's detail: ~2.6 ms to plan, ~0.5 ms to run), so the database
 * spent most of each request planning the same text again (docs/performance.md, issue 19). A named
 * statement is parsed and planned once per connection; PostgreSQL keeps a generic plan when it is no
 * worse than the custom ones and replans on its own after a schema change.
 *
 * What is prepared: a parameterised statement (values given; a text without values may hold several
 * commands, which only the simple protocol runs) the second time its text is seen, so a one-off
 * never takes a slot. Each connection prepares at most `perConnection` texts; past that, a new text is
 * planned each time, as before. The name is a hash of the text, the same on every connection.
 *
 * Never prepared: a text search (`ilike`). Its best plan depends on the term — a common word walks an
 * index in order until a page is found, a rare one asks its trigram index — and the generic plan
 * PostgreSQL settles on after five runs knows no term: the customer portal's search then walked all of
 * a customer's 88,757 loads for a word matching none (187 ms, against 3 ms planned for it; issue 42).
 *
 * Turned off with DATABASE_PREPARED_STATEMENTS=false for a pooler that cannot keep them (PgBouncer in
 * transaction mode before 1.21).
 */
export const PREPARED_PER_CONNECTION = 200;
/** A text search, planned for its term every time (see above). */
const SEARCH = /\bilike\b/i;
/** How many distinct texts are remembered between their first and second run. */
const SEEN_LIMIT = 10_000;

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };
type QueryFn = (config: unknown, values?: unknown, callback?: unknown) => unknown;

export function autoPrepare(pool: pg.Pool, perConnection = PREPARED_PER_CONNECTION): void {
  // text → its statement name once seen twice; null after its first run
  const names = new Map<string, string | null>();
  const nameFor = (text: string): string | undefined => {
    const known = names.get(text);
    if (known) return known;
    if (known === undefined) {
      if (names.size >= SEEN_LIMIT) names.clear();
      names.set(text, null);
      return undefined;
    }
    const name = `lms_${createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
    names.set(text, name);
    return name;
  };

  pool.on("connect", (client) => {
    const prepared = new Set<string>();
    const query = client.query.bind(client) as QueryFn;
    const named = (config: unknown, values: unknown): QueryConfig | undefined => {
      const c: QueryConfig | undefined =
        typeof config === "string"
          ? { text: config }
          : config && typeof config === "object" && typeof (config as QueryConfig).text === "string"
            ? (config as QueryConfig)
            : undefined;
      // a cursor or stream (submit) and a statement that already has a name keep their own way
      if (!c || c.name !== undefined || c.submit !== undefined) return undefined;
      const params = Array.isArray(values) ? values : c.values;
      if (!Array.isArray(params) || params.length === 0 || SEARCH.test(c.text)) return undefined;
      const name = nameFor(c.text);
      if (!name || (!prepared.has(name) && prepared.size >= perConnection)) return undefined;
      prepared.add(name);
      return { ...c, name };
    };
    (client as unknown as { query: QueryFn }).query = (config, values, callback) =>
      query(named(config, values) ?? config, values, callback);
  });
}
