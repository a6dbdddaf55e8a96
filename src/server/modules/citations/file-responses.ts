import { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../../http/context";
import { HttpError } from "../../http/errors";

/** HTTP pieces the safety modules share for uploads, downloads and exports. */

/** `attachment` (or `inline`) with an ASCII fallback name and the exact UTF-8 one (RFC 6266). */
export function contentDisposition(fileName: string, disposition: "attachment" | "inline" = "attachment") {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\;]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The file plus the multipart envelope; anything larger is refused before it is buffered. */
export function uploadBodyLimit(maxBytes: number): MiddlewareHandler<AppEnv> {
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

export const EXPORT_TYPES = ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"];

export const fileField = z
  .instanceof(File, { message: "Choose a file." })
  .openapi({ type: "string", format: "binary" });

/** Headers of a stored file sent back: never sniffed by the browser, never cached by a proxy. */
export function fileHeaders(
  file: { fileName: string; contentType: string },
  disposition: "attachment" | "inline" = "attachment",
) {
  return {
    "Content-Type": file.contentType,
    "Content-Disposition": contentDisposition(file.fileName, disposition),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  };
}
