import type { LedgerCategory, LedgerDirection, LedgerPaymentMethod } from "@shared/accounting/ledger.schema";
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { loads, transactions, users, vehicles } from "../db/schema";
import { backfillLedger } from "../modules/accounting/ledger-backfill";
import { companyDay } from "../modules/accounting/ledger-posting";

/*
 * The ledger of the demo company (Ava Chen, accountant@demo.test, keeps it): first every source
 * row the other seeds wrote — invoice payments, fuel, tolls, parking, shop work, paid citations —
 * posted as the sources post them, then a year of what only a person enters: accessorials a broker
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

/** Recurring by the month: {day offset of the first, amount, …}, twelve months back. */
const MONTHLY: Array<Omit<HandEntry, "daysAgo"> & { first: number }> = [
  {
    first: 3,
    direction: "expense",
    category: "office",
    amount: "1450.00",
    counterparty: "Archer Avenue Properties",
    method: "ach",
    notes: "Yard and office rent",
  },
  {
    first: 9,
    direction: "expense",
    category: "office",
    amount: "186.40",
    counterparty: "Comcast Business",
    method: "card",
    notes: "Office internet and phones",
  },
];

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

  const entries: HandEntry[] = [...ONE_OFF];
  for (const m of MONTHLY)
    for (let month = 0; month < 12; month += 1) entries.push({ ...m, daysAgo: m.first + month * 30 });
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
