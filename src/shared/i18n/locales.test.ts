import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./i18n.config";

const root = path.join(import.meta.dirname, "locales");

function flatten(obj: Record<string, unknown>, prefix = ""): Record<string, unknown> {
  return Object.entries(obj).reduce<Record<string, unknown>>((acc, [k, v]) => {
    if (v && typeof v === "object")
      Object.assign(acc, flatten(v as Record<string, unknown>, `${prefix}${k}.`));
    else acc[`${prefix}${k}`] = v;
    return acc;
  }, {});
}

function load(lng: string): Record<string, unknown> {
  const dir = path.join(root, lng);
  const out: Record<string, unknown> = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const ns = file.replace(/\.json$/, "");
    for (const [k, v] of Object.entries(flatten(JSON.parse(readFileSync(path.join(dir, file), "utf8"))))) {
      out[`${ns}:${k}`] = v;
    }
  }
  return out;
}

describe("translations", () => {
  const en = load("en");

  it("has English strings", () => {
    expect(Object.keys(en).length).toBeGreaterThan(50);
  });

  for (const lng of LANGUAGES.filter((l) => l !== "en")) {
    it(`${lng} has every key of en, and no key en lacks`, () => {
      const other = load(lng);
      const missing = Object.keys(en).filter((k) => !(k in other));
      const extra = Object.keys(other).filter((k) => !(k in en));
      expect(missing, `missing in ${lng}`).toEqual([]);
      expect(extra, `only in ${lng}`).toEqual([]);
    });

    it(`${lng} has no empty strings and keeps every {{placeholder}}`, () => {
      const other = load(lng);
      for (const [key, value] of Object.entries(en)) {
        const translated = other[key];
        expect(typeof translated === "string" && translated.trim().length > 0, `${lng} ${key} empty`).toBe(
          true,
        );
        const vars = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        expect(vars(translated), `${lng} ${key} placeholders`).toEqual(vars(value));
      }
    });
  }
});
