// What the service worker stores at install (decision 059), read from the two Vite manifests of a
// build: scripts/build-sw.ts writes it into dist/web/sw.js; e2e/pwa.spec.ts checks the worker holds it.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { canOpen, ROUTES, type RouteKey } from "../src/shared/access";
import { LANGUAGES } from "../src/shared/i18n/i18n.config";
import { FEATURE_NAMESPACES, SHELL_NAMESPACES } from "../src/web/app/route-namespaces";
import { PRELOADED_NAMESPACES } from "../src/web/lib/i18n-namespaces";
import type { PrecacheEntry } from "../src/web/sw/protocol";

/**
 * The driver's day: the screens a driver works in on the road, stored at install so they open with no
 * signal (their settlements are on the dashboard). Every other screen's code is stored when first used.
 */
export const DRIVER_DAY: readonly RouteKey[] = [
  "driverDashboard",
  "loadDetail",
  "fuelLog",
  "inspectionNew",
  "chat",
  "documents",
];

/**
 * Code the driver's screens load later that is not stored at install: the map (about 1.1 MB, and its
 * tiles need the network anyway). It is cached like any file once it has been used.
 */
const NOT_STORED_AT_INSTALL = new Set(["features/tracking/components/map-view.tsx"]);

/** The unhashed files of the installable app (src/web/public): the browser asks for them by name. */
const PUBLIC_FILES = [
  "/manifest.webmanifest",
  "/favicon.svg",
  "/icons/icon-192.png",
  "/icons/icon-512.png",
  "/icons/icon-maskable-512.png",
  "/icons/apple-touch-icon.png",
];

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, Chunk>;

const root = fileURLToPath(new URL("..", import.meta.url));

/** A chunk's file, its CSS and what it imports statically — and, with `later`, what it loads later. */
function files(manifest: Manifest, key: string, later: boolean, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest.`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const dep of chunk.imports ?? []) files(manifest, dep, later, into);
  if (later)
    for (const dep of chunk.dynamicImports ?? [])
      if (!isLocale(dep) && !NOT_STORED_AT_INSTALL.has(dep)) files(manifest, dep, later, into);
  return into;
}

const isLocale = (key: string) => /i18n\/locales\//.test(key);
const localeKey = (lng: string, ns: string) => `../shared/i18n/locales/${lng}/${ns}.json`;

/** The router's page modules by route key: `key: { lazy: page("feature", () => import("…")) }`. */
export function routerPages(): Map<string, { feature: string; module: string }> {
  const router = readFileSync(path.join(root, "src/web/app/router.tsx"), "utf8");
  const pages = new Map<string, { feature: string; module: string }>();
  for (const [, key, feature, spec] of router.matchAll(
    /(\w+):\s*\{\s*lazy:\s*page\("([\w-]+)",\s*\(\)\s*=>\s*import\("([^"]+)"\)\)/g,
  ))
    pages.set(key, { feature, module: `${path.posix.join("app", spec)}.tsx` });
  const system = /const notAvailable = page\("([\w-]+)", \(\) => import\("([^"]+)"\)\)/.exec(router);
  const notFound = /path: "\*", lazy: page\("([\w-]+)", \(\) => import\("([^"]+)"\)\)/.exec(router);
  for (const [name, match] of [
    ["(not available yet)", system],
    ["(not found)", notFound],
  ] as const) {
    if (!match) throw new Error(`src/web/app/router.tsx no longer has the ${name} page where expected.`);
    pages.set(name, { feature: match[1], module: `${path.posix.join("app", match[2])}.tsx` });
  }
  return pages;
}

export const contentHash = (bytes: Buffer | string) =>
  createHash("sha256").update(bytes).digest("hex").slice(0, 16);

/** What the worker stores at install, in a stable order. */
export function precacheList(dist: string): PrecacheEntry[] {
  const readManifest = (name: string): Manifest => {
    const file = path.join(dist, ".vite", name);
    if (!existsSync(file)) throw new Error(`No ${file}: run both Vite builds first (npm run build).`);
    return JSON.parse(readFileSync(file, "utf8")) as Manifest;
  };
  const app = readManifest("manifest.json");
  const signIn = readManifest("login-manifest.json");
  const pages = routerPages();

  const hashed = new Set<string>();
  const namespaces = new Set<string>([...PRELOADED_NAMESPACES, ...SHELL_NAMESPACES]);
  // The app shell: the entry and its imports, the toaster, the signed-in layout and what it opens.
  const entry = Object.keys(app).find((key) => app[key].isEntry);
  if (!entry) throw new Error("The app's manifest has no entry.");
  files(app, entry, false, hashed);
  files(app, "app/app-toaster.tsx", true, hashed);
  files(app, "app/layouts/app-layout.tsx", true, hashed);
  // The driver's screens, the dialogs and panels they open later, and the pages every route may show.
  for (const key of [...DRIVER_DAY, "(not available yet)", "(not found)"]) {
    if (DRIVER_DAY.includes(key as RouteKey) && !canOpen("driver", key as RouteKey))
      throw new Error(`The driver cannot open ${key} (${ROUTES[key as RouteKey].path}): fix DRIVER_DAY.`);
    const page = pages.get(key);
    if (!page) throw new Error(`No page for the route ${key} in src/web/app/router.tsx.`);
    files(app, page.module, true, hashed);
    for (const ns of FEATURE_NAMESPACES[page.feature] ?? []) namespaces.add(ns);
  }
  // Their words in every language (a driver may switch language offline).
  for (const lng of LANGUAGES)
    for (const ns of namespaces) if (app[localeKey(lng, ns)]) files(app, localeKey(lng, ns), false, hashed);

  // The sign-in document: its code, what it loads after its first paint, its words in every language.
  files(signIn, "login.html", true, hashed);
  const signInNamespaces = new Set([...PRELOADED_NAMESPACES, "auth"]);
  for (const lng of LANGUAGES)
    for (const ns of signInNamespaces) files(signIn, localeKey(lng, ns), false, hashed);

  const unhashed = ["/index.html", "/login.html", ...PUBLIC_FILES].map((url) => {
    const file = path.join(dist, url);
    if (!existsSync(file)) throw new Error(`${file} is missing from the build.`);
    return { url, revision: contentHash(readFileSync(file)) };
  });
  return [...unhashed, ...[...hashed].sort().map((file) => ({ url: `/${file}`, revision: null }))];
}
