import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Decision 048: a screen calls the API through `api.get/post/put/patch/delete` with
// the path as the server declares it; the answer's type comes from the route, never from the call site.
const WEB = path.resolve(import.meta.dirname);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && full !== path.join(WEB, "api-contract.test.ts") ? [full] : [];
  });
}

/** `api<Load>(…)`, `api <Items<X>>(…)`, `api.get<T>(…)`: a response type chosen by hand. */
const HAND_TYPED = /\bapi(?:\s*\.\s*(?:get|post|put|patch|delete))?\s*<(?!=)/g;
/** The old untyped form `api("/api/…")` / `api(`…`)` — paths written as strings, nothing checked. */
const UNTYPED = /\bapi\s*\(\s*["'`]/g;

function offenders(pattern: RegExp): string[] {
  return sources(WEB).flatMap((file) => {
    const text = readFileSync(file, "utf8");
    return [...text.matchAll(pattern)].map((m) => {
      const line = text.slice(0, m.index).split("\n").length;
      return `${path.relative(WEB, file)}:${line}`;
    });
  });
}

describe("the web app's API calls", () => {
  it("never name a response type by hand (api<T>)", () => {
    expect(offenders(HAND_TYPED)).toEqual([]);
  });

  it("never call api() with a hand-written path string", () => {
    expect(offenders(UNTYPED)).toEqual([]);
  });

  it("sees the old shapes it refuses", () => {
    // The patterns themselves, against the forms they must catch in any quote style and spacing.
    for (const old of [
      'api<LoadDetail>("/api/loads")',
      "api<Items<X>>('/api/x')",
      "api <T>(`/api/loads`)",
      "api.get<Load>(path)",
    ]) {
      expect(old.match(HAND_TYPED), old).not.toBeNull();
    }
    for (const old of ['api("/api/me")', "api('/api/me')", "api(`/api/me`)"]) {
      expect(old.match(UNTYPED), old).not.toBeNull();
    }
    expect('api.get("/api/loads/{id}", { path: { id } })'.match(HAND_TYPED)).toBeNull();
  });
});
