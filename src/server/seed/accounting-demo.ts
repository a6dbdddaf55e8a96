import { type BillFrequency, type BillServiceType, nthDueDate } from "@shared/accounting/bills.schema";
import type { LedgerCategory, LedgerDirection, LedgerPaymentMethod } from "@shared/accounting/ledger.schema";
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { billPayments, bills, loads, transactions, users, vehicles } from "../db/schema";
import { backfillLedger } from "../modules/accounting/ledger-backfill";
import { companyDay } from "../modules/accounting/ledger-posting";

/*
 * The ledger of the demo company (Ava Chen, accountant@demo.test, keeps it): first every source
 * row the other seeds wrote — invoice payments, fuel, tolls, parking, shop work, paid citations —
 * posted as the sources post them (with a year of bills: insurance, the ELD, a truck payment, rent,
 * phones, software — some due this week, one overdue — and their payments), then what only a person
 * enters: accessorials a broker
 * paid apart from the freight, lumper receipts, office costs, oversize permits, a factoring advance,
 * and one duplicate entered twice and voided with its reason.
 */

const DAY = 86_400_000;

interface HandEntry {
  daysAgo: number;
  direction: LedgerDirection;
  category: LedgerCategory;
  amount: string;
  counterparty: string;
  method: LedgerPaymentMethod;
  reference?: string;
  notes?: string;
  unit?: string;
  load?: "recent";
}

// biome-ignore format: one entry per line reads as a journal
const ONE_OFF: HandEntry[] = [
  { daysAgo: 2, direction: "income", category: "accessorials", amount: "150.00", counterparty: "Midwest Grocers Co-op", method: "ach", reference: "DET-2291", notes: "Detention, 3 h at the receiver", load: "recent" },
  { daysAgo: 4, direction: "expense", category: "lumper", amount: "225.00", counterparty: "Capstone Logistics", method: "card", reference: "LMP-88410", notes: "Unloading at the DC, paid by comchek", unit: "101" },
  { daysAgo: 6, direction: "expense", category: "office", amount: "64.99", counterparty: "Staples", method: "card", notes: "Printer toner and BOL paper" },
  { daysAgo: 11, direction: "expense", category: "permits", amount: "120.00", counterparty: "Illinois DOT", method: "card", reference: "OS-2026-44120", notes: "Oversize permit, single trip", unit: "103" },
  { daysAgo: 15, direction: "income", category: "accessorials", amount: "275.00", counterparty: "Great Lakes Steel Supply", method: "check", reference: "CHK 10442", notes: "Layover, one night" },
  { daysAgo: 19, direction: "expense", category: "lumper", amount: "180.00", counterparty: "Capstone Logistics", method: "card", reference: "LMP-87952", unit: "102" },
  { daysAgo: 26, direction: "expense", category: "other", amount: "95.00", counterparty: "Chicago Truck Wash", method: "card", notes: "Washes, units 101–104", unit: "101" },
  { daysAgo: 33, direction: "income", category: "other", amount: "2500.00", counterparty: "Lakeshore Freight Lines (owner)", method: "wire", notes: "Owner's deposit to cover the insurance down payment" },
  { daysAgo: 41, direction: "expense", category: "permits", amount: "310.00", counterparty: "IFTA — Illinois Department of Revenue", method: "ach", reference: "IFTA Q3", notes: "Quarterly fuel tax return" },
  { daysAgo: 47, direction: "income", category: "accessorials", amount: "85.00", counterparty: "Midwest Grocers Co-op", method: "ach", reference: "TONU-118", notes: "Truck ordered, not used" },
  { daysAgo: 58, direction: "expense", category: "office", amount: "349.00", counterparty: "Dell Technologies", method: "card", notes: "Dispatch laptop" },
  { daysAgo: 73, direction: "expense", category: "lumper", amount: "200.00", counterparty: "RLS Logistics", method: "cash", unit: "104" },
  { daysAgo: 96, direction: "expense", category: "permits", amount: "525.00", counterparty: "UCR Plan", method: "card", reference: "UCR 2026", notes: "Unified Carrier Registration, 3–5 trucks" },
  { daysAgo: 131, direction: "expense", category: "office", amount: "240.00", counterparty: "Chicago Sign Co.", method: "card", notes: "Door lettering for unit 104", unit: "104" },
  { daysAgo: 162, direction: "income", category: "accessorials", amount: "400.00", counterparty: "Great Lakes Steel Supply", method: "ach", notes: "Tarping, four loads" },
  { daysAgo: 205, direction: "expense", category: "permits", amount: "1840.00", counterparty: "Illinois Secretary of State", method: "check", reference: "IRP 2026", notes: "IRP apportioned plates renewal" },
  { daysAgo: 270, direction: "expense", category: "other", amount: "150.00", counterparty: "FMCSA Drug and Alcohol Clearinghouse", method: "card", notes: "Annual queries" },
];

