import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BoundaryReport, checkBoundaries } from "../scripts/boundaries/check";

/**
 * The boundaries of docs/ARCHITECTURE.md, enforced. The import rules are dependency-cruiser's
 * (`.dependency-cruiser.cjs`, run by `scripts/boundaries/check.ts`, which `npm run lint` runs too):
 * a server module or web feature uses another's code only through the named edges of
 * `scripts/boundaries/edges.cjs`; modules and features form no import cycle; shared code
 * (components, lib, http, platform, db) never reaches back into a feature or module; src/shared is
 * pure TypeScript and imports neither server nor web; the browser holds no server code; route files
 * never touch the database. Every file under src is read, test files included. The checks below
 * that are not about imports read the tree directly.
 */

const ROOT = resolve(__dirname, "..");
const SERVER_MODULES = resolve(ROOT, "src/server/modules");

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const sources = (dir: string) => walk(dir).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));

/** The names a file imports from `@shared/…` (read with the TypeScript parser: any quote style, `type` or not). */
function sharedNamesOf(file: string, text: string): Set<string> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.startsWith("@shared/")) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add(e.name.text);
  }
  return names;
}

/** The cruise of the whole tree takes a while on a busy machine (about 20 s on two shared cores). */
const CRUISE_TIMEOUT = 180_000;

