/**
 * Checks the customers list's load counts (kept by triggers, migration 0055) against `count(*)` of each
 * customer's loads on the same data, every page of the list and of a search, and times both:
 * `DATA_DIR=<data dir> npx tsx bench/customer-load-counts.ts`.
 */
import { openInProcessApp } from "./in-process";

const lms = await openInProcessApp();
const dispatcher = await lms.signIn("dispatcher@demo.test");
const t0 = performance.now();
const { rows } = await lms.pool.query<{ id: string; n: number }>(
  `select c.id, (select count(*)::int from loads l where l.customer_id = c.id) as n from customers c`,
);
const countMs = performance.now() - t0;
const plain = new Map(rows.map((r) => [r.id, Number(r.n)]));
let compared = 0;
let differ = 0;
for (const q of ["", "a"]) {
  for (let page = 1; ; page++) {
    const body = JSON.parse(await lms.get(`/api/customers?q=${q}&pageSize=100&page=${page}`, dispatcher));
    for (const c of body.items as Array<{ id: string; loadCount: number }>) {
      compared++;
      if (plain.get(c.id) !== c.loadCount) {
        differ++;
        console.log(`differs: ${c.id} listed ${c.loadCount}, counted ${plain.get(c.id)}`);
      }
    }
    if (page * 100 >= body.total) break;
  }
}
const loads = [...plain.values()].reduce((a, b) => a + b, 0);
console.log(
  `${lms.machine()}; ${plain.size} customers, ${loads.toLocaleString("en-US")} loads counted in ${countMs.toFixed(0)} ms; ` +
    `${compared} listed counts compared, ${differ} differ`,
);
await lms.close();
