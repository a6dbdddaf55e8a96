import type { StaffDashboard } from "@shared/dashboard/dashboard.schema";
import { addDays, resolvePeriod } from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, bills, loads } from "../../db/schema";
import { companyDay, dayAfter, dayStart } from "../../platform/company-day";
import { driverIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let today: string;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  today = companyDay(new Date(), ctx.deps.config.company.timeZone);
  for (const role of ["admin", "manager", "dispatcher", "safety", "accountant", "driver", "customer"])
    cookies[role] = await signIn(ctx, `${role}@demo.test`);
});
afterAll(() => ctx.close());

async function dashboard(role: string): Promise<StaffDashboard> {
  const res = await call(ctx, "/api/dashboard", { cookie: cookies[role] });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as StaffDashboard;
}
/** Noon of a company day, as an instant (Chicago is UTC−5 or −6: 18:00 UTC is always that day). */
const noon = (day: string) => new Date(`${day}T18:00:00Z`);
const cents = (v: string) => Math.round(Number(v) * 100);

describe("staff dashboard: each role its tiles", () => {
  it("gives dispatch, money and safety to the roles they concern, and nothing to drivers and customers", async () => {
    const shape = async (role: string) => {
      const d = await dashboard(role);
      return [!!d.dispatch, !!d.money, !!d.safety];
    };
    expect(await shape("admin")).toEqual([true, true, true]);
    expect(await shape("manager")).toEqual([true, true, true]);
    expect(await shape("dispatcher")).toEqual([true, false, false]);
    expect(await shape("accountant")).toEqual([false, true, false]);
    expect(await shape("safety")).toEqual([false, false, true]);
    expect((await call(ctx, "/api/dashboard", { cookie: cookies.driver })).status).toBe(403);
    expect((await call(ctx, "/api/dashboard", { cookie: cookies.customer })).status).toBe(403);
  });
});

