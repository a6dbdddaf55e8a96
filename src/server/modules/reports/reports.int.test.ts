import { REPORT_IDS, type Report } from "@shared/reports/reports.schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let manager: string;
let dispatcher: string;

beforeAll(async () => {
  ctx = await createTestContext();
  manager = await signIn(ctx, "manager@demo.test");
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
});
afterAll(() => ctx.close());

describe("reports: every report answers", () => {
  it.each(REPORT_IDS)("%s for this year", async (id) => {
    const res = await call(ctx, `/api/reports/${id}?period=this-year`, { cookie: manager });
    if (res.status !== 200) console.log(JSON.stringify(res.json));
    expect(res.status).toBe(200);
    const report = res.json as Report;
    expect(report.sections.length).toBeGreaterThan(0);
  });

  it("keeps the money reports from a dispatcher (decision 027)", async () => {
    const list = await call(ctx, "/api/reports", { cookie: dispatcher });
    expect(list.json.items).toEqual(["overview", "operational", "maintenance", "compliance", "ifta"]);
    for (const id of ["financial", "profit-and-loss"]) {
      const res = await call(ctx, `/api/reports/${id}`, { cookie: dispatcher });
      expect(res.status).toBe(403);
    }
    expect((await call(ctx, "/api/reports/overview", { cookie: dispatcher })).status).toBe(200);
  });
});

describe("dashboard smoke", () => {
  it.each(["admin", "manager", "dispatcher", "safety", "accountant"])("%s", async (role) => {
    const cookie = await signIn(ctx, `${role}@demo.test`);
    const res = await call(ctx, "/api/dashboard", { cookie });
    if (res.status !== 200) console.log(JSON.stringify(res.json));
    expect(res.status).toBe(200);
  });
  it("driver", async () => {
    const cookie = await signIn(ctx, "driver@demo.test");
    const res = await call(ctx, "/api/driver-dashboard", { cookie });
    expect(res.status).toBe(200);
    console.log(JSON.stringify(res.json.week));
  });
});
