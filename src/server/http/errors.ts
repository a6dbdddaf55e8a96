import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ZodError } from "zod";
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

export function handleError(log: Logger) {
  return (err: Error, c: Context) => {
    if (err instanceof HttpError) return c.json(errorBody(err.code, err.message, err.details), err.status);
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      const code = status === 400 ? "VALIDATION_FAILED" : status === 401 ? "UNAUTHENTICATED" : "HTTP_ERROR";
      return c.json(errorBody(code, err.message || "The request could not be processed."), status);
    }
    log.error("unhandled error", { path: c.req.path, error: err.stack ?? String(err) });
    return c.json(errorBody("INTERNAL", "Something went wrong. Please try again."), 500);
  };
}
