// One-off codemod (issue 39, decision 048): rewrites `api<T>(path, { method, … })`
// into `api.<method>("/declared/{path}", { path: { … }, … })` by resolving the path expression
// (literals, templates, local constants and one-line path helpers) against the OpenAPI paths.
// What it cannot resolve it leaves alone and lists, for a hand edit.
// Usage: node scripts/codemods/typed-api.mjs [files…]
import { execSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

const gen = readFileSync("src/web/lib/api-types.gen.ts", "utf8");
const start = gen.indexOf("export interface paths {");
const end = gen.indexOf("\nexport type webhooks");
const keys = [...gen.slice(start, end).matchAll(/^ {4}"(\/api[^"]*)": \{/gm)].map((m) => m[1]);
const methodsOf = new Map();
{
  const body = gen.slice(start, end);
  const starts = [...body.matchAll(/^ {4}"(\/api[^"]*)": \{/gm)];
  starts.forEach((m, i) => {
    const chunk = body.slice(m.index, starts[i + 1]?.index ?? body.length);
    const ms = new Set([...chunk.matchAll(/^ {8}(get|put|post|delete|patch): \{/gm)].map((x) => x[1]));
    methodsOf.set(m[1], ms);
  });
}

const files =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : execSync("grep -rl 'api<' src/web --include=*.ts --include=*.tsx", { encoding: "utf8" })
        .split("\n")
        .filter((f) => f && !f.endsWith("lib/api.ts") && !f.endsWith(".test.ts"));

const HOLE = "\u0000";
const left = [];
let converted = 0;

for (const file of files) {
  const text = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  // Local constants and one-expression functions, by name.
  const consts = new Map();
  const fns = new Map();
  const visitDecl = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const init = node.initializer;
      if (ts.isArrowFunction(init) && !ts.isBlock(init.body))
        fns.set(node.name.text, { params: init.parameters.map((p) => p.name.getText()), body: init.body });
      else if (
        ts.isArrowFunction(init) &&
        ts.isBlock(init.body) &&
        init.body.statements.length === 1 &&
        ts.isReturnStatement(init.body.statements[0])
      )
        fns.set(node.name.text, {
          params: init.parameters.map((p) => p.name.getText()),
          body: init.body.statements[0].expression,
        });
      else if (
        ts.isStringLiteral(init) ||
        ts.isNoSubstitutionTemplateLiteral(init) ||
        ts.isTemplateExpression(init)
      )
        consts.set(node.name.text, init);
      else if (ts.isAsExpression(init) && ts.isStringLiteral(init.expression))
        consts.set(node.name.text, init.expression);
    }
    if (
      ts.isFunctionDeclaration(node) &&
      node.name &&
      node.body?.statements.length === 1 &&
      ts.isReturnStatement(node.body.statements[0])
    )
      fns.set(node.name.text, {
        params: node.parameters.map((p) => p.name.getText()),
        body: node.body.statements[0].expression,
      });
    ts.forEachChild(node, visitDecl);
  };
  // Path helpers imported from sibling modules (`loadPath`, `driverPath`) resolve the same way.
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.moduleSpecifier.text.startsWith(".")) continue;
    const base = path.resolve(path.dirname(file), st.moduleSpecifier.text);
    const target = [`${base}.ts`, `${base}.tsx`].find((f) => existsSync(f));
    if (target)
      visitDecl(ts.createSourceFile(target, readFileSync(target, "utf8"), ts.ScriptTarget.Latest, true));
  }
  visitDecl(sf);

  // Parts: strings, or { expr } holes (a path parameter's value).
  const resolve = (node, env, depth = 0) => {
    if (depth > 8) return null;
    if (ts.isParenthesizedExpression(node)) return resolve(node.expression, env, depth + 1);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isTemplateExpression(node)) {
      const out = [node.head.text];
      for (const span of node.templateSpans) {
        const r = resolve(span.expression, env, depth + 1);
        if (!r) return null;
        out.push(...r, span.literal.text);
      }
      return out;
    }
    if (ts.isIdentifier(node)) {
      if (env.has(node.text)) return env.get(node.text);
      if (consts.has(node.text)) return resolve(consts.get(node.text), new Map(), depth + 1);
      return [{ expr: node.text }];
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      if ((name === "encodeURIComponent" || name === "String") && node.arguments.length === 1) {
        const r = resolve(node.arguments[0], env, depth + 1);
        return r; // the wrapper encodes each path parameter itself
      }
      const fn = fns.get(name);
      if (fn) {
        const inner = new Map();
        fn.params.forEach((p, i) => {
          const arg = node.arguments[i];
          inner.set(p, arg ? resolve(arg, env, depth + 1) : [{ expr: "undefined" }]);
        });
        return resolve(fn.body, inner, depth + 1);
      }
    }
    // Any other expression stands for one path parameter's value.
    return [{ expr: node.getText() }];
  };

  const match = (parts) => {
    // Merge to a string with holes.
    let s = "";
    const holes = [];
    for (const p of parts) {
      if (typeof p === "string") s += p;
      else {
        s += HOLE;
        holes.push(p.expr);
      }
    }
    if (s.includes("?")) return null;
    const segs = s.split("/");
    let hi = 0;
    const segHoles = segs.map((seg) => {
      const n = seg.split(HOLE).length - 1;
      const h = holes.slice(hi, hi + n);
      hi += n;
      return h;
    });
    const found = [];
    for (const key of keys) {
      const ks = key.split("/");
      if (ks.length !== segs.length) continue;
      const params = [];
      let ok = true;
      for (let i = 0; i < ks.length && ok; i++) {
        const k = ks[i];
        const seg = segs[i];
        if (/^\{\w+\}$/.test(k)) {
          if (seg === HOLE) params.push([k.slice(1, -1), segHoles[i][0]]);
          else ok = false;
        } else if (k !== seg) ok = false;
      }
      if (ok) found.push({ key, params });
    }
    return found.length === 1 ? found[0] : null;
  };

  const edits = [];
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "api") {
      const [pathArg, optArg] = node.arguments;
      const where = `${file}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
      const parts = pathArg && resolve(pathArg, new Map());
      const m = parts && match(parts);
      if (!m || (optArg && !ts.isObjectLiteralExpression(optArg))) {
        left.push(`${where}  ${node.getText(sf).slice(0, 100).replace(/\s+/g, " ")}`);
      } else {
        const props = optArg ? optArg.properties : [];
        let method = null;
        const rest = [];
        let hasBody = false;
        for (const p of props) {
          const name = p.name && ts.isIdentifier(p.name) ? p.name.text : null;
          if (name === "method" && ts.isPropertyAssignment(p) && ts.isStringLiteral(p.initializer))
            method = p.initializer.text.toLowerCase();
          else {
            if (name === "body" || name === "form") hasBody = true;
            rest.push(p.getText(sf));
          }
        }
        if (!method) method = hasBody ? "post" : "get";
        if (!methodsOf.get(m.key)?.has(method)) {
          left.push(`${where}  no ${method} on ${m.key}`);
        } else {
          const pathProp = m.params.length
            ? `path: { ${m.params.map(([k, v]) => (k === v ? k : `${k}: ${v}`)).join(", ")} }`
            : null;
          const all = [pathProp, ...rest].filter(Boolean);
          const opts = all.length ? `, { ${all.join(", ")} }` : "";
          edits.push({
            start: node.getStart(sf),
            end: node.getEnd(),
            text: `api.${method}("${m.key}"${opts})`,
          });
          converted++;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  if (edits.length) {
    let out = text;
    for (const e of edits.sort((a, b) => b.start - a.start))
      out = out.slice(0, e.start) + e.text + out.slice(e.end);
    writeFileSync(file, out);
  }
}
console.log(`converted ${converted}; left ${left.length}`);
for (const l of left) console.log(l);