describe("architecture", () => {
  it(
    "the code keeps its boundaries: every import rule, no module cycle, no unused edge, no query in a route file",
    async () => {
      const { violations } = await checkBoundaries();
      expect(violations.map((v) => v.text)).toEqual([]);
    },
    CRUISE_TIMEOUT,
  );

  it("a domain has one name in all three homes (src/shared, server modules, web features)", () => {
    const dirs = (dir: string) =>
      readdirSync(resolve(ROOT, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    const modules = new Set(dirs("src/server/modules"));
    // Homes that are not a domain: the API kit, translations, and the platform's notifications;
    // features with no module of their own: the dashboards (they read other domains) and system pages;
    // the phone's outbox contract (issue 41): served by the route kit (`http/replay.ts`), not a module.
    const NOT_DOMAINS = new Set(["api", "i18n", "notifications", "dashboard", "system", "sync"]);
    const strays = [
      ...dirs("src/shared").map((d) => `src/shared/${d}`),
      ...dirs("src/web/features").map((d) => `src/web/features/${d}`),
    ].filter((path) => {
      const name = path.split("/").pop() ?? "";
      return !NOT_DOMAINS.has(name) && !modules.has(name);
    });
    expect(strays).toEqual([]);
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
      const shared = sharedNamesOf(file, text);
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

/**
 * A tree with the repository's layout in which every rule is broken once, by each way of writing an
 * import the old regex missed (single quotes, a template `import()`, `require`, a test file, an
 * alias), next to imports that are allowed. The check must name exactly the broken ones.
 */
const FIXTURE: Record<string, string> = {
  "src/shared/loads/loads.schema.ts": "export const STATUS = 1;\n",
  // Allowed: a shared test reads fixtures from disk.
  "src/shared/loads/loads.test.ts":
    'import { readFileSync } from "node:fs";\nexport const read = readFileSync;\n',
  "src/shared/loads/reads-node.ts":
    "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
  "src/shared/loads/reads-server.ts": 'export { STATE } from "@server/modules/loads/loads.service";\n',
  "src/server/app.ts": "export type AppType = { routes: string[] };\n",
  "src/server/db/schema.ts": "export const loads = {};\n",
  "src/server/modules/loads/loads.service.ts":
    'import { STATUS } from "@shared/loads/loads.schema";\nimport { walk } from "../drivers/driver-status";\nexport const STATE = STATUS + walk;\n',
  "src/server/modules/loads/loads.repo.ts": "export const findLoad = () => 1;\n",
  "src/server/modules/loads/loads.routes.ts": "import { eq } from 'drizzle-orm';\nexport const route = eq;\n",
  "src/server/modules/loads/reads-missing.ts": 'import { gone } from "./nowhere";\nexport const x = gone;\n',
  "src/server/modules/drivers/driver-status.ts": "export const walk = 1;\n",
  // The real drivers <-> loads cycle: a drivers test imported the loads service.
  "src/server/modules/drivers/drivers.int.test.ts":
    'import { STATE } from "../loads/loads.service";\nexport const seen = STATE;\n',
  "src/server/modules/drivers/drivers.routes.ts":
    "export const list = (c: { var: { deps: { db: { select(): unknown } } } }) => c.var.deps.db.select();\n",
  "src/server/modules/fleet/assigned-assets.ts": "export const assigned = 1;\n",
  "src/server/modules/fleet/fleet.service.ts":
    'import { post } from "../accounting/ledger-posting";\nexport const fleet = post;\n',
  "src/server/modules/fleet/fleet.routes.ts": 'import { Pool } from "pg";\nexport const pool = Pool;\n',
  "src/server/modules/accounting/ledger-posting.ts": "export const post = 1;\n",
  // The real accounting <-> fuel <-> fleet cycle: the ledger test imported fuel's test helpers.
  "src/server/modules/accounting/ledger.int.test.ts":
    "import { multipart } from '../fuel/fuel.testing';\nexport const upload = multipart;\n",
  "src/server/modules/fuel/fuel.service.ts":
    'import { assigned } from "../fleet/assigned-assets";\nimport { post } from "../accounting/ledger-posting";\nexport const fuel = assigned + post;\n',
  "src/server/modules/fuel/fuel.testing.ts": "export const multipart = 1;\n",
  "src/server/modules/fuel/fuel.routes.ts": "export const schema = () => import(`../../db/schema`);\n",
  "src/server/modules/tolls/tolls.repo.ts": "export const findToll = () => 1;\n",
  "src/server/modules/tolls/tolls.routes.ts":
    'import { findToll } from "./tolls.repo";\nexport const t = findToll;\n',
  "src/server/modules/tolls/tolls.service.ts":
    "export const later = () => import(`../fleet/fleet.service`);\n",
  "src/server/modules/parking/parking.service.ts":
    'const fleet = require("../fleet/fleet.service");\nexport const p = fleet;\n',
  "src/server/modules/parking/parking.routes.ts":
    'export const raw = (pool: { query(sql: string): unknown }) => pool.query("select 1");\n',
  "src/server/modules/citations/citations.service.ts":
    'import { STATE } from "@server/modules/loads/loads.service";\nexport const c = STATE;\n',
  "src/server/http/reaches-module.ts":
    'import { STATE } from "../modules/loads/loads.service";\nexport const h = STATE;\n',
  "src/server/platform/relative-shared.ts":
    'import { STATUS } from "../../shared/loads/loads.schema";\nexport const r = STATUS;\n',
  "src/server/platform/reads-web.ts":
    'import { useLoads } from "@web/features/loads/api/loads";\nexport const w = useLoads;\n',
  "src/web/features/loads/api/loads.ts":
    'import { STATUS } from "@shared/loads/loads.schema";\nexport const useLoads = STATUS;\n',
  "src/web/features/fleet/components/truck-card.tsx": "export const TruckCard = 1;\n",
  "src/web/features/loads/pages/loads-page.tsx":
    "import { TruckCard } from '@web/features/fleet/components/truck-card';\nexport const Page = TruckCard;\n",
  // Allowed: the app shell mounts every feature's pages.
  "src/web/app/router.tsx":
    'import { Page } from "../features/loads/pages/loads-page";\nexport const routes = [Page];\n',
  "src/web/components/reaches-feature.tsx":
    'import { useLoads } from "../features/loads/api/loads";\nexport const x = useLoads;\n',
  // Allowed: a type from the server, erased at build.
  "src/web/lib/server-types.ts": 'import type { AppType } from "@server/app";\nexport type App = AppType;\n',
  "src/web/lib/server-code.ts":
    'import { STATE } from "@server/modules/loads/loads.service";\nexport const s = STATE;\n',
  "src/web/lib/reads-node.ts": 'import { join } from "node:path";\nexport const j = join;\n',
};

describe("the boundary check bites", () => {
  let tree: string;
  let report: BoundaryReport;

  beforeAll(async () => {
    tree = mkdtempSync(join(tmpdir(), "boundaries-"));
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }
    writeFileSync(join(tree, "tsconfig.json"), readFileSync(join(ROOT, "tsconfig.json")));
    // Packages resolve as in the repository (drizzle-orm, pg).
    symlinkSync(join(ROOT, "node_modules"), join(tree, "node_modules"), "dir");
    report = await checkBoundaries(tree);
  }, CRUISE_TIMEOUT);

  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it("reports each broken rule once, and nothing that is allowed", () => {
    // A package is named by its folder (the file it resolves to changes with its version).
    const found = report.violations.map((v) => v.text.replace(/(node_modules\/[^/]+)\/.*$/, "$1"));
    expect(found.sort()).toEqual(
      [
        // Module and feature boundaries: single quotes, a test file, a template import(), require, an alias.
        "module-boundary: src/server/modules/accounting/ledger.int.test.ts → src/server/modules/fuel/fuel.testing.ts",
        "module-boundary: src/server/modules/drivers/drivers.int.test.ts → src/server/modules/loads/loads.service.ts",
        // fleet/assigned-assets left with its edge (its lookup is http/scope.ts's now): a crossing again.
        "module-boundary: src/server/modules/fuel/fuel.service.ts → src/server/modules/fleet/assigned-assets.ts",
        "module-boundary: src/server/modules/tolls/tolls.service.ts → src/server/modules/fleet/fleet.service.ts",
        "module-boundary: src/server/modules/parking/parking.service.ts → src/server/modules/fleet/fleet.service.ts",
        "module-boundary: src/server/modules/citations/citations.service.ts → src/server/modules/loads/loads.service.ts",
        "feature-boundary: src/web/features/loads/pages/loads-page.tsx → src/web/features/fleet/components/truck-card.tsx",
        // Whole-module cycles the test files closed (the two the repository had).
        "module-cycle: server: accounting <-> fleet",
        "module-cycle: server: accounting <-> fuel",
        "module-cycle: server: drivers <-> loads",
        "module-cycle: server: fleet <-> fuel",
        // Shared homes, shared code, server and web.
        "server-shared-home-reaches-module: src/server/http/reaches-module.ts → src/server/modules/loads/loads.service.ts",
        "web-shared-home-reaches-feature: src/web/components/reaches-feature.tsx → src/web/features/loads/api/loads.ts",
        "shared-imports-app-code: src/shared/loads/reads-server.ts → src/server/modules/loads/loads.service.ts",
        "shared-not-pure: src/shared/loads/reads-node.ts → fs",
        "shared-by-relative-path: src/server/platform/relative-shared.ts → src/shared/loads/loads.schema.ts",
        "server-imports-web: src/server/platform/reads-web.ts → src/web/features/loads/api/loads.ts",
        "web-imports-server: src/web/lib/server-code.ts → src/server/modules/loads/loads.service.ts",
        "web-imports-node: src/web/lib/reads-node.ts → path",
        // Route files and the database: the ORM in single quotes, the driver, the schema by a
        // template import(), a repo, and calls on a handed-in pool or db.
        "route-file-imports-database: src/server/modules/loads/loads.routes.ts → node_modules/drizzle-orm",
        "route-file-imports-database: src/server/modules/fleet/fleet.routes.ts → node_modules/pg",
        "route-file-imports-database: src/server/modules/fuel/fuel.routes.ts → src/server/db/schema.ts",
        "route-file-imports-database: src/server/modules/tolls/tolls.routes.ts → src/server/modules/tolls/tolls.repo.ts",
        "route-file-queries-database: src/server/modules/parking/parking.routes.ts:1: pool.query(",
        "route-file-queries-database: src/server/modules/drivers/drivers.routes.ts:1: db.select(",
        "unresolvable-import: src/server/modules/loads/reads-missing.ts → ./nowhere",
      ].sort(),
    );
  });
});
