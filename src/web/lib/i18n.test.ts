import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PERMISSIONS } from "@shared/access";
import { describe, expect, it } from "vitest";
import { FEATURE_NAMESPACES } from "../app/route-namespaces";
import { PRELOADED_NAMESPACES } from "./i18n-namespaces";

/**
 * Translations load per namespace on demand (lib/i18n.ts): a component's `useTranslation(…)` names
 * the namespaces it reads and suspends until they are in. A `t("loads:…")` in a file whose
 * `useTranslation` does not name `loads` would show the raw key on a screen that had not loaded
 * `loads` yet — so every cross-namespace key must be named in its own file.
 */
const WEB = path.resolve("src/web");
const LOCALES = path.resolve("src/shared/i18n/locales/en");
const namespaces = new Set(readdirSync(LOCALES).map((f) => f.replace(/\.json$/, "")));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    // Generated files (the API client's types) hold the server's descriptions, not translation keys.
    return /\.tsx?$/.test(e.name) && !/\.(test|gen)\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** The namespaces a file's `useTranslation` calls name (no argument: the default, `common`). */
function declaredNamespaces(source: string): Set<string> {
  const declared = new Set<string>(PRELOADED_NAMESPACES);
  for (const [, args] of source.matchAll(/useTranslation\(([^)]*)\)/g))
    for (const [, ns] of args.matchAll(/"([\w-]+)"/g)) declared.add(ns);
  return declared;
}

/** The namespaces a file's keys name with a prefix: `"loads:status.x"` or `` `loads:${k}` ``. */
function prefixedNamespaces(source: string): Set<string> {
  const used = new Set<string>();
  // A permission's name ("fuel:log") reads like a key of the namespace of the same name: not one.
  const keys = source.replace(/"([a-z]\w*:\w+)"/g, (literal, name: string) =>
    name in PERMISSIONS ? '""' : literal,
  );
  for (const [, ns] of keys.matchAll(/["`]([a-z][\w-]*):[\w.${]/g)) if (namespaces.has(ns)) used.add(ns);
  return used;
}

describe("translations on demand", () => {
  it("finds the prefixes and declarations it checks", () => {
    const sample = `const { t } = useTranslation(["fleet", "inspections"]); t("loads:status.x"); t(\`safety:list.\${d}\`); can(me, "fuel:log");`;
    expect([...declaredNamespaces(sample)].sort()).toEqual(
      [...PRELOADED_NAMESPACES, "fleet", "inspections"].sort(),
    );
    expect([...prefixedNamespaces(sample)].sort()).toEqual(["loads", "safety"]);
  });

  it("every namespace a file's keys name is one its useTranslation loads", () => {
    const missing: string[] = [];
    for (const file of sources(WEB)) {
      const source = readFileSync(file, "utf8");
      const declared = declaredNamespaces(source);
      for (const ns of prefixedNamespaces(source))
        if (!declared.has(ns))
          missing.push(`${path.relative(WEB, file)}: "${ns}:" without useTranslation naming "${ns}"`);
    }
    expect(missing).toEqual([]);
  });

  it("the router's table names every namespace a feature's screens read (own files and imported ones)", () => {
    const FEATURES = path.join(WEB, "features");
    const resolve = (file: string, spec: string) => {
      const target = path.resolve(path.dirname(file), spec);
      return [".tsx", ".ts"].map((ext) => target + ext).find(existsSync);
    };
    const imports = (file: string) =>
      [...readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"(\.[^"]+)"/g)].flatMap(([, spec]) => {
        const target = resolve(file, spec);
        return target ? [target] : [];
      });
    const featureOf = (file: string) => {
      const rel = path.relative(FEATURES, file);
      return rel.startsWith("..") ? null : rel.split(path.sep)[0];
    };
    const expected: Record<string, string[]> = {};
    for (const feature of readdirSync(FEATURES).sort()) {
      const names = new Set<string>();
      // The feature's own files and what they import: another feature's file (one step) and the
      // shared components and helpers (all the way down — a picker's namespaces load with the screen).
      const seen = new Set<string>();
      const queue = sources(path.join(FEATURES, feature));
      while (queue.length > 0) {
        const file = queue.pop() as string;
        if (seen.has(file)) continue;
        seen.add(file);
        for (const ns of declaredNamespaces(readFileSync(file, "utf8"))) names.add(ns);
        const owner = featureOf(file);
        if (owner !== null && owner !== feature) continue;
        queue.push(...imports(file));
      }
      for (const ns of PRELOADED_NAMESPACES) names.delete(ns);
      expected[feature] = [...names].sort();
    }
    expect(Object.fromEntries(Object.entries(FEATURE_NAMESPACES).map(([k, v]) => [k, [...v]]))).toEqual(
      expected,
    );
  });
});
