import { driverFilterSchema } from "@shared/drivers/management.schema";
import { describe, expect, it } from "vitest";
import { listQueryDefaults, parseListFilter } from "./use-list-query";
import { filterState } from "./use-list-screen";

const KEYS = ["status", "compliance", "activity"] as const;
const state = (url: Record<string, string>) =>
  filterState(parseListFilter(driverFilterSchema, url), listQueryDefaults(driverFilterSchema), KEYS);

describe("a list screen's toolbar state", () => {
  it("counts nothing on a list left at its defaults, even a default that narrows (active drivers)", () => {
    expect(state({})).toEqual({ activeFilters: 0, filtered: false });
    expect(state({ activity: "active" })).toEqual({ activeFilters: 0, filtered: false });
  });

  it("counts each filter moved off its default; a search filters without being a folded-away filter", () => {
    expect(state({ q: "smith" })).toEqual({ activeFilters: 0, filtered: true });
    expect(state({ activity: "all", status: "available" })).toEqual({ activeFilters: 2, filtered: true });
  });

  it("ignores a URL value the schema refuses (it falls back to the default)", () => {
    expect(state({ status: "asleep", compliance: "whenever" })).toEqual({
      activeFilters: 0,
      filtered: false,
    });
  });
});
