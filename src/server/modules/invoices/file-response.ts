import { z } from "@hono/zod-openapi";
import type { Context } from "hono";

/** `attachment` (or `inline`) with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(fileName: string, disposition: "attachment" | "inline" = "attachment") {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A generated file (PDF, CSV, Excel) as a private, uncached download. */
export function fileResponse(
  c: Context,
  file: { body: Uint8Array | string; contentType: string; fileName: string },
  disposition: "attachment" | "inline" = "attachment",
) {
  return c.body(file.body as Uint8Array<ArrayBuffer> | string, 200, {
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(file.fileName, disposition),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
}

/** OpenAPI description of a binary answer in the given types. */
export const binary = (types: string[], description: string) => ({
  description,
  content: Object.fromEntries(
    types.map((t) => [t, { schema: z.string().openapi({ type: "string", format: "binary" }) }]),
  ),
});

export const PDF_TYPE = "application/pdf";
export const SHEET_TYPES = ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"];
