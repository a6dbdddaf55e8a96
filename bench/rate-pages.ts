/**
 * The loads list by rate searched (issue 42): each page read with its ids first (`listLoadItems`'
 * `idsFirst`, what the list does by rate) and by the plain read, compared and timed (best of three
 * each) — `DATA_DIR=<data dir> npx tsx bench/rate-pages.ts` (TERMS=a,b,… to choose the terms).
 */
import { STAFF_SCOPE } from "../src/server/http/scope";
import { customerIdsMatching, listCondition, listLoadItems } from "../src/server/modules/loads/loads.repo";
import { openInProcessApp } from "./in-process";

const lms = await openInProcessApp();
const year = new Date().getUTCFullYear() - 1;
const best = async (read: () => Promise<unknown>) => {
  let ms = Number.POSITIVE_INFINITY;
  let out: unknown;
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    out = await read();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { out: JSON.stringify(out), ms };
};
let same = 0;
let pages = 0;
for (const q of (process.env.TERMS ?? "chicago,dallas,LD-2025,Great,om,a,zqxj").split(","))
  for (const period of [{ from: `${year}-01-01`, to: `${year}-12-31` }, {}])
    for (const status of [undefined, "completed" as const])
      for (const dir of ["desc", "asc"] as const)
        for (const page of [1, 5]) {
          const ids = await customerIdsMatching(lms.db, q);
          const cond = listCondition({ q, status, ...period }, STAFF_SCOPE, ids);
          const read = (idsFirst: boolean) => () =>
            listLoadItems(lms.db, cond, "totalRate", dir, 25, (page - 1) * 25, undefined, false, idsFirst);
          const first = await best(read(true));
          const plain = await best(read(false));
          pages++;
          if (first.out === plain.out) same++;
          console.log(
            `${q}${"from" in period ? ` ${year}` : ""}${status ? ` ${status}` : ""} ${dir} p${page}: ` +
              `${first.out === plain.out ? "identical" : "DIFFER"} (${JSON.parse(first.out).length} items; ` +
              `ids first ${first.ms.toFixed(1)} ms, plain ${plain.ms.toFixed(1)} ms)`,
          );
        }
console.log(`${same} of ${pages} pages identical; ${lms.machine()}`);
await lms.close();
