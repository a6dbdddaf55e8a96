import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One ownership gate: whose rows a caller reaches is decided in http/scope.ts (`scopeOf`,
 * `scopeWithAssets`, `ownedBy`, `owns`, `holds`, `ownDriverId`, `ownCustomerId`) and nowhere else. A
 * service that reads the caller's driver or customer record itself, or compares role strings, writes
 * an owner filter by hand — the way rows leak (docs/ARCHITECTURE.md, "Ownership"). Test files are
 * not scanned: they build actors of every role on purpose.
 */

const ROOT = resolve(__dirname, "../../..");
const SERVER = resolve(ROOT, "src/server");
const SCOPE_MODULE = "src/server/http/scope.ts";

/** What a hand-written owner filter looks like, each with what to use instead. */
const RULES: Array<{ pattern: RegExp; use: string }> = [
  {
    pattern: /\bactor\??\.(driverId|customerId)\b/,
    use: "scopeOf(actor) with ownedBy/owns, or ownDriverId/ownCustomerId",
  },
  {
    pattern: /\{[^{}]*\b(driverId|customerId)\b[^{}]*\}\s*=\s*actor\b/,
    use: "ownDriverId(actor) / ownCustomerId(actor)",
  },
  { pattern: /\bscope\??\.(driverId|customerId)\b/, use: "ownedBy/owns, or ownDriverId/ownCustomerId" },
  { pattern: /\brole\s*[!=]==/, use: "the scope's kind (scopeOf) or a permission (can)" },
  { pattern: /[!=]==\s*(\w+\??\.)*role\b/, use: "the scope's kind (scopeOf) or a permission (can)" },
];

/**
 * The places that legitimately compare roles, each with why. Keep it short; it only shrinks (an entry
 * that no longer matches fails below).
 */
const ALLOWED: Record<string, string> = {
  "src/server/modules/auth/accounts.ts":
    "creating an account: the new account's role decides which record (driver, customer) it is linked to",
  "src/server/modules/users/users.service.ts":
    "changing a user's role: compares the old role with the new one (and an admin's sessions it ends)",
  "src/server/modules/users/impersonation.service.ts":
    "an admin can never be impersonated (the target's role)",
  "src/server/modules/loads/state-miles.service.ts":
    "a driver corrects their own load's state miles: the spec grants it by role next to loads:write (the load is already scoped)",
  "src/server/modules/calendar/time-off.service.ts":
    "who cancels a time-off request (the driver who asked, or a reviewer) follows different rules by role (the request is already scoped)",
};

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every line outside the scope module that decides ownership by hand, as "file:line: text". */
function handWrittenOwnership(files: Array<{ path: string; text: string }>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { path, text } of files) {
    if (path === SCOPE_MODULE) continue;
    text.split("\n").forEach((line, i) => {
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      if (!RULES.some(({ pattern }) => pattern.test(line))) return;
      found.set(path, [...(found.get(path) ?? []), `${path}:${i + 1}: ${line.trim()}`]);
    });
  }
  return found;
}

describe("one ownership gate (http/scope.ts)", () => {
  const files = sources(SERVER).map((file) => ({
    path: relative(ROOT, file),
    text: readFileSync(file, "utf8"),
  }));
  const found = handWrittenOwnership(files);

  it("no service reads the caller's driver or customer record, or compares roles, outside the scope module", () => {
    const offending = [...found].filter(([path]) => !(path in ALLOWED)).flatMap(([, lines]) => lines);
    expect(offending, RULES.map((r) => `${r.pattern} → use ${r.use}`).join("\n")).toEqual([]);
  });

  it("every allowed place still needs its entry (the list only shrinks)", () => {
    expect(Object.keys(ALLOWED).filter((path) => !found.has(path))).toEqual([]);
  });

  it("recognises each shape of a hand-written owner filter, and leaves the scope's own use alone", () => {
    const lines = [
      "const mine = actor.driverId;",
      "const { driverId } = actor;",
      "if (actor.role === 'driver') {}",
      'const isCustomer = role !== "customer";',
      "if ('admin' === user.role) {}",
      'const extra = scope.kind === "driver" && scope.driverId;',
    ];
    const hits = handWrittenOwnership(lines.map((text, i) => ({ path: `x${i}.ts`, text })));
    expect([...hits.keys()]).toEqual(lines.map((_, i) => `x${i}.ts`));
    const clean = handWrittenOwnership([
      {
        path: "ok.ts",
        text: "const id = ownDriverId(actor);\nif (scope.kind === 'staff') {}\n// actor.driverId",
      },
      {
        path: SCOPE_MODULE,
        text: "if (actor.role === 'driver') return { kind: 'driver', driverId: actor.driverId };",
      },
    ]);
    expect([...clean.keys()]).toEqual([]);
  });
});