describe("staff dashboard: live figures", () => {
  it("counts a load picked up today and adds its rate to this week's and month's revenue", async () => {
    const before = await dashboard("manager");
    await ctx.deps.db.insert(loads).values({
      loadNumber: "DASH-1",
      baseRate: "1234.56",
      totalRate: "1234.56",
      pickupCity: "Chicago",
      pickupState: "IL",
      pickupAt: noon(today),
      deliveryCity: "Gary",
      deliveryState: "IN",
      deliveryAt: noon(addDays(today, 1)),
    });
    const after = await dashboard("manager");
    expect(after.dispatch?.pickupsToday).toBe((before.dispatch?.pickupsToday ?? 0) + 1);
    // Pending, no driver, pickup today: unassigned.
    expect(after.dispatch?.unassigned).toBe((before.dispatch?.unassigned ?? 0) + 1);
    expect(cents(after.money?.revenueWeek ?? "0") - cents(before.money?.revenueWeek ?? "0")).toBe(123456);
    expect(cents(after.money?.revenueMonth ?? "0") - cents(before.money?.revenueMonth ?? "0")).toBe(123456);
  });

  it("reads this and last week's and month's revenue from the rollups exactly as the loads add up", async () => {
    const zone = ctx.deps.config.company.timeZone;
    const fromRows = async (from: string, to: string) => {
      const { rows } = await ctx.deps.db.execute(
        sql`select coalesce(sum(total_rate), 0)::text as revenue from loads where status <> 'cancelled'
              and pickup_at >= ${dayStart(from, zone)} and pickup_at < ${dayAfter(to, zone)}`,
      );
      return (rows[0] as { revenue: string }).revenue;
    };
    const week = resolvePeriod({ period: "this-week" }, today);
    const month = resolvePeriod({ period: "this-month" }, today);
    const money = (await dashboard("manager")).money;
    expect(money?.revenueWeek).toBe(await fromRows(week.from, week.to));
    expect(money?.revenueLastWeek).toBe(await fromRows(week.previousFrom, week.previousTo));
    expect(money?.revenueMonth).toBe(await fromRows(month.from, month.to));
    expect(money?.revenueLastMonth).toBe(await fromRows(month.previousFrom, month.previousTo));
    expect(cents(money?.revenueMonth ?? "0")).toBeGreaterThan(0);
  });

  it("lists the bills due in the 7-day window: today through the sixth day after", async () => {
    const bill = (name: string, dueDate: string, status: "open" | "cancelled" = "open") => ({
      name,
      billType: "one_time" as const,
      serviceType: "other" as const,
      amount: "10.00",
      firstDueDate: dueDate,
      dueDate,
      status,
    });
    await ctx.deps.db
      .insert(bills)
      .values([
        bill("Window first day", today),
        bill("Window last day", addDays(today, 6)),
        bill("Just outside", addDays(today, 7)),
        bill("Yesterday", addDays(today, -1)),
        bill("Cancelled inside", addDays(today, 2), "cancelled"),
      ]);
    const names = (await dashboard("accountant")).money?.upcomingBills.map((b) => b.name) ?? [];
    expect(names).toContain("Window first day");
    expect(names).toContain("Window last day");
    expect(names).not.toContain("Just outside");
    expect(names).not.toContain("Yesterday");
    expect(names).not.toContain("Cancelled inside");
    const { rows } = await ctx.deps.db.execute<{ total: string }>(
      sql`select coalesce(sum(amount), 0)::text as total from bills
          where status = 'open' and due_date between ${today}::date and ${addDays(today, 6)}::date`,
    );
    expect((await dashboard("accountant")).money?.upcomingBillsAmount).toBe(Number(rows[0].total).toFixed(2));
  });

  it("shows the last 7 days' activity, only about what the role works on", async () => {
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    await ctx.deps.db.insert(auditLog).values([
      {
        action: "bill.paid",
        targetType: "bill",
        targetLabel: "Dash bill paid",
        actorEmail: "accountant@demo.test",
      },
      {
        action: "load.created",
        targetType: "load",
        targetLabel: "DASH-LOAD",
        actorEmail: "dispatcher@demo.test",
      },
      { action: "load.created", targetType: "load", targetLabel: "DASH-OLD", createdAt: eightDaysAgo },
      { action: "user.created", targetType: "user", targetLabel: "dash-user@demo.test" },
    ]);
    const labels = async (role: string) => (await dashboard(role)).activity.map((a) => a.targetLabel);
    const dispatch = await labels("dispatcher");
    expect(dispatch).toContain("DASH-LOAD");
    expect(dispatch).not.toContain("Dash bill paid");
    expect(dispatch).not.toContain("DASH-OLD");
    const accounts = await labels("accountant");
    expect(accounts).toContain("Dash bill paid");
    expect(accounts).not.toContain("DASH-LOAD");
    expect(await labels("manager")).not.toContain("dash-user@demo.test");
    expect(await labels("admin")).toContain("dash-user@demo.test");
  });
});

describe("driver dashboard: my week", () => {
  it("adds this week's own loads, miles and pay; cancelled ones left out", async () => {
    const jake = await driverIdOf(ctx, "driver@demo.test");
    const week = async () => (await call(ctx, "/api/driver-dashboard", { cookie: cookies.driver })).json.week;
    const before = await week();
    const base = {
      driverId: jake,
      baseRate: "500.00",
      totalRate: "500.00",
      pickupCity: "Chicago",
      pickupState: "IL",
      pickupAt: noon(today),
      deliveryCity: "Gary",
      deliveryState: "IN",
      deliveryAt: noon(today),
    };
    await ctx.deps.db.insert(loads).values([
      { ...base, loadNumber: "WEEK-1", status: "completed", loadedMiles: 250.5, driverPay: "100.25" },
      { ...base, loadNumber: "WEEK-2", status: "cancelled", loadedMiles: 999, driverPay: "999.00" },
    ]);
    const after = await week();
    expect(after.loads - before.loads).toBe(1);
    expect(after.delivered - before.delivered).toBe(1);
    expect(Math.round((after.miles - before.miles) * 10)).toBe(2505);
    expect(cents(after.pay) - cents(before.pay)).toBe(10025);
    expect(after.from <= today && today <= after.to).toBe(true);
  });
});
