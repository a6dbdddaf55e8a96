import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { customerContacts, customers, loadRequests, users } from "../db/schema";

/*
 * Completes the demo customers made by the dispatch demo (billing, terms, credit limits, contacts)
 * and puts a pending load request from each portal customer in dispatch's queue, plus an older
 * declined one so the portal shows both outcomes. Dates are relative to now.
 */

interface Profile {
  billingAddress: string;
  paymentTermsDays: number;
  creditLimit: string | null;
  notes: string;
  contacts: Array<{ name: string; role: string; email: string | null; phone: string }>;
}

// Keyed by the customer's email on file.
const PROFILES: Record<string, Profile> = {
  "customer@demo.test": {
    billingAddress: "Accounts Payable, 5600 W Mill Rd, Milwaukee, WI 53218",
    paymentTermsDays: 30,
    creditLimit: "75000.00",
    notes: "Reefer only for frozen lanes. Dock 4 closes at 3 pm on Fridays.",
    contacts: [
      {
        name: "Tom Becker",
        role: "Logistics manager",
        email: "customer@demo.test",
        phone: "+1 414 555 0110",
      },
      {
        name: "Karen Novak",
        role: "Shipping dock lead",
        email: "dock@greatlakesfoods.test",
        phone: "+1 414 555 0121",
      },
      {
        name: "Paula Stein",
        role: "Accounts payable",
        email: "ap@greatlakesfoods.test",
        phone: "+1 414 555 0117",
      },
    ],
  },
  "customer2@demo.test": {
    billingAddress: "PO Box 41190, Kansas City, MO 64141",
    paymentTermsDays: 45,
    creditLimit: "120000.00",
    notes: "Flatbed with tarps and edge protectors. Coil loads need chains.",
    contacts: [
      {
        name: "Claire Dubois",
        role: "Transportation buyer",
        email: "customer2@demo.test",
        phone: "+1 816 555 0133",
      },
      {
        name: "Ray Hollis",
        role: "Yard supervisor",
        email: "yard@prairiesteel.test",
        phone: "+1 816 555 0171",
      },
      {
        name: "Dana Whitlock",
        role: "Accounts payable",
        email: "payables@prairiesteel.test",
        phone: "+1 816 555 0139",
      },
    ],
  },
  "shipping@midwestpaperpack.test": {
    billingAddress: "1919 S Broadway, Attn: Finance, Green Bay, WI 54304",
    paymentTermsDays: 30,
    creditLimit: "40000.00",
    notes: "",
    contacts: [
      {
        name: "Paul Vandenberg",
        role: "Shipping manager",
        email: "shipping@midwestpaperpack.test",
        phone: "+1 920 555 0130",
      },
      { name: "Kim Schultz", role: "Receiving (Appleton)", email: null, phone: "+1 920 555 0192" },
    ],
  },
  "dispatch@lonestarbp.test": {
    billingAddress: "3300 Singleton Blvd, Dallas, TX 75212",
    paymentTermsDays: 15,
    creditLimit: "25000.00",
    notes: "Pays fast; prefers early-morning appointments.",
    contacts: [
      {
        name: "Cody Marshall",
        role: "Dispatcher",
        email: "dispatch@lonestarbp.test",
        phone: "+1 214 555 0160",
      },
    ],
  },
  "logistics@rmbev.test": {
    billingAddress: "Rocky Mountain Beverage Co., AP Dept., 4700 Holly St, Denver, CO 80216",
    paymentTermsDays: 60,
    creditLimit: "60000.00",
    notes: "Temperature-controlled in summer months.",
    contacts: [
      {
        name: "Megan Ortiz",
        role: "Logistics coordinator",
        email: "logistics@rmbev.test",
        phone: "+1 303 555 0180",
      },
      { name: "Sean Pruitt", role: "Accounts payable", email: "ap@rmbev.test", phone: "+1 303 555 0186" },
    ],
  },
  "transport@peachtreehome.test": {
    billingAddress: "1000 Peachtree Industrial Blvd, Suwanee, GA 30024",
    paymentTermsDays: 30,
    creditLimit: "30000.00",
    notes: "",
    contacts: [
      {
        name: "Jasmine Greene",
        role: "Transportation lead",
        email: "transport@peachtreehome.test",
        phone: "+1 770 555 0140",
      },
    ],
  },
  "orders@hoosierfarm.test": {
    billingAddress: "2400 N Granville Ave, Muncie, IN 47303",
    paymentTermsDays: 0,
    creditLimit: null,
    notes: "New account: cash on delivery until credit is approved.",
    contacts: [
      { name: "Grant Whitaker", role: "Owner", email: "orders@hoosierfarm.test", phone: "+1 765 555 0118" },
    ],
  },
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Whole local-ish hours: a request's times look like appointments, not timestamps. */
const at = (daysFromNow: number, hourUtc: number) => {
  const d = new Date(Date.now() + daysFromNow * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
};

export async function seedCustomersDemo(tx: Tx): Promise<void> {
  const rows = await tx
    .select({ id: customers.id, email: customers.email, userId: customers.userId })
    .from(customers);
  const byEmail = new Map(rows.map((r) => [r.email?.toLowerCase() ?? "", r]));

  // Already seeded (contacts exist): nothing to do.
  const [done] = await tx.select({ id: customerContacts.id }).from(customerContacts).limit(1);
  if (done) return;

  for (const [email, profile] of Object.entries(PROFILES)) {
    const customer = byEmail.get(email);
    if (!customer) continue;
    await tx
      .update(customers)
      .set({
        billingAddress: profile.billingAddress,
        paymentTermsDays: profile.paymentTermsDays,
        creditLimit: profile.creditLimit,
        notes: profile.notes,
      })
      .where(eq(customers.id, customer.id));
    await tx
      .insert(customerContacts)
      .values(profile.contacts.map((c, i) => ({ customerId: customer.id, sequence: i + 1, ...c })));
  }

  const greatLakes = byEmail.get("customer@demo.test");
  const prairie = byEmail.get("customer2@demo.test");
  const [dispatcher] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "dispatcher@demo.test"));
  const year = new Date().getUTCFullYear();
  const { rows: seq } = await tx.execute<{ n: string }>(
    sql`select nextval('load_request_number_seq')::text as n from generate_series(1, 3)`,
  );
  const numbers = seq.map((r) => `RQ-${year}-${r.n.padStart(5, "0")}`);

  const requests: Array<typeof loadRequests.$inferInsert> = [];
  if (greatLakes) {
    requests.push(
      {
        requestNumber: numbers[0],
        customerId: greatLakes.id,
        requestedBy: greatLakes.userId,
        pickupLocationName: "Great Lakes Foods Distribution Center",
        pickupAddress: "5600 W Mill Rd",
        pickupCity: "Milwaukee",
        pickupState: "WI",
        pickupPostalCode: "53218",
        pickupAt: at(-9, 13),
        pickupContactName: "Karen Novak",
        pickupContactPhone: "+1 414 555 0121",
        deliveryLocationName: "Twin Cities Grocers",
        deliveryAddress: "1400 University Ave W",
        deliveryCity: "St. Paul",
        deliveryState: "MN",
        deliveryPostalCode: "55104",
        deliveryAt: at(-8, 15),
        deliveryContactName: "Ole Hansen",
        deliveryContactPhone: "+1 651 555 0144",
        commodity: "Frozen vegetables, 20 pallets",
        weightLbs: 36_000,
        equipmentType: "reefer",
        notes: "Same-day turn needed.",
        status: "declined",
        reviewedBy: dispatcher?.id ?? null,
        reviewedAt: new Date(Date.now() - 12 * DAY),
        declineReason: "No reefer free that day. We can take it any day next week.",
        createdAt: new Date(Date.now() - 13 * DAY),
      },
      {
        requestNumber: numbers[1],
        customerId: greatLakes.id,
        requestedBy: greatLakes.userId,
        pickupLocationName: "Great Lakes Foods Distribution Center",
        pickupAddress: "5600 W Mill Rd",
        pickupCity: "Milwaukee",
        pickupState: "WI",
        pickupPostalCode: "53218",
        pickupAt: at(4, 13),
        pickupContactName: "Karen Novak",
        pickupContactPhone: "+1 414 555 0121",
        deliveryLocationName: "Crossroads Grocery Warehouse",
        deliveryAddress: "7101 W 21st St",
        deliveryCity: "Indianapolis",
        deliveryState: "IN",
        deliveryPostalCode: "46214",
        deliveryAt: at(5, 14),
        deliveryContactName: "Beth Harmon",
        deliveryContactPhone: "+1 317 555 0135",
        commodity: "Frozen poultry, 22 pallets, keep at -10 °F",
        weightLbs: 41_500,
        equipmentType: "reefer",
        notes: "Appointment required at delivery; call Beth a day ahead.",
        createdAt: new Date(Date.now() - 5 * HOUR),
      },
    );
  }
  if (prairie) {
    requests.push({
      requestNumber: numbers[2],
      customerId: prairie.id,
      requestedBy: prairie.userId,
      pickupLocationName: "Prairie Steel Supply Yard",
      pickupAddress: "1500 Guinotte Ave",
      pickupCity: "Kansas City",
      pickupState: "MO",
      pickupPostalCode: "64120",
      pickupAt: at(3, 14),
      pickupContactName: "Ray Hollis",
      pickupContactPhone: "+1 816 555 0171",
      deliveryLocationName: "DFW Steel Service Center",
      deliveryAddress: "2400 Irving Blvd",
      deliveryCity: "Dallas",
      deliveryState: "TX",
      deliveryPostalCode: "75207",
      deliveryAt: at(4, 17),
      deliveryContactName: "Hector Salinas",
      deliveryContactPhone: "+1 214 555 0189",
      commodity: "Hot-rolled steel plate, 12 bundles",
      weightLbs: 44_000,
      equipmentType: "flatbed",
      notes: "Tarps required. Forklift unload at delivery.",
      createdAt: new Date(Date.now() - 26 * HOUR),
    });
  }
  if (requests.length) await tx.insert(loadRequests).values(requests);
}