export async function seedAccountingDemo(tx: Tx, timeZone: string, now = new Date()): Promise<void> {
  await seedBills(tx, timeZone, now);
  // Every source's money, bill payments included.
  await backfillLedger(tx, timeZone);

  const [accountant] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "accountant@demo.test"));
  const units = await tx
    .select({ id: vehicles.id, unit: vehicles.unitNumber })
    .from(vehicles)
    .where(inArray(vehicles.unitNumber, ["101", "102", "103", "104"]));
  const unitId = new Map(units.map((u) => [u.unit, u.id]));
  const [recent] = await tx
    .select({ id: loads.id })
    .from(loads)
    .where(eq(loads.status, "completed"))
    .orderBy(loads.createdAt)
    .limit(1);

  const entries: HandEntry[] = ONE_OFF;
  const day = (daysAgo: number) => companyDay(new Date(now.getTime() - daysAgo * DAY), timeZone);
  await tx.insert(transactions).values(
    entries.map((e) => ({
      occurredOn: day(e.daysAgo),
      direction: e.direction,
      category: e.category,
      amount: e.amount,
      counterparty: e.counterparty,
      paymentMethod: e.method,
      reference: e.reference ?? "",
      notes: e.notes ?? "",
      vehicleId: e.unit ? (unitId.get(e.unit) ?? null) : null,
      loadId: e.load === "recent" ? (recent?.id ?? null) : null,
      createdBy: accountant?.id ?? null,
      createdAt: new Date(now.getTime() - e.daysAgo * DAY),
    })),
  );
  // Entered twice by mistake, and voided with the reason.
  await tx.insert(transactions).values({
    occurredOn: day(4),
    direction: "expense",
    category: "lumper",
    amount: "225.00",
    counterparty: "Capstone Logistics",
    paymentMethod: "card",
    reference: "LMP-88410",
    vehicleId: unitId.get("101") ?? null,
    createdBy: accountant?.id ?? null,
    voidedAt: new Date(now.getTime() - 3 * DAY),
    voidKind: "by_user",
    voidReason: "Entered twice — the same lumper receipt is already in the ledger.",
    voidedBy: accountant?.id ?? null,
  });
}

interface DemoBill {
  name: string;
  vendor: string;
  serviceType: BillServiceType;
  amount: string;
  /** Days from today to the next due date (negative: overdue). */
  dueIn: number;
  frequency?: BillFrequency;
  /** Due dates already paid before the next one. */
  paid?: number;
  accountNumber?: string;
  contactPhone?: string;
  unit?: string;
  method: LedgerPaymentMethod;
  /** A one-time bill already settled. */
  settled?: boolean;
}

