import { routePath } from "@shared/access";
import { inspectionLine } from "@shared/audit/audit-targets";
import { quarterOf } from "@shared/reports/reports.schema";
import { eq, inArray } from "drizzle-orm";
import { readAll, type Tx } from "../db/client";
import {
  accidents,
  auditLog,
  bills,
  citations,
  drivers,
  iftaTaxRates,
  inspections,
  invoices,
  loads,
  standingDeductions,
  trailers,
  users,
  vehicles,
} from "../db/schema";
import { companyDay } from "../platform/company-day";
import { notifyUsers } from "../platform/notifications/notify";

/**
 * Diesel rates per gallon of the demo fleet's usual jurisdictions, in the shape of the IFTA rate
 * matrix (illustrative figures for the demo — a company enters each quarter's published matrix).
 */
const DEMO_RATES: Record<string, string> = {
  IL: "0.7420",
  IN: "0.6100",
  WI: "0.3290",
  MI: "0.4870",
  OH: "0.4700",
  MN: "0.3270",
  IA: "0.3250",
  MO: "0.2950",
  KY: "0.2610",
  TN: "0.2700",
  PA: "0.7410",
  NY: "0.4240",
  KS: "0.2600",
  NE: "0.3010",
  CO: "0.3250",
  OK: "0.1900",
  AR: "0.2850",
  TX: "0.2000",
  LA: "0.2000",
  MS: "0.1800",
  AL: "0.3100",
  GA: "0.3590",
};

/**
 * IFTA for the demo: this quarter's and last quarter's tax rates (the loads' state miles come with the
 * lanes, in dispatch-demo.ts), and the dashboard's recent activity (once, with the rates).
 */
export async function seedReportsDemo(tx: Tx, timeZone: string, now = new Date()): Promise<void> {
  const [already] = await tx.select({ q: iftaTaxRates.quarter }).from(iftaTaxRates).limit(1);
  if (already) return;
  const today = companyDay(now, timeZone);
  const thisQuarter = quarterOf(today);
  const year = Number(thisQuarter.slice(0, 4));
  const q = Number(thisQuarter.slice(6));
  const lastQuarter = q === 1 ? `${year - 1}-Q4` : `${year}-Q${q - 1}`;
  await tx
    .insert(iftaTaxRates)
    .values(
      [lastQuarter, thisQuarter].flatMap((quarter) =>
        Object.entries(DEMO_RATES).map(([jurisdiction, rate]) => ({ quarter, jurisdiction, rate })),
      ),
    );

  await seedActivityDemo(tx, now, timeZone);
}

/**
 * The staff dashboard's recent activity for the demo: what each role did over the last days, as the
 * services would have audited it (the demo's rows are seeded directly, not through the services).
 */
