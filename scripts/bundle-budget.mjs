#!/usr/bin/env node
// The JavaScript each route makes a browser download before it renders, as it travels — brotli, the
// build's precompressed `.br` files (decision 058) — against a budget (issue 11, issue 41): the entry
// chunk and everything it imports statically, plus the route's page chunk and its static imports.
// Sizes, never timings. Reads the Vite manifest of a build:
//   node scripts/bundle-budget.mjs [dist dir]      (default dist/web; prints a table, exits 1 over budget)
//   BUNDLE_REPORT=json node scripts/bundle-budget.mjs   (machine-readable)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * Budgets in brotli kilobytes (1 KB = 1000 bytes), what the server sends (decision 058): issue 11's
 * targets, now on what travels — never raised without a decision record. The sign-in page meets its
 * target as a document of its own (decision 022); the app's routes meet theirs because the code of
 * dialogs, menus, pickers and later tabs downloads after the screen has rendered (decision 023) — what
 * is counted here is what comes before. The driver's home has a budget of its own, in kilobytes and in
 * files: a phone on a weak signal opens it, and there every file costs a round trip (issue 41,
 * decision 058).
 */
export const BUDGETS = { login: 120, anyRoute: 250, driver: 215, driverFiles: 24 };
/** The screens a driver opens on the road (their budget is `BUDGETS.driver`). */
const DRIVER_ROUTES = new Set(["driverDashboard"]);
const budgetOf = (route) =>
  route === "login" ? BUDGETS.login : DRIVER_ROUTES.has(route) ? BUDGETS.driver : BUDGETS.anyRoute;

