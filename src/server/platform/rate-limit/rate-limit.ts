import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { HttpError } from "../../http/errors";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * A fixed-window counter in PostgreSQL, so every instance of the app shares it.
 * `hit("sign-in:ip:1.2.3.4", 10, 60)` allows 10 hits a minute for that key.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<RateLimitResult> {
  const { rows } = await db.execute<{ count: number; reset_in: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds})
                   then now() else rate_limits.window_start end
    returning count,
      ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int as reset_in`);
  const row = rows[0];
  return { allowed: Number(row.count) <= limit, retryAfter: Math.max(1, Number(row.reset_in)) };
}

/**
 * Counts one hit on each key and refuses past the limit with 429 RATE_LIMITED; the error handler turns
 * `details.retryAfter` into a Retry-After header. `what` names the attempts ("sign-in attempts").
 */
export async function enforceRateLimit(
  db: Db,
  keys: string[],
  limit: number,
  windowSeconds: number,
  what = "requests",
): Promise<void> {
  for (const key of keys) {
    const hit = await hitRateLimit(db, key, limit, windowSeconds);
    if (!hit.allowed) {
      throw new HttpError(429, "RATE_LIMITED", `Too many ${what}. Try again in ${hit.retryAfter} seconds.`, {
        retryAfter: hit.retryAfter,
      });
    }
  }
}
