import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The boundaries of docs/ARCHITECTURE.md, enforced. A server module or web feature uses another's
 * code only through the named edges below; modules and features form no import cycle; shared code
 * (components, lib, http, platform) never reaches back into a feature or module; route files never
 * touch the database. A new edge is a decision: add it here with its reason, or move the code to a
 * shared home. The lists only shrink.
 */

const ROOT = resolve(__dirname, "..");
const SERVER_MODULES = resolve(ROOT, "src/server/modules");
const WEB_FEATURES = resolve(ROOT, "src/web/features");

/** Cross-module imports the server allows, as "from -> to/file", each with why. */
const SERVER_EDGES: Record<string, string> = {
  "load-board -> loads/loads.repo": "a board load is a load: interest locks it with the loads' own lookup",
  "dashboard -> reports/compliance":
    "the dashboard counts expiring documents by the compliance report's rule",
  "notifications -> chat/chat.service":
    "the one events stream per browser also carries chat, and the bell's count call the chat's unread",
  "notifications -> auth/session":
    "the events stream ends when its session is signed out (the auth-change channel)",
  "drivers -> auth/accounts": "a driver with a sign-in gets an account the way every account is made",
  "registration -> auth/accounts": "an approved registration creates the customer's account",
  "users -> auth/accounts": "the admin creates accounts",
  "contracts -> auth/accounts": "a new hire creates their driver account after signing",
  "users -> auth/auth": "impersonation goes through better-auth's admin plugin",
  "accidents -> citations/safety-lookups.service": "both safety screens share one set of pickers",
  "inspections -> fleet/maintenance.service": "a failed item opens a maintenance item",
  "calendar -> drivers/driver-status": "approved time off moves the driver's status",
  "loads -> drivers/driver-status": "a trip moves the driver's status",
  "loads -> invoices/invoices.repo": "a billed load names its invoice (invoices never import loads)",
  "portal -> loads/loads.service": "accepting a load request creates the load in the same transaction",
  "portal -> loads/tracking-links.service": "the portal hands out the loads' own private tracking links",
  "paperwork -> loads/paperwork-status":
    "a load's paperwork status is derived from its files, which loads own",
  "paperwork -> loads/bol-links.service": "the BOL manager hands out the loads' own public upload links",
  "statements -> invoices/invoice-pdf": "a statement lists invoices and payments (one way: billing)",
  "statements -> invoices/invoices.repo": "a statement lists invoices and payments (one way: billing)",
  "statements -> invoices/invoices.service": "a statement lists invoices and payments (one way: billing)",
  "portal -> invoices/portal-billing.service": "the portal composes the customer's billing",
  "portal -> statements/statement-files": "the portal composes the customer's billing",
  "portal -> statements/statements.service": "the portal composes the customer's billing",
  "citations -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "fleet -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "fuel -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "invoices -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "parking -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "tolls -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "settlements -> accounting/ledger-posting": "a source posts its money to the ledger in its own transaction",
  "assistant -> search/search.service":
    "the assistant's search tool is the command palette's search, run as the user",
  "assistant -> reports/reports.service": "the assistant opens only the reports the user's role may open",
};

