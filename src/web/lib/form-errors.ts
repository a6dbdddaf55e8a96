import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import type { ZodError } from "zod";
import { isApiError } from "./api-errors";

/**
 * A form's fields marked with what the shared schema refused: the first message of each field (a
 * field breaking several rules shows the first, as the server answers), fields the form does not
 * show ignored.
 */
export function showSchemaErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
  error: ZodError,
): void {
  const seen = new Set<string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0]);
    if (seen.has(name) || !(fields as readonly string[]).includes(name)) continue;
    seen.add(name);
    setError(name as Path<V>, { type: "format", message: issue.message });
  }
}

/** A 400 or 409 answer's field messages on the form's fields (the server checks with the same schema). */
export function showServerErrors<V extends FieldValues>(
  setError: UseFormSetError<V>,
  fields: readonly Path<V>[],
  error: unknown,
): void {
  if (!isApiError(error, 400) && !isApiError(error, 409)) return;
  for (const [name, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(name)) setError(name as Path<V>, { type: "server", message });
  }
}

/**
 * The same first message per field for a form held in state (no react-hook-form): what the shared
 * schema refused, keyed by the field's name.
 */
export function firstIssues(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

/** Every field's first message keyed by its dotted path ("policies.0.number"), as the server sends them. */
export function issuesByPath(error: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}
