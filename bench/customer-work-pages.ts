/**
 * The loads list in the work order for the customer with the most loads (issue 42): every page up to
 * the one-statement offset, read by `workPageOfCustomer` (the segments' limits written out) and by
 * `workPage` (one statement) on the same data, compared and timed per term:
 * `DATA_DIR=<data dir> npx tsx bench/customer-work-pages.ts` (or DATABASE_URL=…; TERMS=a,b,… with an
 * empty term for none; PAGE_SIZES=25,100).
 */
import { sql } from "drizzle-orm";
import { STAFF_SCOPE } from "../src/server/http/scope";
import {
  customerIdsMatching,
  isWholeLoadNumber,
  listCondition,
  WORK_ONE_STATEMENT_MAX_OFFSET,
  workPage,
  workPageOfCustomer,
} from "../src/server/modules/loads/loads.repo";
import { openInProcessApp } from "./in-process";

const lms = await openInProcessApp();
const { db } = lms;
const [{ id: customerId }] = (
  await db.execute<{ id: string }>(
    sql`select customer_id as id from loads where customer_id is not null group by 1 order by count(*) desc limit 1`,
  )
).rows;
let pages = 0;
let differ = 0;
console.log(`${lms.machine()}; customer ${customerId}`);
console.log(
  "| term | pages | one statement, ms | segments' limits written out, ms | differ |\n|---|---:|---:|---:|---:|",
);
for (const term of (process.env.TERMS ?? ",chicago,dallas,zqxj,a").split(",")) {
  const q = term || undefined;
  const ids = q && !isWholeLoadNumber(q) ? await customerIdsMatching(db, q) : [];
  const cond = listCondition({ customerId, q }, STAFF_SCOPE, ids);
  const customer = { id: customerId, textSearch: !!q && !isWholeLoadNumber(q) };
  let one = 0;
  let segments = 0;
  let n = 0;
  let bad = 0;
  for (const limit of (process.env.PAGE_SIZES ?? "25,100").split(",").map(Number))
    for (let offset = 0; offset <= WORK_ONE_STATEMENT_MAX_OFFSET; offset += limit) {
      const t0 = performance.now();
      const a = await workPage(db, cond, limit, offset);
      const t1 = performance.now();
      const b = await workPageOfCustomer(db, cond, limit, offset, customer);
      segments += performance.now() - t1;
      one += t1 - t0;
      n++;
      if (JSON.stringify(a) !== JSON.stringify(b)) {
        bad++;
        console.error(`differs: ${q} limit ${limit} offset ${offset}`);
      }
    }
  pages += n;
  differ += bad;
  console.log(`| ${q ?? "(none)"} | ${n} | ${Math.round(one)} | ${Math.round(segments)} | ${bad} |`);
}
console.log(`${pages} pages compared, ${differ} differ`);
await lms.close();
process.exit(differ ? 1 : 0);
