// npm run build's last step (after both Vite builds): compiles the service worker
// (src/web/sw/service-worker.ts) into dist/web/sw.js with this build's version and the list of files it
// stores at install (scripts/sw-precache.ts, decision 059). `WEB_DIST` builds into another dist.
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildClassicScript, webDist as dist } from "./classic-script";
import { contentHash, precacheList } from "./sw-precache";

const precache = precacheList(dist);
const version = contentHash(JSON.stringify(precache));
// A classic script: every browser that has service workers runs it (module workers are newer).
await buildClassicScript({
  entry: "src/web/sw/service-worker.ts",
  fileName: "sw.js",
  name: "sw",
  sourcemap: true,
  define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
});
const bytes = precache.reduce((n, { url }) => n + readFileSync(path.join(dist, url)).length, 0);
console.log(
  `sw.js: version ${version}, ${precache.length} files stored at install (${Math.round(bytes / 1000)} kB)`,
);
