#!/usr/bin/env node
// The two commands a newcomer needs, with no dependencies of its own:
//   npm start  → install what is missing, build the web app when stale, serve (database, migrations, demo data)
//   npm test   → install what is missing, run unit + integration tests, build, check the JavaScript size
//                per route (scripts/bundle-budget.mjs), run the browser tests
//   npm run dev → hot reload: Vite on PORT (default 3000) proxying /api to the API on PORT+1
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const say = (msg) => console.log(`\x1b[36m▸ ${msg}\x1b[0m`);

function checkNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node.js 20.19 or newer is required; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

function run(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

function newestMtime(entries) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const child of readdirSync(p)) if (child !== "node_modules") walk(path.join(p, child));
    } else if (!/\.test\.tsx?$/.test(p)) newest = Math.max(newest, st.mtimeMs);
  };
  for (const e of entries) walk(path.join(root, e));
  return newest;
}

function ensureDependencies() {
  const marker = path.join(root, "node_modules", ".package-lock.json");
  const lock = path.join(root, "package-lock.json");
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (!stale) return;
  say("Installing dependencies (first run)…");
  // The committed lock, exactly (it lists every platform's optional binaries, so `npm ci` installs on
  // macOS, Windows and Linux alike); without a lock, `npm install` resolves package.json and writes one.
  run("npm", [existsSync(lock) ? "ci" : "install", "--no-audit", "--no-fund"]);
}

function ensureWebBuild() {
  // Written after the build's last step (the same steps as `npm run build`): it stands for the whole build.
  const built = path.join(root, "dist", "web", ".vite", "built");
  const sources = newestMtime([
    "src/web",
    "src/shared",
    "vite.config.ts",
    "vite.login.config.ts",
    "scripts/build-sw.ts",
    "scripts/build-first-screen.ts",
    "scripts/classic-script.ts",
    "scripts/sw-precache.ts",
    "scripts/route-documents.ts",
    "scripts/precompress.ts",
    "package-lock.json",
  ]);
  if (existsSync(built) && statSync(built).mtimeMs >= sources) return;
  say("Building the web app…");
  // The client's types first, from the route declarations (decision 048).
  run(bin("tsx"), ["scripts/api-types.ts"]);
  run(bin("vite"), ["build", "--logLevel", "warn"]);
  run(bin("vite"), ["build", "--config", "vite.login.config.ts", "--logLevel", "warn"]);
  // The service worker (decision 059), the driver's home document and the precompressed twins (058).
  run(bin("tsx"), ["scripts/build-sw.ts"]);
  run(bin("tsx"), ["scripts/build-first-screen.ts"]); // the driver's first screen (decision 064)
  run(bin("tsx"), ["scripts/route-documents.ts"]);
  run(bin("tsx"), ["scripts/precompress.ts"]);
  writeFileSync(built, new Date().toISOString());
}

/** Runs a long-lived child; SIGINT/SIGTERM reach it and we exit when it does (it stops PostgreSQL). */
function serveChild(cmd, args, env = {}) {
  const child = spawn(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
  return child;
}

function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  );
  return candidates.find((p) => existsSync(p));
}

checkNode();
const command = process.argv[2];

if (command === "start") {
  ensureDependencies();
  ensureWebBuild();
  serveChild(bin("tsx"), ["src/server/main.ts"]);
} else if (command === "test") {
  ensureDependencies();
  say("Unit and integration tests (Vitest, real PostgreSQL)…");
  run(bin("vitest"), ["run"]);
  ensureWebBuild();
  say("JavaScript size per route (budgets in scripts/bundle-budget.mjs)…");
  run(process.execPath, ["scripts/bundle-budget.mjs"]);
  const browser = chromiumPath();
  if (!browser) {
    const msg = "No Chromium found (set CHROMIUM_PATH, or: apt-get install -y chromium).";
    if (process.env.CI === "true") {
      console.error(`${msg} The browser tests cannot be skipped in CI.`);
      process.exit(1);
    }
    console.warn(`\x1b[33m⚠ ${msg} Skipping the browser tests on this machine.\x1b[0m`);
    process.exit(0);
  }
  say("Browser tests (Playwright, Chromium)…");
  run(bin("playwright"), ["test"], { CHROMIUM_PATH: browser });
} else if (command === "dev") {
  ensureDependencies();
  const port = Number(process.env.PORT ?? 3000);
  const apiPort = port + 1;
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  serveChild(bin("tsx"), ["watch", "--clear-screen=false", "src/server/main.ts"], {
    PORT: String(apiPort),
    PUBLIC_URL: publicUrl,
  });
  serveChild(bin("vite"), [], { PORT: String(port), API_PORT: String(apiPort) });
} else {
  console.error("Usage: node scripts/bootstrap.mjs start|test|dev");
  process.exit(1);
}
