import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { API_TYPES_FILE, renderApiTypes } from "./openapi-types";

describe("the web client's generated types", () => {
  // The committed file is what `tsc` checks the screens against; a route whose schema changed
  // without `npm run api:types` would let a screen compile against the old contract.
  it("match the routes as declared now (run `npm run api:types` when this fails)", async () => {
    const current = readFileSync(API_TYPES_FILE, "utf8");
    expect(current === (await renderApiTypes())).toBe(true);
  }, 60_000);
});
