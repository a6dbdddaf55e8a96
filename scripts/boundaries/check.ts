/**
 * The boundary check of docs/ARCHITECTURE.md: `npm run lint` runs this file, and
 * `src/architecture.test.ts` calls `checkBoundaries()` on the code and on trees made to break
 * each rule. dependency-cruiser resolves every import of every file under src (test files too)
 * and applies the rules of `.dependency-cruiser.cjs`; this file adds what a dependency-cruiser
 * rule cannot say (docs/decisions/046-boundary-check.md):
 * - `module-cycle`: no cycle between whole modules or whole features (dependency-cruiser's
 *   cycles are between files, and its folder scope between leaf folders such as `pages/`);
 * - `unused-edge`: a named edge nothing uses any more (the lists only shrink);
 * - `route-file-queries-database`: a `*.routes.ts` file calling the database through an object it
 *   was handed (`db.select(…)`, `tx.execute(…)`, `pool.query(…)`), read with the TypeScript parser.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseResult, type IViolation } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import ts from "typescript";

export interface Violation {
  rule: string;
  /** One line a person reads: the rule, then where. */
  text: string;
}

export interface BoundaryReport {
  violations: Violation[];
  modules: number;
  dependencies: number;
}

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** In the worktree (git ignores .tmp/), not in node_modules, which worktrees may share. */
const CACHE = join(REPO, ".tmp/dependency-cruiser");
const require = createRequire(import.meta.url);
const { SERVER_EDGES, WEB_EDGES } = require("./edges.cjs") as {
  SERVER_EDGES: Record<string, string>;
  WEB_EDGES: Record<string, string>;
};

/** The two families of domain folders that may not import each other freely. */
const HOMES = [
  { label: "server", root: "src/server/modules", edges: SERVER_EDGES },
  { label: "web", root: "src/web/features", edges: WEB_EDGES },
];

/** Methods that run SQL on a database, transaction or pool object. */
const DATABASE_METHODS = new Set(["select", "insert", "update", "delete", "execute", "transaction", "query"]);
const DATABASE_OBJECTS = new Set(["db", "tx", "pool", "client"]);

/** Checks the tree at `root` (the repository, or a test's tree with the same layout and tsconfig). */
export async function checkBoundaries(root = REPO): Promise<BoundaryReport> {
  const options = await extractDepcruiseOptions(join(REPO, ".dependency-cruiser.cjs"));
  const tsConfigFile = join(root, "tsconfig.json");
  const result = await cruise(
    ["src"],
    // The tree's own tsconfig (its paths), and a linked node_modules read where it is linked.
    {
      ...options,
      validate: true,
      baseDir: root,
      tsConfig: { fileName: tsConfigFile },
      preserveSymlinks: true,
      // The repository's cruise is cached by file content (a lint run with nothing changed reads no
      // file twice); a test's tree is cruised fresh.
      ...(root === REPO ? { cache: { folder: CACHE, strategy: "content" as const } } : {}),
    },
    {},
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const output = result.output as ICruiseResult;
  const violations: Violation[] = output.summary.violations.map((v: IViolation) => ({
    rule: v.rule.name,
    text: `${v.rule.name}: ${v.from} → ${v.to}`,
  }));

  for (const { label, root: home, edges } of HOMES) {
    const used = new Set<string>();
    const graph = new Map<string, Set<string>>();
    for (const mod of output.modules) {
      const from = domainOf(home, mod.source);
      if (!from) continue;
      for (const dep of mod.dependencies) {
        const to = domainOf(home, dep.resolved);
        if (!to || to === from) continue;
        used.add(`${from} -> ${dep.resolved.slice(home.length + 1).replace(/\.tsx?$/, "")}`);
        graph.set(from, (graph.get(from) ?? new Set()).add(to));
      }
    }
    for (const pair of cycles(graph)) {
      violations.push({ rule: "module-cycle", text: `module-cycle: ${label}: ${pair}` });
    }
    if (root === REPO) {
      for (const edge of Object.keys(edges).filter((e) => !used.has(e))) {
        violations.push({
          rule: "unused-edge",
          text: `unused-edge: ${label}: ${edge} (scripts/boundaries/edges.cjs)`,
        });
      }
    }
  }

  for (const file of output.modules.map((m) => m.source).filter((s) => /\.routes\.tsx?$/.test(s))) {
    for (const call of databaseCalls(join(root, file))) {
      violations.push({
        rule: "route-file-queries-database",
        text: `route-file-queries-database: ${file}:${call}`,
      });
    }
  }

  return {
    violations,
    modules: output.summary.totalCruised,
    dependencies: output.summary.totalDependenciesCruised ?? 0,
  };
}

/** The domain folder a path under `home` belongs to ("src/server/modules/fuel/x.ts" → "fuel"). */
function domainOf(home: string, path: string): string | undefined {
  if (!path.startsWith(`${home}/`)) return undefined;
  const rest = path.slice(home.length + 1);
  return rest.includes("/") ? rest.split("/")[0] : undefined;
}

/** Pairs of domains that reach each other (directly or through others), as "a <-> b". */
function cycles(graph: Map<string, Set<string>>): string[] {
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
    for (const b of targets) if (reaches(b, a)) found.add([a, b].sort().join(" <-> "));
  }
  return [...found].sort();
}

/** "line: db.select(" for every call of a database method on a database-named object. */
function databaseCalls(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      DATABASE_METHODS.has(node.expression.name.text)
    ) {
      const target = node.expression.expression;
      const name = ts.isIdentifier(target)
        ? target.text
        : ts.isPropertyAccessExpression(target)
          ? target.name.text
          : undefined;
      if (name && DATABASE_OBJECTS.has(name)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${line + 1}: ${name}.${node.expression.name.text}(`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

// `tsx scripts/boundaries/check.ts` (npm run lint): print each violation, exit 1 if there is any.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const report = await checkBoundaries();
  for (const v of report.violations) console.error(`  ✖ ${v.text}`);
  const summary = `${report.modules} files, ${report.dependencies} imports, ${report.violations.length} boundary violations (${((Date.now() - started) / 1000).toFixed(1)} s)`;
  if (report.violations.length > 0) {
    console.error(
      `\n${summary}. The rules: .dependency-cruiser.cjs and docs/ARCHITECTURE.md ("Boundaries, enforced").`,
    );
    process.exit(1);
  }
  console.log(`boundaries: ${summary}`);
}
