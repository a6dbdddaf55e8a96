import { generateBulkLoads } from "../seed/bulk-loads";
import { isDemoSeeded, seedDemoData } from "../seed/demo";
import { parseArgs, withDatabase } from "./shared";

// npm run db:seed                        the demo company (once)
// npm run db:seed -- --loads 1000000     …plus a large generated data set (see docs/performance.md)
const args = parseArgs();
const loads = args.loads === undefined ? 0 : Number(args.loads.replace(/[_,]/g, ""));
if (!Number.isInteger(loads) || loads < 0 || loads > 20_000_000) {
  console.error("--loads takes a whole number of loads, e.g. --loads 1000000");
  process.exit(1);
}

await withDatabase(async ({ db, pool }) => {
  if (await isDemoSeeded(db)) {
    console.log("Demo data is already present.");
  } else {
    await seedDemoData(db);
    console.log("Demo data seeded. Sign in as admin@demo.test with Demo1234!");
  }
  if (loads > 0) {
    console.log(`Generating ${loads.toLocaleString("en-US")} loads…`);
    await generateBulkLoads(pool, {
      loads,
      batchSize: args.batch ? Number(args.batch) : undefined,
    });
  }
});
