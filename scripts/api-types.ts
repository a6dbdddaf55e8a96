// npm run api:types: writes the web client's types from the server's route declarations
// (decision 048). `--check` only reports whether the committed file is current.
import { readFile, writeFile } from "node:fs/promises";
import { API_TYPES_FILE, renderApiTypes } from "../src/server/http/openapi-types";

const next = await renderApiTypes();
const current = await readFile(API_TYPES_FILE, "utf8").catch(() => "");
if (process.argv.includes("--check")) {
  if (current !== next) {
    console.error(`${API_TYPES_FILE} is stale: run npm run api:types`);
    process.exit(1);
  }
} else if (current !== next) {
  await writeFile(API_TYPES_FILE, next);
  console.log(`wrote ${API_TYPES_FILE}`);
}
process.exit(0);
