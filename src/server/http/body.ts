import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./context";
import { HttpError, nulRefused } from "./errors";

/** Every JSON (or other non-file) request body is capped at this before it is read. */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/**
 * The ceiling for a multipart upload when its operation sets none; upload operations set their own,
 * tighter limit with the file's own message (e.g. "The file is larger than 10 MB.").
 */
export const UPLOAD_BODY_MAX_BYTES = 100 * 1024 * 1024;

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/**
 * 413 before the body is parsed: Content-Length is checked first, a streamed body as it arrives.
 * GET and HEAD carry no body (the server never reads one), so they pass without the check, which
 * would otherwise build a full web Request for every read.
 */
export function bodySizeLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new HttpError(413, "BODY_TOO_LARGE", `The request is larger than ${megabytes(maxBytes)}.`, {
        maxBytes,
      });
    },
  });
  return (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limit(c, next));
}

/** Whether any string (or key) in a parsed JSON value holds U+0000. */
function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object")
    return Object.entries(value).some(([k, v]) => k.includes("\0") || holdsNul(v));
  return false;
}

/**
 * No text the API takes may hold a NUL character: PostgreSQL cannot store one, so without this rule
 * it surfaces as a database error. Checked for every operation, after the size cap: the path and
 * query, and JSON strings and keys (read through Hono's body cache, so the operation's validation
 * does not read the body again). Multipart bodies are not read here — an upload's own, tighter size
 * limit runs after this and must see the body first; a NUL in one of their text fields is refused
 * by the error handler's mapping of PostgreSQL's encoding error (`isNulError` in errors.ts).
 */
export function rejectNulCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    if (url.includes("%00") || url.includes("\0")) throw nulRefused();
    const type = c.req.header("content-type")?.split(";")[0].trim().toLowerCase() ?? "";
    if (type === "application/json" || type.endsWith("+json")) {
      const text = await c.req.text();
      // Reading consumed the request's stream; later readers of the raw body (an upload's own size
      // limit, when JSON is sent to a multipart operation) get the same bytes again.
      if (c.req.method !== "GET" && c.req.method !== "HEAD")
        c.req.raw = new Request(c.req.raw, { body: text });
      // A NUL can only reach a JSON string as the escape \u0000 (a raw one is not valid JSON).
      if (/\\u0000/i.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined; // the operation's validation answers malformed JSON
        }
        if (holdsNul(parsed)) throw nulRefused();
      }
    }
    await next();
  };
}
