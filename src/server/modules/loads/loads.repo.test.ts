import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { isoTimestamp, listOrder } from "./loads.repo";

describe("isoTimestamp", () => {
  it("rewrites PostgreSQL's UTC text without a Date, to the millisecond", () => {
    expect(isoTimestamp("2026-11-20 14:05:00+00")).toBe("2026-11-20T14:05:00.000Z");
    expect(isoTimestamp("2026-11-20 14:05:00.5+00")).toBe("2026-11-20T14:05:00.500Z");
    expect(isoTimestamp("2026-11-20 14:05:00.123456+00")).toBe("2026-11-20T14:05:00.123Z");
  });

  it("converts any other offset through a Date", () => {
    expect(isoTimestamp("2026-11-20 19:35:00+05:30")).toBe("2026-11-20T14:05:00.000Z");
    expect(isoTimestamp("2026-11-20 09:05:00-05")).toBe("2026-11-20T14:05:00.000Z");
  });
});

describe("listOrder", () => {
  const text = (sort: Parameters<typeof listOrder>[0], dir: "asc" | "desc", t?: string) =>
    new PgDialect().sqlToQuery(listOrder(sort, dir, t)).sql;

  it("matches the DESC NULLS LAST indexes and breaks ties by id", () => {
    expect(text("pickupAt", "desc")).toBe("loads.pickup_at desc nulls last, loads.id asc");
    expect(text("totalRate", "asc", "p")).toBe("p.total_rate asc nulls first, p.id desc");
    expect(text("status", "asc")).toBe("loads.status asc, loads.pickup_at desc nulls last, loads.id desc");
    expect(text("loadNumber", "desc")).toBe("loads.load_number desc");
  });
});
