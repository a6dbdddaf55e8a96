import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client";
import { enforceRateLimit } from "../platform/rate-limit/rate-limit";
import type { AppEnv } from "./context";

/**
 * A public operation's budget per client address, checked before any lookup or body parsing: 429 with
 * Retry-After past the limit (PostgreSQL-backed, so it holds across instances).
 */
export function rateLimitedByAddress(
  db: Db,
  bucket: string,
  { limit, windowSeconds }: { limit: number; windowSeconds: number },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await enforceRateLimit(db, [`public-${bucket}:${c.get("ip") ?? "unknown"}`], limit, windowSeconds);
    await next();
  };
}
