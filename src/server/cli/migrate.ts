import { withDatabase } from "./shared";

// Opening the database applies the migrations.
await withDatabase(async () => {
  console.log("Migrations applied.");
});