// biome-ignore format: one bill per line reads as the accountant's list
const BILLS: DemoBill[] = [
  { name: "Commercial auto liability", vendor: "Progressive Commercial", serviceType: "insurance", amount: "2850.00", dueIn: 5, frequency: "monthly", paid: 11, accountNumber: "PGR-0048812", contactPhone: "+1 800 444 4487", method: "ach" },
  { name: "ELD subscription, 5 units", vendor: "Motive Technologies", serviceType: "eld", amount: "225.00", dueIn: 2, frequency: "monthly", paid: 11, accountNumber: "KT-77120", method: "card" },
  { name: "Truck payment — unit 103", vendor: "Daimler Truck Financial", serviceType: "truck_payment", amount: "2460.00", dueIn: -3, frequency: "monthly", paid: 10, accountNumber: "DTF-5531-103", contactPhone: "+1 800 654 6428", unit: "103", method: "ach" },
  { name: "Yard and office rent", vendor: "Archer Avenue Properties", serviceType: "rent", amount: "1450.00", dueIn: 9, frequency: "monthly", paid: 11, method: "ach" },
  { name: "Office internet and phones", vendor: "Comcast Business", serviceType: "phone", amount: "186.40", dueIn: 16, frequency: "monthly", paid: 11, accountNumber: "8771 20 044 0129", method: "card" },
  { name: "Fuel card program fee", vendor: "WEX Fleet", serviceType: "fuel_card", amount: "35.00", dueIn: 12, frequency: "monthly", paid: 6, method: "ach" },
  { name: "Occupational accident insurance", vendor: "Zenith American", serviceType: "insurance", amount: "780.00", dueIn: 40, frequency: "quarterly", paid: 3, accountNumber: "OA-22019", method: "check" },
  { name: "TMS and accounting software", vendor: "Intuit QuickBooks", serviceType: "software", amount: "1188.00", dueIn: 200, frequency: "yearly", paid: 1, method: "card" },
  { name: "IFTA decals 2027", vendor: "Illinois Department of Revenue", serviceType: "permits", amount: "48.00", dueIn: 6, method: "card" },
  { name: "Cargo insurance endorsement", vendor: "Progressive Commercial", serviceType: "insurance", amount: "1250.00", dueIn: -10, accountNumber: "PGR-0048812", method: "ach" },
  { name: "Factoring fees — October", vendor: "Triumph Business Capital", serviceType: "factoring_fees", amount: "412.50", dueIn: -20, method: "ach", settled: true },
];

async function seedBills(tx: Tx, timeZone: string, now: Date): Promise<void> {
  const [accountant] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "accountant@demo.test"));
  const units = await tx.select({ id: vehicles.id, unit: vehicles.unitNumber }).from(vehicles);
  const unitId = new Map(units.map((u) => [u.unit, u.id]));
  const today = companyDay(now, timeZone);
  for (const b of BILLS) {
    let due = companyDay(new Date(now.getTime() + b.dueIn * DAY), timeZone);
    // Monthly calendars anchored on the 28th or earlier never clamp.
    if (Number(due.slice(8)) > 28) due = `${due.slice(0, 8)}28`;
    const paid = b.frequency ? (b.paid ?? 0) : 0;
    const first = b.frequency ? nthDueDate(due, b.frequency, -paid) : due;
    const [bill] = await tx
      .insert(bills)
      .values({
        name: b.name,
        vendor: b.vendor,
        billType: b.frequency ? "subscription" : "one_time",
        frequency: b.frequency ?? null,
        serviceType: b.serviceType,
        amount: b.amount,
        firstDueDate: first,
        dueDate: due,
        status: b.settled ? "paid" : "open",
        accountNumber: b.accountNumber ?? "",
        contactPhone: b.contactPhone ?? "",
        vehicleId: b.unit ? (unitId.get(b.unit) ?? null) : null,
        createdBy: accountant?.id ?? null,
        createdAt: new Date(Date.parse(`${first}T12:00:00Z`) - 20 * DAY),
      })
      .returning({ id: bills.id });
    const payments = b.settled
      ? [{ dueDate: due, paidOn: companyDay(new Date(now.getTime() + (b.dueIn - 1) * DAY), timeZone) }]
      : Array.from({ length: paid }, (_, n) => {
          const dueDate = nthDueDate(first, b.frequency as BillFrequency, n);
          // Paid a day or two early, never after today.
          const early = new Date(Date.parse(`${dueDate}T12:00:00Z`) - (n % 3) * DAY)
            .toISOString()
            .slice(0, 10);
          return { dueDate, paidOn: [early, today].sort()[0] };
        });
    if (payments.length) {
      await tx.insert(billPayments).values(
        payments.map((p) => ({
          billId: bill.id,
          dueDate: p.dueDate,
          paidOn: p.paidOn,
          amount: b.amount,
          method: b.method,
          recordedBy: accountant?.id ?? null,
          createdAt: new Date(Date.parse(`${p.paidOn}T15:00:00Z`)),
        })),
      );
    }
  }
}
