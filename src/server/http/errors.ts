import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { core } from "zod";

/** A failed parse of any zod schema, classic or mini (the sign-in schema is mini: decision 022). */
type ZodError = core.$ZodError;

import type { Logger } from "../logger";

/** An error a user can act on. Services throw it; the app answers `{ error: { code, message, details } }`. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new HttpError(400, "VALIDATION_FAILED", message, details);
export const unauthenticated = () => new HttpError(401, "UNAUTHENTICATED", "Please sign in to continue.");
export const forbidden = (message = "You do not have permission to do this.", code = "FORBIDDEN") =>
  new HttpError(403, code, message);
export const notFound = (what = "The record") => new HttpError(404, "NOT_FOUND", `${what} was not found.`);
export const conflict = (message: string, code = "CONFLICT", details?: unknown) =>
  new HttpError(409, code, message, details);

export const NUL_MESSAGE = "Text cannot contain NUL characters.";
/** PostgreSQL's refusal of a NUL in text (22021) — the same user mistake, caught where it lands. */
export function isNulError(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (code === "22021" && typeof message === "string" && message.includes("0x00")) return true;
  }
  return false;
}

export function nulRefused(): HttpError {
  return badRequest(NUL_MESSAGE);
}

const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * PostgreSQL's foreign-key refusals (23503) are a caller's stale or made-up reference, not a fault of
 * ours: a write naming a record that does not exist is a 400 on that field; deleting a record others
 * still use is a 409. Services check the references they know of; this catches the rest.
 */
/**
 * The name of the unique constraint or index a write broke, or null for any other error. Drizzle
 * wraps the driver's error, so the chain of causes is walked.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505") return e.constraint ?? "";
    e = e.cause as typeof e;
  }
  return null;
}

export const DATE_OUT_OF_RANGE_MESSAGE = "Enter a real date.";
/**
 * A date PostgreSQL cannot hold (year 0, 10000…; 22008) that the shared schemas' ISO format let
 * through: the caller's mistake, a 400.
 */
export function dateOutOfRange(err: unknown): HttpError | null {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "22008") return badRequest(DATE_OUT_OF_RANGE_MESSAGE);
  }
  return null;
}

/**
 * A record the database froze (SQLSTATE LMS01, raised by a trigger: an approved settlement and its
 * lines, decision 025) — whatever code path tried, the answer is a 409.
 */
export function frozenRecord(err: unknown): HttpError | null {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "LMS01")
      return conflict("This record is locked and cannot change.", "RECORD_LOCKED");
  }
  return null;
}

export function foreignKeyError(err: unknown): HttpError | null {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code !== "23503" || typeof detail !== "string") continue;
    if (detail.includes("is still referenced")) {
      return conflict("This record is still in use and cannot be removed.", "IN_USE");
    }
    const column = /^Key \(([a-z_]+)\)=/.exec(detail)?.[1];
    const message = "The selected record does not exist.";
    return badRequest(message, column ? { fields: { [camel(column)]: message } } : undefined);
  }
  return null;
}

/** Field messages keyed by dotted path, as forms expect them. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(error: ZodError): HttpError {
  return badRequest("Please correct the highlighted fields.", { fields: fieldErrors(error) });
}

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: { code, message, ...(details === undefined ? {} : { details }) } };
}

/**
 * What the log may say about an unexpected error: its class and message, or for a database error
 * its SQLSTATE code and the table, column and constraint it names — never a query error's message,
 * which quotes the SQL with its parameters, nor the server's own message, which can quote a value
 * (personal data) — and the stack's frames.
 */
export function loggableError(err: Error): Record<string, unknown> {
  const db = databaseCause(err);
  return {
    name: err.name,
    ...(db ?? { message: err.message }),
    stack: err.stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .slice(0, 12)
      .map((line) => line.trim()),
  };
}

function databaseCause(err: unknown): Record<string, string> | null {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, severity, table, column, constraint } = e as Record<string, unknown>;
    // pg's DatabaseError: a SQLSTATE code with a severity.
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string") {
      const named = Object.entries({ table, column, constraint }).filter(([, v]) => typeof v === "string");
      return { dbCode: code, ...Object.fromEntries(named) } as Record<string, string>;
    }
  }
  // A query error without a database cause: its message is the SQL and parameters.
  return err instanceof Error && err.message.startsWith("Failed query:") ? { dbCode: "unknown" } : null;
}

export function handleError(log: Logger) {
  return (thrown: Error, c: Context) => {
    const err = isNulError(thrown)
      ? nulRefused()
      : (foreignKeyError(thrown) ?? dateOutOfRange(thrown) ?? frozenRecord(thrown) ?? thrown);
    // A body-size refusal answers before the body is read, and the server then stops reading and
    // closes the socket: say so, or a keep-alive client sends its next request down a closing socket.
    if ((err instanceof HttpError || err instanceof HTTPException) && err.status === 413)
      c.header("Connection", "close");
    if (err instanceof HttpError) {
      const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      if (err.status === 429 && typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
      return c.json(errorBody(err.code, err.message, err.details), err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      if (status === 415) {
        // The route's validator met a body of a media type the operation does not declare.
        return c.json(
          errorBody(
            "UNSUPPORTED_MEDIA_TYPE",
            "Send the request body in the media type the operation declares.",
          ),
          status,
        );
      }
      const code = status === 400 ? "VALIDATION_FAILED" : status === 401 ? "UNAUTHENTICATED" : "HTTP_ERROR";
      return c.json(errorBody(code, err.message || "The request could not be processed."), status);
    }
    const requestId = c.get("requestId") as string | undefined;
    log.error("unhandled error", {
      requestId,
      method: c.req.method,
      path: c.req.path,
      ...loggableError(err),
    });
    return c.json(
      errorBody("INTERNAL", "Something went wrong. Please try again.", requestId ? { requestId } : undefined),
      500,
    );
  };
}
