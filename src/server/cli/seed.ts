import { isDemoSeeded, seedDemoData } from "../seed/demo";
import { withDatabase } from "./shared";

await withDatabase(async ({ db }) => {
  if (await isDemoSeeded(db)) {
    console.log("Demo data is already present.");
    return;
  }
  await seedDemoData(db);
  console.log("Demo data seeded. Sign in as admin@demo.test with Demo1234!");
});
