import { ApiRequestError } from "./api";

// Apart from api-errors.ts (on every screen): only the two import dialogs read it.

/** The import reader's refusals of a file past its limits (400, or 503 while it reads other files). */
const SHEET_LIMITS = new Set([
  "TOO_MANY_ROWS",
  "TOO_MANY_COLUMNS",
  "SHEET_TOO_LARGE",
  "SHEET_TOO_SLOW",
  "SERVER_BUSY",
]);

/**
 * A file an import refused for its size: the code (each import dialog words it, `import.limits.<code>`
 * in its namespace) and the limit the server sent (0 when it names none); null for any other error.
 */
export function sheetLimitOf(err: unknown): { code: string; max: number } | null {
  if (!(err instanceof ApiRequestError) || !SHEET_LIMITS.has(err.code)) return null;
  const d = err.details as { maxRows?: number; maxColumns?: number; maxMegabytes?: number } | undefined;
  return { code: err.code, max: d?.maxRows ?? d?.maxColumns ?? d?.maxMegabytes ?? 0 };
}
