// Preloaded into the server by bench/http.ts (`node --import ./bench/sql-capture.mjs`): while the
// bench holds capture on (SIGUSR2 toggles it), every statement the server sends is appended to
// BENCH_SQL_LOG as one JSON line {text, values}, so the bench can replay one request's SQL directly.
// Nothing is recorded unless BENCH_SQL_LOG is set.
import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";

const file = process.env.BENCH_SQL_LOG;
if (file) {
  const pg = createRequire(`${process.cwd()}/package.json`)("pg");
  const query = pg.Client.prototype.query;
  let capturing = false;
  process.on("SIGUSR2", () => {
    capturing = !capturing;
  });
  pg.Client.prototype.query = function (config, values, callback) {
    if (capturing) {
      const text = typeof config === "string" ? config : config?.text;
      const params = Array.isArray(values) ? values : config?.values;
      if (typeof text === "string")
        appendFileSync(file, `${JSON.stringify({ text, values: params ?? [] })}\n`);
    }
    return query.call(this, config, values, callback);
  };
}
