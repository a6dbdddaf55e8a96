import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` reads this: it diffs the schema against the committed migrations.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema/index.ts",
  out: "./src/server/db/migrations",
  casing: "snake_case",
});
