import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { reachable } from "./settlements.repo";

describe("reachable", () => {
  const query = (scope: Parameters<typeof reachable>[0]) => {
    const condition = reachable(scope);
    return condition && new PgDialect().sqlToQuery(condition);
  };

  it("lets staff reach every settlement", () => {
    expect(query({ kind: "staff" })).toBeUndefined();
  });

  it("lets a driver reach their own approved and paid settlements, through the shared owner filter", () => {
    expect(query({ kind: "driver", driverId: "d1" })).toMatchObject({
      sql: "s.driver_id = $1 and s.status in ('approved', 'paid')",
      params: ["d1"],
    });
  });

  it("reaches nothing for a driver without a record or a customer", () => {
    expect(query({ kind: "driver", driverId: null })?.sql).toBe("false and s.status in ('approved', 'paid')");
    expect(query({ kind: "customer", customerId: "c1" })?.sql).toBe(
      "false and s.status in ('approved', 'paid')",
    );
  });
});

describe("the settlements module's layout", () => {
  const dir = __dirname;
  const services = readdirSync(dir).filter((f) => f.endsWith(".service.ts"));

  it("is split by concern: pay rules, generation, deductions, payout, and the reading side", () => {
    expect(services.sort()).toEqual([
      "deductions.service.ts",
      "generation.service.ts",
      "pay-rules.service.ts",
      "payout.service.ts",
      "settlements.service.ts",
    ]);
  });

  it("keeps every query in a repo file: no service writes SQL or reaches the tables", () => {
    for (const file of services) {
      const text = readFileSync(resolve(dir, file), "utf8");
      expect(text, file).not.toMatch(/from "drizzle-orm"|db\/schema"|\bsql`|\.execute[<(]/);
    }
  });
});