/** Cross-feature imports the web allows. */
const WEB_EDGES: Record<string, string> = {
  "notifications -> chat/api/chat-live":
    "the one events stream per browser hands chat events to the chat screen's cached conversations",
  "accidents -> citations/components/safety-picker": "both safety screens share one picker",
  "accidents -> citations/components/controlled-safety-picker": "both safety screens share one picker",
  "accidents -> citations/safety-messages": "both safety screens share one message map",
  "dashboard -> loads/api/loads": "the dashboards read loads",
  "dashboard -> loads/components/driver-load-actions":
    "the driver acts on the current load from the dashboard",
  "dashboard -> loads/components/load-event-text": "the dashboard shows the load's last event",
  "dashboard -> loads/components/next-stop-card": "the driver checks in at the next stop from the dashboard",
  "dashboard -> audit/components/audit-words":
    "the recent activity is audit entries, worded in the reader's language as the audit log words them",
  "load-board -> loads/api/loads": "showing interest refreshes the loads (one key tree for dispatch)",
  "loads -> locations/api/locations": "a stop is picked from (and saved to) the address book",
  "dashboard -> settlements/components/my-settlements":
    "a driver reads their own settlements on their dashboard",
  "drivers -> loads/components/load-skeletons": "a driver's loads tab reuses the loads' loading states",
  "paperwork -> loads/api/loads": "a BOL decision refreshes the load's own page",
  "statements -> invoices/billing-messages": "a statement is billing: one way, statements to invoices",
  "statements -> invoices/components/billing-customer-picker":
    "a statement is billing: one way, statements to invoices",
  "registration -> users/components/user-form-errors": "a rejection's reason is checked like the user forms",
  "portal -> invoices/api/invoices": "the portal's billing tab lists the customer's invoices",
  "portal -> invoices/billing-messages": "the portal's billing tab lists the customer's invoices",
  "portal -> invoices/components/invoice-status-badge": "an invoice's status looks the same everywhere",
  "portal -> statements/api/statements": "the portal's billing tab shows the customer's statement",
  "portal -> statements/components/statement-view": "the portal's billing tab shows the customer's statement",
  "settings -> notifications/components/notification-preferences":
    "Settings and the profile show the user's own notification choices (the centre's dialog)",
  "settings -> communications/components/automated-switches":
    "Settings → Notifications shows the hub's automated-notification switches",
  "settings -> communications/components/signature-form": "Settings → Signature is the hub's signature form",
};

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const sources = (dir: string) => walk(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

/** Every relative or `@web/` import of a file, resolved to an absolute path without extension. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  // `from "x"`, `import("x")` and a bare `import "x"` (a module run for its effects).
  for (const m of text.matchAll(/(?:from|import\s*\(?)\s*"([^"]+)"/g)) {
    const spec = m[1];
    if (spec.startsWith(".")) out.push(resolve(dirname(file), spec));
    else if (spec.startsWith("@web/")) out.push(resolve(ROOT, "src/web", spec.slice(5)));
  }
  return out;
}

/** "from -> to/file" for every import from one domain folder into another under `root`. */
function crossEdges(root: string): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sources(root)) {
    const from = relative(root, file).split("/")[0];
    for (const target of importsOf(file)) {
      const rel = relative(root, target);
      if (rel.startsWith("..")) continue;
      const to = rel.split("/")[0];
      if (to === from) continue;
      const edge = `${from} -> ${rel.replace(/\.tsx?$/, "")}`;
      edges.set(edge, [...(edges.get(edge) ?? []), relative(ROOT, file)]);
    }
  }
  return edges;
}

/** Pairs of domains that import each other (directly or through others), as "a <-> b". */
function cycles(edges: Iterable<string>): string[] {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const [from, to] = edge.split(" -> ");
    const target = to.split("/")[0];
    graph.set(from, (graph.get(from) ?? new Set()).add(target));
  }
  const reaches = (a: string, b: string, seen = new Set<string>()): boolean => {
    for (const next of graph.get(a) ?? []) {
      if (next === b) return true;
      if (!seen.has(next)) {
        seen.add(next);
        if (reaches(next, b, seen)) return true;
      }
    }
    return false;
  };
  const found = new Set<string>();
  for (const [a, targets] of graph) {
    for (const b of targets) {
      if (reaches(b, a)) found.add([a, b].sort().join(" <-> "));
    }
  }
  return [...found].sort();
}

