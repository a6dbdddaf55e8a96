// npm run build's last step (after both Vite builds): compiles the service worker
// (src/web/sw/service-worker.ts) into dist/web/sw.js with this build's version and the list of files it
// stores at install (scripts/sw-precache.ts, decision 059). `WEB_DIST` builds into another dist.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { contentHash, precacheList } from "./sw-precache";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = path.resolve(root, process.env.WEB_DIST ?? "dist/web");
const precache = precacheList(dist);
const version = contentHash(JSON.stringify(precache));
await build({
  configFile: false,
  root,
  logLevel: "warn",
  publicDir: false,
  mode: "production",
  resolve: { alias: { "@shared": path.join(root, "src/shared") } },
  define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
  build: {
    outDir: dist,
    emptyOutDir: false,
    copyPublicDir: false,
    sourcemap: true,
    // A classic script: every browser that has service workers runs it (module workers are newer).
    lib: {
      entry: path.join(root, "src/web/sw/service-worker.ts"),
      formats: ["iife"],
      name: "sw",
      fileName: () => "sw.js",
    },
  },
});
const bytes = precache.reduce((n, { url }) => n + readFileSync(path.join(dist, url)).length, 0);
console.log(
  `sw.js: version ${version}, ${precache.length} files stored at install (${Math.round(bytes / 1000)} kB)`,
);
