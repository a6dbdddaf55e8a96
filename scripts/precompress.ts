/**
 * Every compressible file of a web build written next to itself as `.br` (brotli, quality 11) and
 * `.gz` (gzip, level 9), once at build time, so the server sends the smallest form the browser accepts
 * without compressing on each request (decision 058). `npm run build` runs it last, over `dist/web`:
 *   npx tsx scripts/precompress.ts [dir]
 * A file whose compressed form would not be smaller, or that is already compressed (images, fonts,
 * PDFs), is left alone; source maps too (only developer tools fetch them).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; everything else is already compressed or tiny. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;
/** Below this a compressed response saves less than its headers cost. */
const MIN_BYTES = 256;

export interface Precompressed {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

/** Compresses on libuv's thread pool, a few files at a time: brotli 11 is the slow part of a build. */
export async function precompress(dir: string): Promise<Precompressed> {
  const total: Precompressed = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = filesUnder(dir).filter((f) => COMPRESSIBLE.test(f) && statSync(f).size >= MIN_BYTES);
  const one = async (file: string) => {
    const raw = readFileSync(file);
    const [br, gz] = await Promise.all([
      brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzipAsync(raw, { level: 9 }),
    ]);
    if (br.length < raw.length) await writeFile(`${file}.br`, br);
    if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
    total.files++;
    total.bytes += raw.length;
    total.brotliBytes += Math.min(br.length, raw.length);
    total.gzipBytes += Math.min(gz.length, raw.length);
  };
  const queue = [...files];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let file = queue.shift(); file; file = queue.shift()) await one(file);
    }),
  );
  return total;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dir = path.resolve(process.argv[2] ?? "dist/web");
  const started = performance.now();
  const t = await precompress(dir);
  const kb = (n: number) => `${(n / 1000).toFixed(0)} KB`;
  console.log(
    `precompressed ${t.files} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${kb(t.bytes)} → brotli ${kb(t.brotliBytes)}, gzip ${kb(t.gzipBytes)}`,
  );
}
