#!/usr/bin/env node
// What a built chunk is made of: each package's (or source file's) share of the chunk's gzipped size,
// estimated from its source map (bytes per source × the chunk's compression ratio). For finding what
// to move out of a route that nears its budget (scripts/bundle-budget.mjs):
//   node scripts/chunk-sources.mjs dist/web/assets/framework-<hash>.js     (by package)
//   FULL=1 N=40 node scripts/chunk-sources.mjs dist/web/assets/x.js        (by source file, 40 lines)
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map-js";

const file = process.argv[2];
const code = readFileSync(file, "utf8");
const map = JSON.parse(readFileSync(`${file}.map`, "utf8"));
const smc = new SourceMapConsumer(map);
const lines = code.split("\n");
const bytes = new Map();
let prev = null;
smc.eachMapping((mp) => {
  if (prev) {
    const len =
      prev.gl === mp.generatedLine ? mp.generatedColumn - prev.gc : lines[prev.gl - 1].length - prev.gc;
    const k = prev.src ?? "(none)";
    bytes.set(k, (bytes.get(k) ?? 0) + len);
  }
  prev = { gl: mp.generatedLine, gc: mp.generatedColumn, src: mp.source };
});
const total = code.length,
  gz = gzipSync(code, { level: 9 }).length;
const pkg = (s) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(s);
  return m ? m[1] : s.replace(/.*src\/web\//, "web/");
};
const agg = new Map();
for (const [k, v] of bytes) {
  const p = process.env.FULL ? k : pkg(k);
  agg.set(p, (agg.get(p) ?? 0) + v);
}
console.log(`total ${total} raw, ${gz} gz`);
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, +(process.env.N ?? 25)))
  console.log(String(Math.round(((v / total) * gz) / 100) / 10).padStart(6), "KB~gz", k);
