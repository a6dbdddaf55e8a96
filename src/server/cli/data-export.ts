import { createWriteStream } from "node:fs";
import { loadConfig } from "../config";
import { writeArchive } from "../modules/data-management/archive";
import { blobStoreFor, createStorage } from "../platform/storage/storage";
import { parseArgs, withDatabase } from "./shared";

const { file = `lms-export-${new Date().toISOString().slice(0, 10)}.tar.gz` } = parseArgs();

await withDatabase(async ({ pool }) => {
  const config = loadConfig();
  const storage = createStorage(blobStoreFor(config));
  let shown = -1;
  const manifest = await writeArchive(
    pool,
    storage,
    createWriteStream(file, { mode: 0o600 }),
    ({ done, total }) => {
      const pct = total ? Math.floor((done / total) * 100) : 100;
      if (pct !== shown && pct % 10 === 0) console.log(`${pct}%`);
      shown = pct;
    },
  );
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Wrote ${file}: ${rows} rows, ${manifest.files} files.`);
});
