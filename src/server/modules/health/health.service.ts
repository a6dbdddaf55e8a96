import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * The check in flight per database: health checks arriving together (a load balancer's, a monitor's,
 * several instances' probes) share one `select 1` rather than queueing one each for the pool. Every
 * answer comes from a query still running when it was asked — never a remembered one (issue 42 point 5).
 */
const inFlight = new WeakMap<Db, Promise<boolean>>();

/** True when the database answers a trivial query. */
export function databaseAnswers(db: Db): Promise<boolean> {
  let check = inFlight.get(db);
  if (!check) {
    check = db
      .execute(sql`select 1`)
      .then(
        () => true,
        () => false,
      )
      .finally(() => inFlight.delete(db));
    inFlight.set(db, check);
  }
  return check;
}
