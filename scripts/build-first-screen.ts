// npm run build step (after the service worker): compiles the driver's first-screen script
// (src/web/first-screen/first-screen.ts, decision 064) into dist/web/first-screen.js — one small classic
// script, minified, that the server inlines into the driver's home document and allows by its hash.
import { statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = path.resolve(root, process.env.WEB_DIST ?? "dist/web");
await build({
  configFile: false,
  root,
  logLevel: "warn",
  publicDir: false,
  mode: "production",
  resolve: { alias: { "@shared": path.join(root, "src/shared") } },
  build: {
    outDir: dist,
    emptyOutDir: false,
    copyPublicDir: false,
    // Inline in the document: no source map comment pointing at a file nobody fetches.
    sourcemap: false,
    target: "es2020",
    lib: {
      entry: path.join(root, "src/web/first-screen/first-screen.ts"),
      formats: ["iife"],
      name: "lmsFirstScreen",
      fileName: () => "first-screen.js",
    },
  },
});
console.log(`first-screen.js: ${statSync(path.join(dist, "first-screen.js")).size} bytes`);
