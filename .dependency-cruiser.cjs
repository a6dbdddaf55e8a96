/**
 * The boundaries of docs/ARCHITECTURE.md as dependency-cruiser rules. The cruiser resolves every
 * import the way TypeScript does (tsconfig paths, `import type`, `import()`, `require`, any quote
 * style) in every file under src, test files included. `npm run lint` runs it through
 * `scripts/boundaries/check.ts`, which adds what a rule cannot say (cycles between whole modules,
 * unused named edges, database calls in route files); `npx depcruise src` runs these rules alone.
 */
const { SERVER_EDGES, WEB_EDGES } = require("./scripts/boundaries/edges.cjs");

const esc = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The rules that keep the domain folders under `root` apart: a domain imports another only through
 * the files its named edges list. One rule for every domain without edges (`$1` is the importing
 * domain), one per domain with edges; a new domain is covered without touching this file.
 */
function boundaryRules(name, root, edges, comment) {
  const allowed = new Map();
  for (const edge of Object.keys(edges)) {
    const [from, to] = edge.split(" -> ");
    allowed.set(from, [...(allowed.get(from) ?? []), `^${esc(`${root}/${to}`)}\\.tsx?$`]);
  }
  const withEdges = [...allowed.keys()];
  const rule = (from, pathNot) => ({
    name,
    comment,
    severity: "error",
    from,
    to: { path: `^${esc(root)}/`, pathNot },
  });
  return [
    rule(
      { path: `^${esc(root)}/([^/]+)/`, pathNot: `^${esc(root)}/(${withEdges.map(esc).join("|")})/` },
      `^${esc(root)}/$1/`,
    ),
    ...withEdges.map((domain) =>
      rule({ path: `^${esc(`${root}/${domain}`)}/` }, [
        `^${esc(`${root}/${domain}`)}/`,
        ...allowed.get(domain),
      ]),
    ),
  ];
}

/** Test files run in Node and may read fixtures from disk; the purity rules are about shipped code. */
const TESTS = "\\.test\\.tsx?$";

/** What a route file may not import: the database (driver, ORM, schema, client) or a module's queries. */
const DATABASE = [
  "^src/server/db/",
  "(^|/)node_modules/(drizzle-orm|pg|pg-pool|pg-boss|@types/pg)/",
  "^(drizzle-orm|pg|pg-pool|pg-boss)(/|$)",
  "\\.repo\\.tsx?$",
];

module.exports = {
  forbidden: [
    ...boundaryRules(
      "module-boundary",
      "src/server/modules",
      SERVER_EDGES,
      "A server module imports another only through the named edges of scripts/boundaries/edges.cjs " +
        "(add one with its reason, or move the code to http/ or platform/).",
    ),
    ...boundaryRules(
      "feature-boundary",
      "src/web/features",
      WEB_EDGES,
      "A web feature imports another only through the named edges of scripts/boundaries/edges.cjs " +
        "(add one with its reason, or move the code to components/ or lib/).",
    ),
    {
      name: "web-shared-home-reaches-feature",
      comment:
        "components/ and lib/ serve every feature and never import one (only the app shell mounts them).",
      severity: "error",
      from: { path: "^src/web/(components|lib)/" },
      to: { path: "^src/web/features/" },
    },
    {
      name: "server-shared-home-reaches-module",
      comment: "http/, platform/ and db/ serve every module and never import one.",
      severity: "error",
      from: { path: "^src/server/(http|platform|db)/" },
      to: { path: "^src/server/modules/" },
    },
    {
      name: "shared-imports-app-code",
      comment: "src/shared is imported by server and web, so it imports neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(server|web)/" },
    },
    {
      name: "shared-not-pure",
      comment:
        "src/shared is pure TypeScript: no node:* modules and no packages but zod and libphonenumber-js.",
      severity: "error",
      from: { path: "^src/shared/", pathNot: TESTS },
      to: {
        dependencyTypes: ["core", "npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "npm-unknown"],
        pathNot: "(^|/)node_modules/(zod|libphonenumber-js)/",
      },
    },
    {
      name: "web-imports-server",
      comment:
        "The browser bundle holds no server code: src/web imports src/server only for types (`import type`, erased at build).",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "web-imports-node",
      comment: "Code shipped to the browser uses no node:* module.",
      severity: "error",
      from: { path: "^src/web/", pathNot: TESTS },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "server-imports-web",
      comment: "The server never imports the web app.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/web/" },
    },
    {
      name: "shared-by-relative-path",
      comment: "Server and web reach src/shared by one alias, @shared/ (never a relative path).",
      severity: "error",
      from: { path: "^src/(server|web)/" },
      to: { path: "^src/shared/", dependencyTypes: ["local"], dependencyTypesNot: ["aliased"] },
    },
    {
      name: "route-file-imports-database",
      comment:
        "A *.routes.ts file parses, calls one service function and shapes the answer: queries live in services and repos.",
      severity: "error",
      from: { path: "\\.routes\\.tsx?$" },
      to: { path: DATABASE },
    },
    {
      name: "unresolvable-import",
      comment: "An import the resolver cannot follow is an import no rule can check.",
      severity: "error",
      from: { path: "^src/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "(^|/)node_modules/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["types", "import", "require", "node", "default"],
      mainFields: ["types", "typings", "module", "main"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
    },
    exclude: { path: "(^|/)src/server/db/migrations/" },
  },
};
