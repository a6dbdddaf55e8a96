/**
 * What compressing the API's JSON costs the server (issue 41, decision 058). Starts the real server
 * (`src/server/main.ts`, embedded PostgreSQL, demo data) in a scratch DATA_DIR, signs in as the demo
 * manager, and on the largest list answer it has (the loads list, 100 rows a page):
 *  1. the request's time over HTTP, sequentially, uncompressed and with `Accept-Encoding: br, gzip`;
 *  2. the CPU time of compressing that body as the middleware does (brotli quality 4, gzip level 6),
 *     in this process, BENCH_ROUNDS times each.
 *
 *   npx tsx bench/json-compression.ts
 *
 * Settings: BENCH_ROUNDS (200), BENCH_PORT (3430), BENCH_DATA_DIR (a new temporary directory, removed
 * afterwards unless given).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { DEMO_PASSWORD } from "../src/server/seed/demo-accounts";
import { waitHealthy } from "./real-server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3430);
const BASE = `http://localhost:${PORT}`;
const LIST = "/api/loads?pageSize=100";
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "lms-bench-json-"));

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)];
const ms = (n: number) => `${n.toFixed(2)} ms`;

function time(label: string, fn: () => number) {
  const took: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const t = performance.now();
    bytes = fn();
    took.push(performance.now() - t);
  }
  console.log(
    `${label.padEnd(28)} p50 ${ms(percentile(took, 0.5))}  p95 ${ms(percentile(took, 0.95))}  ${bytes} bytes`,
  );
}

async function main() {
  const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), PUBLIC_URL: BASE, LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitHealthy(BASE, undefined, server);
    const signIn = await fetch(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE },
      body: JSON.stringify({ email: "manager@demo.test", password: DEMO_PASSWORD }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const body = Buffer.from(await (await fetch(`${BASE}${LIST}`, { headers: { cookie } })).arrayBuffer());
    console.log(
      `${LIST}: ${body.length} bytes of JSON; ${ROUNDS} rounds each; load ${os.loadavg()[0].toFixed(2)}`,
    );
    // Over HTTP first: the CPU rounds below block this process, and the server closes an idle
    // keep-alive connection meanwhile.
    for (const [label, encoding] of [
      ["HTTP, uncompressed", "identity"],
      ["HTTP, Accept-Encoding br", "br, gzip"],
    ] as const) {
      const took: number[] = [];
      let bytes = 0;
      for (let i = 0; i < Math.min(ROUNDS, 100); i++) {
        const t = performance.now();
        const res = await fetch(`${BASE}${LIST}`, { headers: { cookie, "accept-encoding": encoding } });
        bytes = Number(res.headers.get("content-length"));
        await res.arrayBuffer();
        took.push(performance.now() - t);
      }
      console.log(
        `${label.padEnd(28)} p50 ${ms(percentile(took, 0.5))}  p95 ${ms(percentile(took, 0.95))}  ${bytes} bytes sent`,
      );
    }
    time(
      "brotli quality 4",
      () =>
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 4,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }).length,
    );
    time("gzip level 6", () => gzipSync(body, { level: 6 }).length);
    time(
      "brotli quality 11 (for scale)",
      () => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    );
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    if (!process.env.BENCH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