const dist = path.resolve(process.argv[2] ?? process.env.WEB_DIST ?? "dist/web");
const manifestFile = path.join(dist, ".vite", "manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`No Vite manifest at ${manifestFile}: build the web app first (npm run build).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
// The sign-in page is a document built on its own (vite.login.config.ts, decision 022).
const loginManifestFile = path.join(dist, ".vite", "login-manifest.json");
if (!existsSync(loginManifestFile)) {
  console.error(`No sign-in manifest at ${loginManifestFile}: build the web app with npm run build.`);
  process.exit(1);
}
const loginManifest = JSON.parse(readFileSync(loginManifestFile, "utf8"));

// Brotli: the build's precompressed twin when there is one (scripts/precompress.ts), else compressed
// here the same way (quality 11). Gzip is reported next to it, for clients without brotli.
const sizes = new Map();
const sizesOf = (file) => {
  if (!sizes.has(file)) {
    const raw = readFileSync(path.join(dist, file));
    const br = existsSync(path.join(dist, `${file}.br`))
      ? readFileSync(path.join(dist, `${file}.br`)).length
      : brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes.set(file, { br: Math.min(br, raw.length), gzip: gzipSync(raw, { level: 9 }).length });
  }
  return sizes.get(file);
};

/** A manifest chunk and every chunk it imports statically (what the browser fetches with it). */
function closure(key, into = new Set(), from = manifest) {
  const chunk = from[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, into, from);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = closure(entryKey);

// The router's page modules: `key: { lazy: page("feature", () => import("../features/…/x-page")) }`.
const router = readFileSync(path.resolve("src/web/app/router.tsx"), "utf8");
const pages = [
  ...router.matchAll(/(\w+):\s*\{\s*lazy:\s*page\("[\w-]+",\s*\(\)\s*=>\s*import\("([^"]+)"\)\)/g),
].map(([, route, spec]) => ({ route, key: path.posix.join("app", spec).replace(/^app\/\.\.\//, "") }));
const notAvailable = /const notAvailable = page\("[\w-]+", \(\) => import\("([^"]+)"\)\)/.exec(router)?.[1];
if (notAvailable)
  pages.push({
    route: "(not available yet)",
    key: path.posix.join("app", notAvailable).replace(/^app\/\.\.\//, ""),
  });

const publicRoutes = new Set(
  [
    ...readFileSync("src/shared/access.ts", "utf8").matchAll(
      /^\s+(\w+): \{ path: "[^"]*", access: "public" \}/gm,
    ),
  ].map((m) => m[1]),
);
const shellKey = "app/layouts/app-layout.tsx";
if (!manifest[shellKey]) {
  console.error(`The shell ${shellKey} is not in the build's manifest.`);
  process.exit(1);
}

const sum = (files) => [...files].reduce((n, f) => n + sizesOf(f).br, 0);
const sumGzip = (files) => [...files].reduce((n, f) => n + sizesOf(f).gzip, 0);

// Translations are chunks of their own, loaded on demand (src/web/lib/i18n.ts): a route also downloads
// the English chunks of the preloaded namespaces and of every namespace its feature's
// `useTranslation(…)` calls name. They count against the route's budget like any other JavaScript.
const preloaded = [
  ...(
    /PRELOADED_NAMESPACES = \[([^\]]*)\]/.exec(readFileSync("src/web/lib/i18n-namespaces.ts", "utf8"))?.[1] ??
    ""
  ).matchAll(/"([\w-]+)"/g),
].map((m) => m[1]);
function sourcesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourcesUnder(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}
function localeFiles(pageKey, from = manifest) {
  const feature = /^features\/([\w-]+)\//.exec(pageKey)?.[1];
  const names = new Set(preloaded);
  for (const file of feature ? sourcesUnder(path.resolve("src/web/features", feature)) : [])
    for (const [, args] of readFileSync(file, "utf8").matchAll(/useTranslation\(([^)]*)\)/g))
      for (const [, ns] of args.matchAll(/"([\w-]+)"/g)) names.add(ns);
  return [...names]
    .map((ns) => {
      const key = Object.keys(from).find((k) => k.endsWith(`i18n/locales/en/${ns}.json`));
      return key ? from[key].file : undefined; // none: bundled into another chunk (older builds)
    })
    .filter(Boolean);
}
const rows = [];
for (const { route, key } of pages) {
  const manifestKey = Object.keys(manifest).find((k) => k.replace(/\.tsx?$/, "") === key);
  if (!manifestKey) {
    console.error(`The router's page ${key} (${route}) is not in the build's manifest.`);
    process.exit(1);
  }
  const files = closure(manifestKey, new Set(entryFiles));
  // A signed-in screen also waits for the shell (lazy, so the public pages never download it).
  if (!publicRoutes.has(route)) closure(shellKey, files);
  for (const file of localeFiles(key)) files.add(file);
  rows.push({ route, files: files.size, brotliBytes: sum(files), gzipBytes: sumGzip(files) });
}
{
  // The sign-in document: its entry's closure and the translations it reads (the auth feature's).
  const files = closure("login.html", new Set(), loginManifest);
  for (const file of localeFiles("features/auth/pages/login-page.tsx", loginManifest)) files.add(file);
  rows.push({ route: "login", files: files.size, brotliBytes: sum(files), gzipBytes: sumGzip(files) });
}
rows.sort((a, b) => b.brotliBytes - a.brotliBytes);

const kb = (n) => (n / 1000).toFixed(1);
const over = rows.filter((r) => r.brotliBytes > budgetOf(r.route) * 1000);
const tooMany = rows.filter((r) => DRIVER_ROUTES.has(r.route) && r.files > BUDGETS.driverFiles);
if (process.env.BUNDLE_REPORT === "json") {
  console.log(JSON.stringify({ budgets: BUDGETS, entry: sum(entryFiles), routes: rows }, null, 2));
} else {
  const login = rows.find((r) => r.route === "login");
  const driver = rows.filter((r) => DRIVER_ROUTES.has(r.route));
  console.log(
    `JavaScript per route, brotli: entry ${kb(sum(entryFiles))} KB; login ${kb(login?.brotliBytes ?? 0)} KB ` +
      `(budget ${BUDGETS.login}); ${driver.map((r) => `${r.route} ${kb(r.brotliBytes)} KB in ${r.files} files`).join(", ")} ` +
      `(budget ${BUDGETS.driver} KB, ${BUDGETS.driverFiles} files); largest ${rows[0].route} ${kb(rows[0].brotliBytes)} KB (budget ${BUDGETS.anyRoute}).`,
  );
  if (process.env.BUNDLE_REPORT === "table")
    for (const r of rows)
      console.log(
        `  ${r.route.padEnd(24)} ${kb(r.brotliBytes).padStart(7)} KB brotli ${kb(r.gzipBytes).padStart(7)} KB gzip  ${r.files} files`,
      );
}
for (const r of tooMany)
  console.error(
    `Over budget: ${r.route} downloads ${r.files} files before it renders (budget ${BUDGETS.driverFiles}).`,
  );
if (over.length || tooMany.length) {
  for (const r of over)
    console.error(
      `Over budget: ${r.route} downloads ${kb(r.brotliBytes)} KB of JavaScript as brotli ` +
        `(budget ${budgetOf(r.route)} KB).`,
    );
  process.exit(1);
}
