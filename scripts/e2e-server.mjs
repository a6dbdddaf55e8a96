#!/usr/bin/env node
// The server the browser tests run against: a fresh DATA_DIR each run, so demo data is seeded anew.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

// One data dir per port, so two runs on one machine (different E2E_PORT) never share a database.
const dataDir = path.resolve(`.tmp/e2e-data-${process.env.PORT ?? "3100"}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(path.resolve("node_modules/.bin/tsx"), ["src/server/main.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: "true", SIGN_IN_RATE_LIMIT: "1000" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
