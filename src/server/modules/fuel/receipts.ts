import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../http/context";
import { HttpError, notFound } from "../../http/errors";
import type { Storage } from "../../platform/storage/storage";

/*
 * Receipt files of the fuel log and parking expenses: upload limits, the download answer and the
 * OpenAPI shapes both modules use. The bytes go through the storage service (size and content checked).
 */

/** `attachment` with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Headers for a stored file or an export handed to the browser. */
export function downloadHeaders(fileName: string, contentType: string): Record<string, string> {
  return {
    "Content-Type": contentType,
    "Content-Disposition": contentDisposition(fileName),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  };
}

export async function readStored(storage: Storage, storageKey: string): Promise<Uint8Array> {
  try {
    return await storage.read(storageKey);
  } catch {
    throw notFound("The receipt's content");
  }
}

/** The multipart envelope around a file; anything larger is refused before it is buffered. */
export function uploadLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw new HttpError(
        413,
        "FILE_TOO_LARGE",
        `The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`,
      );
    },
  });
}

/** defineRoute owns the guard; an upload adds its body limit after it. */
export const withMiddleware = <R extends { middleware: unknown }>(
  route: R,
  ...extra: MiddlewareHandler<AppEnv>[]
) => ({ ...route, middleware: [route.middleware, ...extra].flat() });

export const binaryResponse = (types: string[], description: string) => ({
  description,
  content: Object.fromEntries(
    types.map((t) => [t, { schema: z.string().openapi({ type: "string", format: "binary" }) }]),
  ),
});

export const SPREADSHEET_TYPES = [
  "text/csv",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
];

/** A multipart file field: a File, or absent (a browser sends nothing, or an empty string). */
export const fileField = (description: string) =>
  z
    .union([z.instanceof(File), z.string()])
    .optional()
    .openapi({ type: "string", format: "binary", description });

/** The uploaded file when one was chosen (an empty part with no name means none). */
export const chosenFile = (value: unknown): File | undefined =>
  value instanceof File && !(value.size === 0 && value.name === "") ? value : undefined;
