import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Only JSON documents, whole: never an event stream, a line-by-line answer or a stored file. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * The encoding to send for an `Accept-Encoding` header: brotli when the browser takes it (smaller),
 * gzip otherwise, none when neither is accepted (q=0 refuses one; `*` stands for any not named).
 */
export function chooseEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (!header) return undefined;
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    q.set(name, weight === undefined ? 1 : Number(weight));
  }
  const of = (name: string) => q.get(name) ?? q.get("*") ?? 0;
  const br = of("br");
  const gz = of("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return undefined;
}

/** Adds `Accept-Encoding` to a response's `Vary` unless it is there already. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get("Vary");
  if (vary === "*" || (vary && /(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(vary))) return;
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Compresses the API's JSON answers of `threshold` bytes or more (decision 058): brotli at quality 4
 * (close to gzip's speed, smaller than gzip 6 on our lists) or gzip level 6, per `Accept-Encoding`,
 * off the event loop (zlib's thread pool). The answer is whole in memory already (`c.json`), so its
 * `Content-Length` stays exact. Event streams, the assistant's line-by-line answer and file downloads
 * (PDFs, images, ranges) are other content types and pass untouched, as does anything marked
 * `no-transform` or already encoded. `contentType` compresses another whole answer the same way (the
 * driver's home document, written per request: decision 064).
 */
export function compressJson(options: { threshold?: number; contentType?: RegExp } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? COMPRESS_THRESHOLD_BYTES;
  const types = options.contentType ?? JSON_TYPE;
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get("Content-Type") ?? "";
    if (
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      !types.test(type) ||
      res.headers.has("Content-Encoding") ||
      NO_TRANSFORM.test(res.headers.get("Cache-Control") ?? "")
    )
      return;
    const length = Number(res.headers.get("Content-Length") ?? Number.NaN);
    if (length < threshold) return; // a declared small answer: no need to read it
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) {
      // Nothing to encode for this client: the answer goes out as it is (its length is the server's to
      // write), varying on Accept-Encoding. Its body is not read: asking @hono/node-server's light
      // answer for its body turns the string it writes straight to the socket into a web stream, read
      // and wrapped again (issue 42: a fifth of a small read's time).
      varyOnEncoding(res.headers);
      return;
    }
    if (!res.body) return;
    const body = Buffer.from(await res.arrayBuffer());
    // Hono copies the old answer's headers onto a new one: set ours after replacing it.
    const replace = (content: Uint8Array) => {
      c.res = new Response(new Uint8Array(content), {
        status: res.status,
        statusText: res.statusText,
        headers: res.headers,
      });
      varyOnEncoding(c.res.headers);
      c.res.headers.set("Content-Length", String(content.length));
    };
    if (body.length < threshold) return replace(body);
    const packed =
      encoding === "br"
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : await gzipAsync(body, { level: 6 });
    replace(packed);
    c.res.headers.set("Content-Encoding", encoding);
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
