// npm run build step (after the service worker): compiles the driver's first-screen script
// (src/web/first-screen/first-screen.ts, decision 064) into dist/web/first-screen.js — one small classic
// script, minified, that the server inlines into the driver's home document and allows by its hash.
import { statSync } from "node:fs";
import path from "node:path";
import { buildClassicScript, webDist } from "./classic-script";

await buildClassicScript({
  entry: "src/web/first-screen/first-screen.ts",
  fileName: "first-screen.js",
  name: "lmsFirstScreen",
  // Inline in the document: no source map comment pointing at a file nobody fetches.
  sourcemap: false,
  target: "es2020",
});
console.log(`first-screen.js: ${statSync(path.join(webDist, "first-screen.js")).size} bytes`);
