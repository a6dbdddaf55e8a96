/**
 * The answers `bench/wrk.ts` measures, byte for byte, so a change made for speed can be shown to change
 * no answer (issue 42): starts the real server on a database (BENCH_DATA_DIR, required: the same data
 * before and after), signs in as the demo users, reads every route of the bench for the first rows of
 * each list (and a few pages and filters of the loads list), and either writes the bodies to a file or
 * compares them with a file written before.
 *
 *   BENCH_DATA_DIR=/tmp/copy npx tsx bench/answers.ts write /tmp/answers-before.json
 *   BENCH_DATA_DIR=/tmp/copy npx tsx bench/answers.ts compare /tmp/answers-before.json
 *
 * BENCH_ROWS: how many rows of each list are read one by one (20); BENCH_LOAD_ROWS the same for the
 * loads lists (50: loads of every status, the driver's own, for the detail PostgreSQL writes whole).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { freePort, signIn, startServer, waitHealthy } from "./real-server";

const [mode, file] = process.argv.slice(2);
const dataDir = process.env.BENCH_DATA_DIR;
if (!dataDir || !file || (mode !== "write" && mode !== "compare")) {
  console.error("Usage: BENCH_DATA_DIR=<dir> npx tsx bench/answers.ts write|compare <file.json>");
  process.exit(2);
}
const ROWS = Number(process.env.BENCH_ROWS ?? 20);
const LOAD_ROWS = Number(process.env.BENCH_LOAD_ROWS ?? 50);

const port = Number(process.env.BENCH_PORT ?? (await freePort()));
const BASE = `http://127.0.0.1:${port}`;
const server = startServer(dataDir, port);

/**
 * Status, content type and body (decoded) as a browser gets it (brotli or gzip) and as a client that
 * asks for no encoding gets it, with the headers that say how it travelled.
 */
async function answer(cookie: string, pathname: string): Promise<string> {
  const read = async (encoding: string) => {
    const res = await fetch(`${BASE}${pathname}`, { headers: { cookie, "accept-encoding": encoding } });
    const body = await res.text();
    const head = ["content-type", "content-encoding", "vary"].map((h) => `${h}: ${res.headers.get(h)}`);
    return `${res.status} ${head.join("; ")}\n${body}`;
  };
  const plain = await read("identity");
  const browser = await read("br, gzip");
  // Content-Length is not kept by fetch once it decodes: checked on the plain answer only.
  return `${plain}\n---\n${browser}`;
}

async function ids(cookie: string, pathname: string, rows = ROWS): Promise<string[]> {
  const res = await fetch(`${BASE}${pathname}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${pathname}: ${res.status}`);
  return ((await res.json()) as { items: { id: string }[] }).items.slice(0, rows).map((r) => r.id);
}

const answers: Record<string, string> = {};
try {
  await waitHealthy(BASE, undefined, server);
  const users = {
    dispatcher: await signIn(port, "dispatcher@demo.test"),
    accountant: await signIn(port, "accountant@demo.test"),
    admin: await signIn(port, "admin@demo.test"),
    driver: await signIn(port, "driver@demo.test"),
    customer: await signIn(port, "customer@demo.test"),
  };
  const reads: [keyof typeof users, string][] = [
    ["dispatcher", "/api/health"],
    ["dispatcher", "/api/me"],
    ["driver", "/api/me"],
    ["customer", "/api/me"],
  ];
  const lists: [keyof typeof users, string, string][] = [
    ["dispatcher", "/api/tolls", "/api/tolls/"],
    ["dispatcher", "/api/fleet/vehicles", "/api/fleet/vehicles/"],
    ["dispatcher", "/api/drivers", "/api/drivers/"],
    ["dispatcher", "/api/customers", "/api/customers/"],
    ["accountant", "/api/invoices", "/api/invoices/"],
    ["dispatcher", "/api/loads", "/api/loads/"],
    ["dispatcher", "/api/loads?status=completed", "/api/loads/"],
    // Loads of every status (what staff may do next differs) and the driver's own (hidden money,
    // the driver's actions), for the detail PostgreSQL writes as text (issue 42).
    ["dispatcher", "/api/loads?status=in_progress", "/api/loads/"],
    ["dispatcher", "/api/loads?status=assigned", "/api/loads/"],
    ["dispatcher", "/api/loads?status=pending", "/api/loads/"],
    ["dispatcher", "/api/loads?status=cancelled", "/api/loads/"],
    ["driver", "/api/loads", "/api/loads/"],
  ];
  for (const [who, list, one] of lists) {
    const rows = one === "/api/loads/" ? LOAD_ROWS : ROWS;
    const sep = list.includes("?") ? "&" : "?";
    for (const id of await ids(users[who], rows > 20 ? `${list}${sep}pageSize=${rows}` : list, rows)) {
      reads.push([who, `${one}${id}`]);
      // the same rows as the other roles that may read them (their own, or a 404)
      if (one === "/api/loads/")
        for (const other of ["dispatcher", "driver", "customer"] as const)
          if (other !== who) reads.push([other, `${one}${id}`]);
      if (one === "/api/drivers/") reads.push(["admin", `${one}${id}`], ["accountant", `${one}${id}`]);
    }
  }
  for (const q of [
    "",
    "?page=2",
    "?pageSize=50",
    "?status=in_progress",
    "?sort=pickupAt&dir=asc",
    "?q=chicago",
    "?page=3&pageSize=10",
    "?sort=totalRate",
    "?status=pending",
    "?q=LD-20",
  ])
    reads.push(["dispatcher", `/api/loads${q}`], ["admin", `/api/loads${q}`]);
  reads.push(["driver", "/api/loads"], ["customer", "/api/loads"]);

  for (const [who, pathname] of reads) answers[`${who} ${pathname}`] = await answer(users[who], pathname);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
}

if (process.env.BENCH_ANSWERS_OUT)
  writeFileSync(process.env.BENCH_ANSWERS_OUT, JSON.stringify(answers, null, 1));
if (mode === "write") {
  writeFileSync(file, JSON.stringify(answers, null, 1));
  console.log(`${Object.keys(answers).length} answers written to ${file}`);
} else {
  // The bench signs the demo users in on every run: their last sign-in moves (a driver's detail shows it).
  const signIn = (text: string | undefined) =>
    text?.replace(/"lastSignInAt":"[^"]*"/g, '"lastSignInAt":"(this run)"');
  const before = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  for (const k of Object.keys(before)) before[k] = signIn(before[k])!;
  for (const k of Object.keys(answers)) answers[k] = signIn(answers[k])!;
  const keys = new Set([...Object.keys(before), ...Object.keys(answers)]);
  let differ = 0;
  for (const k of keys) {
    if (before[k] === answers[k]) continue;
    differ++;
    console.log(
      `DIFFERS: ${k}\n  before: ${before[k]?.slice(0, 400)}\n  after:  ${answers[k]?.slice(0, 400)}`,
    );
  }
  console.log(`${keys.size} answers compared, ${differ} differ`);
  if (differ) process.exitCode = 1;
}
