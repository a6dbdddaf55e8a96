import { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Storage } from "../platform/storage/storage";
import type { AppEnv } from "./context";
import { HttpError, notFound } from "./errors";

/**
 * Files over HTTP, one way for every module: downloads (stored or generated) with the same headers,
 * uploads with the same size limit, and their OpenAPI descriptions.
 */

export type Disposition = "attachment" | "inline";

/** `attachment` (or `inline`) with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(fileName: string, disposition: Disposition = "attachment"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Headers of a file sent back: never sniffed by the browser, never cached by a proxy. */
export function fileHeaders(
  file: { fileName: string; contentType: string },
  disposition: Disposition = "attachment",
) {
  return {
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(file.fileName, disposition),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  };
}

/** A file to send: generated (`body`: a PDF, a CSV or Excel export) or stored (`bytes`). */
export type OutgoingFile = { contentType: string; fileName: string } & (
  | { body: Uint8Array | string }
  | { bytes: Uint8Array }
);

/** A file as a private, uncached download. */
export function fileResponse(c: Context, file: OutgoingFile, disposition: Disposition = "attachment") {
  const body = "bytes" in file ? file.bytes : file.body;
  return c.body(body as Uint8Array<ArrayBuffer> | string, 200, fileHeaders(file, disposition));
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

/** An upload's file field (multipart). */
export const fileField = z
  .instanceof(File, { message: "Choose a file." })
  .openapi({ type: "string", format: "binary" });

/**
 * The file plus the multipart envelope; anything larger is refused (413) before it is buffered, with
 * `message` or "The file is larger than 10 MB." (KB below a megabyte).
 */
export function uploadBodyLimit(maxBytes: number, message?: string): MiddlewareHandler<AppEnv> {
  const size =
    maxBytes < 1024 * 1024 ? `${Math.round(maxBytes / 1024)} KB` : `${Math.round(maxBytes / 1024 / 1024)} MB`;
  return bodyLimit({
    maxSize: maxBytes + 64 * 1024,
    onError: () => {
      throw new HttpError(413, "FILE_TOO_LARGE", message ?? `The file is larger than ${size}.`);
    },
  });
}

/** defineRoute owns the guard; an upload adds its body limit after it. */
export const withMiddleware = <R extends { middleware: unknown }>(
  route: R,
  ...extra: MiddlewareHandler<AppEnv>[]
) => ({ ...route, middleware: [route.middleware, ...extra].flat() });

/** An optional multipart file field: a File, or absent (a browser sends nothing, or an empty string). */
export const optionalFileField = (description: string) =>
  z
    .union([z.instanceof(File), z.string()])
    .optional()
    .openapi({ type: "string", format: "binary", description });

/** The uploaded file when one was chosen (an empty part with no name means none). */
export const chosenFile = (value: unknown): File | undefined =>
  value instanceof File && !(value.size === 0 && value.name === "") ? value : undefined;

/** A stored file's bytes, or 404 naming what is missing when the storage no longer has them. */
export async function readStored(storage: Storage, storageKey: string, what = "The file's content") {
  try {
    return await storage.read(storageKey);
  } catch {
    throw notFound(what);
  }
}
