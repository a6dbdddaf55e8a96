/**
 * The driver's home as a document of its own (issue 41, decision 058): `dist/web/index.html` plus a
 * `<link rel="modulepreload">` for every file of the shell and of the screen, so a phone fetches them
 * with the app's entry instead of after it has run — one round of requests less, which on slow 3G is
 * seconds. The server answers the route's path with it (`http/web-app.ts`); every other path keeps
 * the plain app shell, so no other screen downloads the driver's code. `npm run build` runs this after
 * both Vite builds and before precompressing:
 *   npx tsx scripts/route-documents.ts [dist dir]
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Route documents: the file written, the page modules (as the manifest names them) it preloads, and
 * the API answers the screen reads first — preloaded too, and taken by the same requests of
 * `src/web/early-requests.ts` (a GET on our origin with the session cookie, as `lib/api.ts` makes it).
 */
export const ROUTE_DOCUMENTS = {
  "driver-dashboard.html": {
    pages: ["app/layouts/app-layout.tsx", "features/dashboard/pages/driver-dashboard-page.tsx"],
    answers: ["/api/session", "/api/driver-dashboard"],
  },
} as const;

interface Chunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(process.argv[2] ?? "dist/web");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite", "manifest.json"), "utf8")) as Record<
  string,
  Chunk
>;
const shell = readFileSync(path.join(dist, "index.html"), "utf8");

function closure(key: string, into: Set<string>, css: Set<string>) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  if (into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const file of chunk.css ?? []) css.add(file);
  for (const dep of chunk.imports ?? []) closure(dep, into, css);
}

for (const [document, { pages, answers }] of Object.entries(ROUTE_DOCUMENTS)) {
  const files = new Set<string>();
  const css = new Set<string>();
  for (const page of pages) closure(page, files, css);
  // What the app shell's document loads already stays as it is.
  const links = [
    ...answers.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
    ...[...files]
      .filter((f) => !shell.includes(`/${f}"`))
      .map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    ...[...css]
      .filter((f) => !shell.includes(`/${f}"`))
      .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
  ];
  writeFileSync(
    path.join(dist, document),
    shell.replace("</head>", `    ${links.join("\n    ")}\n  </head>`),
  );
  console.log(`${document}: the app shell and ${links.length} files preloaded`);
}
