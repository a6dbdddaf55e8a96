import { createReadStream, existsSync } from "node:fs";
import { loadConfig } from "../config";
import { RestoreError, restoreArchive } from "../modules/data-management/archive";
import { blobStoreFor, createStorage } from "../platform/storage/storage";
import { parseArgs, withDatabase } from "./shared";

const USAGE = "Usage: npm run data:restore -- --file lms-export-….tar.gz   (into a new, empty installation)";

const { file } = parseArgs();
if (!file || !existsSync(file)) {
  console.error(file ? `No such file: ${file}\n${USAGE}` : USAGE);
  process.exit(1);
}

let refused = false;
await withDatabase(async ({ pool }) => {
  const config = loadConfig();
  const storage = createStorage(blobStoreFor(config));
  try {
    const manifest = await restoreArchive(pool, storage, createReadStream(file), (m) => console.log(m));
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Restored ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.files} files.`,
    );
    if (manifest.missingFiles.length)
      console.log(`${manifest.missingFiles.length} files were already missing when the archive was made.`);
  } catch (err) {
    if (err instanceof RestoreError) {
      console.error(err.message);
      refused = true;
      return;
    }
    throw err;
  }
});
// A refusal is a failure for scripts (stopping the embedded database must not clear it).
if (refused) process.exit(1);
