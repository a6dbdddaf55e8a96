/**
 * The loads list in load-number order searched for a number's start, through the API and by the plain
 * condition on the same data, pages compared and timed: `DATA_DIR=<data dir> npx tsx bench/number-order-pages.ts`
 * (TERMS=a,b,… to choose the terms).
 */
import { STAFF_SCOPE } from "../src/server/http/scope";
import { customerIdsMatching, listCondition, listLoadItems } from "../src/server/modules/loads/loads.repo";
import { openInProcessApp } from "./in-process";

const lms = await openInProcessApp();
const cookie = await lms.signIn("dispatcher@demo.test");
let same = 0;
for (const q of (process.env.TERMS ?? "LD-2025,ld-2024-5,LD-2023-00,Ld-2,2025-1").split(","))
  for (const dir of ["asc", "desc"] as const)
    for (const page of [1, 5]) {
      const t0 = performance.now();
      const api = JSON.parse(
        await lms.get(`/api/loads?q=${q}&sort=loadNumber&dir=${dir}&page=${page}`, cookie),
      );
      const t1 = performance.now();
      const ids = await customerIdsMatching(lms.db, q);
      const plain = await listLoadItems(
        lms.db,
        listCondition({ q }, STAFF_SCOPE, ids),
        "loadNumber",
        dir,
        25,
        (page - 1) * 25,
      );
      const t2 = performance.now();
      const a = JSON.stringify(api.items);
      const b = JSON.stringify(plain);
      if (a === b) same++;
      console.log(
        `${q} ${dir} p${page}: ${a === b ? "identical" : "DIFFER"} (${api.items.length} items; API ${(t1 - t0).toFixed(0)} ms, plain ${(t2 - t1).toFixed(0)} ms)`,
      );
    }
console.log(`${same} pages identical; ${lms.machine()}`);
await lms.close();
