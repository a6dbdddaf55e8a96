// attribute minified bytes of a set of chunks to packages/dirs, gzip-proportional estimate
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map-js";
const dist = process.argv[2];
const files = process.argv.slice(3);
const totals = new Map();
for (const f of files) {
  const code = readFileSync(path.join(dist, f), "utf8");
  const gz = gzipSync(code, { level: 9 }).length;
  let mapTxt; try { mapTxt = readFileSync(path.join(dist, f + ".map"), "utf8"); } catch { totals.set(f, (totals.get(f)??0)+gz); continue; }
  const map = JSON.parse(mapTxt); //(readFileSync(path.join(dist, f + ".map"), "utf8"));
  const smc = new SourceMapConsumer(map);
  const lines = code.split("\n");
  const per = new Map(); let total = 0;
  let prev = null;
  smc.eachMapping((m) => {
    if (prev && prev.generatedLine === m.generatedLine) {
      const n = m.generatedColumn - prev.generatedColumn;
      const k = prev.source ?? "?"; per.set(k, (per.get(k) ?? 0) + n); total += n;
    }
    prev = m;
  });
  for (const [k, n] of per) {
    let key = k.replace(/^.*node_modules\//, "nm:");
    key = key.startsWith("nm:") ? key.split("/").slice(0, key.startsWith("nm:@") ? 2 : 1).join("/") : key.replace(/^(\.\.\/)+/, "").split("/").slice(0, 3).join("/");
    totals.set(key, (totals.get(key) ?? 0) + (n / total) * gz);
  }
}
const rows = [...totals].sort((a, b) => b[1] - a[1]);
let s = 0; for (const [, v] of rows) s += v;
console.log("total", (s / 1000).toFixed(1));
for (const [k, v] of rows.slice(0, 40)) console.log((v / 1000).toFixed(1).padStart(7), k);