export async function seedActivityDemo(tx: Tx, now = new Date(), timeZone = "UTC"): Promise<void> {
  const [load] = await tx
    .select({ id: loads.id, n: loads.loadNumber })
    .from(loads)
    .where(inArray(loads.status, ["in_progress"]))
    .limit(1);
  const [pending] = await tx
    .select({ id: loads.id, n: loads.loadNumber })
    .from(loads)
    .where(inArray(loads.status, ["assigned"]))
    .limit(1);
  const [citation] = await tx.select({ id: citations.id, n: citations.violation }).from(citations).limit(1);
  const [inspection] = await tx
    .select({
      id: inspections.id,
      type: inspections.type,
      at: inspections.inspectedAt,
      truck: vehicles.unitNumber,
      trailer: trailers.identifier,
    })
    .from(inspections)
    .leftJoin(vehicles, eq(vehicles.id, inspections.vehicleId))
    .leftJoin(trailers, eq(trailers.id, inspections.trailerId))
    .limit(1);
  const [deduction] = await tx
    .select({ id: standingDeductions.id, kind: standingDeductions.kind })
    .from(standingDeductions)
    .limit(1);
  const [accident] = await tx.select({ id: accidents.id, n: accidents.reference }).from(accidents).limit(1);
  const [bill] = await tx.select({ id: bills.id, n: bills.name }).from(bills).limit(1);
  const [invoice] = await tx.select({ id: invoices.id, n: invoices.invoiceNumber }).from(invoices).limit(1);
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
  const entries = [
    load && {
      action: "load.started",
      actorEmail: "driver@demo.test",
      targetType: "load",
      targetId: load.id,
      targetLabel: load.n,
      createdAt: hoursAgo(5),
    },
    pending && {
      action: "load.assigned",
      actorEmail: "dispatcher@demo.test",
      targetType: "load",
      targetId: pending.id,
      targetLabel: pending.n,
      createdAt: hoursAgo(20),
    },
    citation && {
      action: "citation.created",
      actorEmail: "safety@demo.test",
      targetType: "citation",
      targetId: citation.id,
      targetLabel: citation.n,
      createdAt: hoursAgo(30),
    },
    inspection && {
      action: "inspection.filed",
      actorEmail: "safety@demo.test",
      targetType: "inspection",
      targetId: inspection.id,
      // As the inspections service words it: the asset, the kind of inspection and its day.
      targetLabel: inspectionLine(
        inspection.truck ? "vehicle" : "trailer",
        inspection.truck ?? inspection.trailer ?? "",
        inspection.type,
        companyDay(inspection.at, timeZone),
      ),
      createdAt: hoursAgo(52),
    },
    accident && {
      action: "accident.updated",
      actorEmail: "safety@demo.test",
      targetType: "accident",
      targetId: accident.id,
      targetLabel: accident.n,
      createdAt: hoursAgo(75),
    },
    deduction && {
      action: "standing_deduction.created",
      actorEmail: "accountant@demo.test",
      targetType: "standing_deduction",
      targetId: deduction.id,
      targetLabel: deduction.kind,
      createdAt: hoursAgo(44),
    },
    bill && {
      action: "bill.updated",
      actorEmail: "accountant@demo.test",
      targetType: "bill",
      targetId: bill.id,
      targetLabel: bill.n,
      createdAt: hoursAgo(26),
    },
    invoice && {
      action: "invoice.sent",
      actorEmail: "accountant@demo.test",
      targetType: "invoice",
      targetId: invoice.id,
      targetLabel: invoice.n,
      createdAt: hoursAgo(98),
    },
  ].filter((e): e is NonNullable<typeof e> => !!e);
  if (entries.length) await tx.insert(auditLog).values(entries);

  // Notifications waiting in the demo accounts' centres, as the services would have stored them.
  const userId = async (email: string) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;
  // one after another: a transaction's connection runs one statement at a time (readAll)
  const [dispatch, driver, accounting] = await readAll(tx, [
    () => userId("dispatcher@demo.test"),
    () => userId("driver@demo.test"),
    () => userId("accountant@demo.test"),
  ]);
  const [jake] = await tx
    .select({ id: drivers.id, name: drivers.fullName })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(users.email, "driver@demo.test"));
  if (dispatch && jake && load) {
    await notifyUsers(tx, [dispatch], {
      kind: "load.interest",
      data: { loadId: load.id, loadNumber: load.n, driverId: jake.id, driverName: jake.name },
      link: routePath("loadDetail", { loadId: load.id }),
    });
  }
  if (driver && pending)
    await notifyUsers(tx, [driver], {
      kind: "load.assigned",
      data: { loadId: pending.id, loadNumber: pending.n },
      link: routePath("loadDetail", { loadId: pending.id }),
    });
  if (accounting && bill) {
    const [b] = await tx
      .select({ amount: bills.amount, dueDate: bills.dueDate })
      .from(bills)
      .where(eq(bills.id, bill.id));
    await notifyUsers(tx, [accounting], {
      kind: "bill.due",
      data: { billId: bill.id, name: bill.n, amount: b.amount, dueDate: b.dueDate, overdue: false },
      link: routePath("bills"),
    });
  }
}