describe("architecture", () => {
  it("server modules import each other only through the named edges", () => {
    const unnamed = [...crossEdges(SERVER_MODULES)].filter(([edge]) => !(edge in SERVER_EDGES));
    expect(unnamed.map(([edge, files]) => `${edge} (in ${files.join(", ")})`)).toEqual([]);
  });

  it("web features import each other only through the named edges", () => {
    const unnamed = [...crossEdges(WEB_FEATURES)].filter(([edge]) => !(edge in WEB_EDGES));
    expect(unnamed.map(([edge, files]) => `${edge} (in ${files.join(", ")})`)).toEqual([]);
  });

  it("the named edges are all still used (the lists only shrink)", () => {
    const server = new Set(crossEdges(SERVER_MODULES).keys());
    const web = new Set(crossEdges(WEB_FEATURES).keys());
    expect(Object.keys(SERVER_EDGES).filter((e) => !server.has(e))).toEqual([]);
    expect(Object.keys(WEB_EDGES).filter((e) => !web.has(e))).toEqual([]);
  });

  it("no import cycle between modules or between features", () => {
    const found = [
      ...cycles(crossEdges(SERVER_MODULES).keys()).map((c) => `server: ${c}`),
      ...cycles(crossEdges(WEB_FEATURES).keys()).map((c) => `web: ${c}`),
    ];
    expect(found).toEqual([]);
  });

  it("shared homes never reach into a feature or a module", () => {
    const shared = [
      ...["src/web/components", "src/web/lib", "src/web/app"].map((d) => ({ dir: d, banned: WEB_FEATURES })),
      ...["src/server/http", "src/server/platform", "src/server/db"].map((d) => ({
        dir: d,
        banned: SERVER_MODULES,
      })),
      { dir: "src/shared", banned: resolve(ROOT, "src/server") },
      { dir: "src/shared", banned: resolve(ROOT, "src/web") },
    ];
    const reaching: string[] = [];
    for (const { dir, banned } of shared) {
      for (const file of sources(resolve(ROOT, dir))) {
        for (const target of importsOf(file)) {
          if (relative(banned, target).startsWith("..")) continue;
          // The app shell mounts every feature's pages (the router) and the session lives in lib.
          if (dir === "src/web/app") continue;
          reaching.push(`${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
        }
      }
    }
    expect(reaching).toEqual([]);
  });

  it("a domain has one name in all three homes (src/shared, server modules, web features)", () => {
    const dirs = (dir: string) =>
      readdirSync(resolve(ROOT, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    const modules = new Set(dirs("src/server/modules"));
    // Homes that are not a domain: the API kit, translations, and the platform's notifications;
    // features with no module of their own: the dashboards (they read other domains) and system pages.
    const NOT_DOMAINS = new Set(["api", "i18n", "notifications", "dashboard", "system"]);
    const strays = [
      ...dirs("src/shared").map((d) => `src/shared/${d}`),
      ...dirs("src/web/features").map((d) => `src/web/features/${d}`),
    ].filter((path) => {
      const name = path.split("/").pop() ?? "";
      return !NOT_DOMAINS.has(name) && !modules.has(name);
    });
    expect(strays).toEqual([]);
  });

  it("server and web reach src/shared by one alias, @shared/ (never a relative path)", () => {
    const SHARED = resolve(ROOT, "src/shared");
    const relativeToShared = ["src/server", "src/web"].flatMap((dir) =>
      sources(resolve(ROOT, dir)).flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(/(?:from|import\s*\(?)\s*"(\.[^"]+)"/g)]
          .filter(([, spec]) => !relative(SHARED, resolve(dirname(file), spec)).startsWith(".."))
          .map(([, spec]) => `${relative(ROOT, file)}: "${spec}"`),
      ),
    );
    expect(relativeToShared).toEqual([]);
  });

  it("route files never touch the database (queries live in services and repos)", () => {
    const touching = sources(SERVER_MODULES)
      .filter((f) => f.endsWith(".routes.ts"))
      .filter((f) => {
        const text = readFileSync(f, "utf8");
        return (
          /from "drizzle-orm/.test(text) ||
          /from "(\.\.\/)+db\/schema/.test(text) ||
          /\b(db|tx)\.(select|insert|update|delete|execute|transaction)\(/.test(text)
        );
      })
      .map((f) => relative(ROOT, f));
    expect(touching).toEqual([]);
  });

  it("every API answer's shape is a schema in src/shared: inline in no route file, hand-typed in no web file", () => {
    // Server: a route's response is a shared schema (or an array, page or `items` of one), so the web can name it.
    const inlineAnswers = sources(SERVER_MODULES)
      .filter((f) => f.endsWith(".routes.ts"))
      .flatMap((f) =>
        [
          ...readFileSync(f, "utf8").matchAll(
            /jsonContent\((?:z\.array\(|pageSchema\(|itemsSchema\()?z\.object\(/g,
          ),
        ].map(() => relative(ROOT, f)),
      );
    expect(inlineAnswers).toEqual([]);
    // Web: every `api<T>()` names types imported from @shared/ (T and K are the client's own type parameters;
    // LookupAnswer maps the pickers' paths to their shared answers).
    const LOCAL = new Set(["T", "K", "LookupAnswer"]);
    const handTyped = sources(resolve(ROOT, "src/web")).flatMap((file) => {
      const text = readFileSync(file, "utf8");
      const shared = new Set(
        [...text.matchAll(/import (?:type )?\{([^}]*)\} from "@shared\/[^"]+"/g)].flatMap(([, names]) =>
          names.split(",").map((n) => n.replace(/^\s*type\s+/, "").trim()),
        ),
      );
      return [...text.matchAll(/\bapi<([^(]+?)>\(/g)].flatMap(([, arg]) => {
        if (arg.includes("{")) return [`${relative(ROOT, file)}: api<${arg}>`];
        return [...arg.matchAll(/\b[A-Z]\w*/g)]
          .map(([name]) => name)
          .filter((name) => !shared.has(name) && !LOCAL.has(name))
          .map((name) => `${relative(ROOT, file)}: ${name} in api<${arg}>`);
      });
    });
    expect(handTyped).toEqual([]);
  });
});
