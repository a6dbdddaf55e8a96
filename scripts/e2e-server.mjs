#!/usr/bin/env node
// The server the browser tests run against: a fresh DATA_DIR each run, so demo data is seeded anew.
import { spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";

// One data dir per port, so two runs on one machine (different E2E_PORT) never share a database.
const dataDir = path.resolve(`.tmp/e2e-data-${process.env.PORT ?? "3100"}`);
rmSync(dataDir, { recursive: true, force: true });
// The build it serves is a copy of dist/web (e2e/pwa.spec.ts's `servedBuild`), so a spec may put a next
// version of a file in it — the service worker of a new deployment — without touching the build.
const webDist = path.resolve(`.tmp/e2e-web-${process.env.PORT ?? "3100"}`);
rmSync(webDist, { recursive: true, force: true });
cpSync(path.resolve(process.env.WEB_DIST ?? "dist/web"), webDist, { recursive: true });
const child = spawn(path.resolve("node_modules/.bin/tsx"), ["src/server/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DEMO_DATA: "true",
    SIGN_IN_RATE_LIMIT: "1000",
  },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
