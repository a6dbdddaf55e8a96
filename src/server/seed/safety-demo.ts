import {
  CITATION_FILE_MAX_BYTES,
  CITATION_FILE_TYPES,
  type CitationStatus,
} from "@shared/citations/citations.schema";
import { eq, inArray } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Tx } from "../db/client";
import {
  accidentNotes,
  accidents,
  citationEvents,
  citations,
  drivers,
  trailers,
  users,
  vehicles,
} from "../db/schema";
import { takeAccidentReference } from "../modules/accidents/accidents.repo";
import type { Storage } from "../platform/storage/storage";

/*
 * Safety demo data as of "now": citations for every demo driver (the two sign-in accounts each have
 * an open, a paid and a disputed or dismissed one; one is overdue), and two accidents — one whose
 * claim was settled and closed, one still open — each with its timeline. Runs after the dispatch
 * seed, which creates the drivers, trucks and trailers it refers to.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

type DriverKey = "jake" | "rosa" | "marcus" | "daniel" | "tyrone" | "emily";

const DRIVER_NAMES: Record<Exclude<DriverKey, "jake" | "rosa">, string> = {
  marcus: "Marcus Johnson",
  daniel: "Daniel Kim",
  tyrone: "Tyrone Brooks",
  emily: "Emily Sanders",
};

interface DemoCitation {
  driver: DriverKey;
  citationNumber: string;
  /** Days before today it was issued, and days after issue it is due. */
  issuedDaysAgo: number;
  dueAfterDays: number;
  city: string;
  state: string;
  violation: string;
  fineAmount: string;
  notes?: string;
  /** Status changes after it was recorded, in order, with the day (after issue) and the note. */
  history?: Array<{ to: CitationStatus; afterDays: number; note: string; by: "safety" | "driver" }>;
}

// biome-ignore format: one citation per block reads as a register
const CITATIONS: DemoCitation[] = [
  // Jake Wilson: one open, one overdue, one paid.
  { driver: "jake", citationNumber: "WI-4471902", issuedDaysAgo: 12, dueAfterDays: 30, city: "Kenosha", state: "WI", violation: "Speeding 12 mph over the limit (I-94 northbound)", fineAmount: "175.00" },
  { driver: "jake", citationNumber: "IL-88213075", issuedDaysAgo: 50, dueAfterDays: 45, city: "Joliet", state: "IL", violation: "Improper lane change in a construction zone", fineAmount: "120.00", notes: "Driver says he will pay it from his next settlement." },
  { driver: "jake", citationNumber: "IN-2209114", issuedDaysAgo: 75, dueAfterDays: 30, city: "Gary", state: "IN", violation: "Hours-of-service log not current (form and manner)", fineAmount: "250.00",
    history: [{ to: "paid", afterDays: 9, note: "Paid online; receipt filed with the driver's records.", by: "safety" }] },
  // Rosa Martinez: one disputed, one open, one paid, one dismissed.
  { driver: "rosa", citationNumber: "IA-3390547", issuedDaysAgo: 20, dueAfterDays: 30, city: "Des Moines", state: "IA", violation: "Tandem axle overweight by 1,200 lbs", fineAmount: "310.00",
    history: [{ to: "disputed", afterDays: 2, note: "The shipper's certified scale ticket shows legal axle weights. I have the ticket and a photo of the sliders.", by: "driver" }] },
  { driver: "rosa", citationNumber: "CHI-7781203", issuedDaysAgo: 6, dueAfterDays: 30, city: "Chicago", state: "IL", violation: "Parking in a no-truck zone (W Fulton Market)", fineAmount: "100.00" },
  { driver: "rosa", citationNumber: "MO-5520981", issuedDaysAgo: 96, dueAfterDays: 30, city: "Kansas City", state: "MO", violation: "Failure to stop at an open weigh station", fineAmount: "195.00",
    history: [{ to: "paid", afterDays: 14, note: "Paid by the company; deducted from settlement per policy.", by: "safety" }] },
  { driver: "rosa", citationNumber: "OK-1147736", issuedDaysAgo: 41, dueAfterDays: 30, city: "Tulsa", state: "OK", violation: "Inoperative right brake light", fineAmount: "85.00",
    history: [{ to: "dismissed", afterDays: 12, note: "Dismissed on proof of repair (shop invoice from the Tulsa terminal).", by: "safety" }] },
  // The other drivers.
  { driver: "marcus", citationNumber: "IL-88240661", issuedDaysAgo: 35, dueAfterDays: 28, city: "Springfield", state: "IL", violation: "Speeding 15 mph over the limit (I-55)", fineAmount: "210.00" },
  { driver: "daniel", citationNumber: "OH-6602318", issuedDaysAgo: 88, dueAfterDays: 30, city: "Columbus", state: "OH", violation: "Following too closely", fineAmount: "150.00",
    history: [{ to: "paid", afterDays: 20, note: "Paid at the county clerk.", by: "safety" }] },
  { driver: "tyrone", citationNumber: "OK-1152208", issuedDaysAgo: 3, dueAfterDays: 30, city: "Oklahoma City", state: "OK", violation: "Unsecured load: loose tarp strap", fineAmount: "275.00" },
  { driver: "emily", citationNumber: "NE-9913027", issuedDaysAgo: 64, dueAfterDays: 30, city: "Omaha", state: "NE", violation: "Expired IFTA decal", fineAmount: "125.00",
    history: [
      { to: "disputed", afterDays: 3, note: "The 2025 decals were mailed late; the receipt shows the renewal was paid on time.", by: "safety" },
      { to: "dismissed", afterDays: 21, note: "Court dismissed it on the renewal receipt.", by: "safety" },
    ] },
];

/** A scan-like copy of the ticket: the fields an officer writes on a uniform traffic citation. */
async function ticketPdf(
  c: DemoCitation,
  driverName: string,
  issuedOn: string,
  dueOn: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([396, 612]); // half letter, like a citation book
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Courier);
  page.drawText(`STATE OF ${c.state} - UNIFORM TRAFFIC CITATION`, { x: 24, y: 570, size: 11, font: bold });
  const lines = [
    `CITATION NO.   ${c.citationNumber}`,
    `DATE ISSUED    ${issuedOn}`,
    `LOCATION       ${c.city}, ${c.state}`,
    "",
    `DRIVER         ${driverName.toUpperCase()}`,
    "VEHICLE        COMMERCIAL MOTOR VEHICLE (CMV)",
    "",
    "VIOLATION",
    ...c.violation
      .toUpperCase()
      .match(/.{1,44}(\s|$)/g)!
      .map((l) => `  ${l.trim()}`),
    "",
    `FINE           $${c.fineAmount}`,
    `PAY OR APPEAR BY  ${dueOn}`,
    "",
    "SIGNING THIS CITATION IS NOT AN ADMISSION OF GUILT.",
  ];
  lines.forEach((line, i) => {
    page.drawText(line, { x: 24, y: 536 - i * 16, size: 9, font });
  });
  return doc.save();
}

/**
 * The demo's citations and accidents; runs inside the demo seed's transaction, after the dispatch
 * seed. With the storage service (the app's start-up seed) every citation gets a PDF copy of its ticket.
 */
export async function seedSafetyDemo(tx: Tx, storage?: Storage, now = new Date()): Promise<void> {
  const [already] = await tx.select({ id: citations.id }).from(citations).limit(1);
  if (already) return;

  const people = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      inArray(users.email, [
        "safety@demo.test",
        "manager@demo.test",
        "driver@demo.test",
        "driver2@demo.test",
      ]),
    );
  const person = (email: string) => people.find((p) => p.email === email) ?? null;
  const safety = person("safety@demo.test") ?? person("manager@demo.test");

  const driverIds = {} as Record<DriverKey, { id: string; userId: string | null; name: string } | undefined>;
  const accountDrivers = await tx
    .select({ id: drivers.id, userId: drivers.userId, name: drivers.fullName, email: users.email })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(inArray(users.email, ["driver@demo.test", "driver2@demo.test"]));
  for (const d of accountDrivers) {
    driverIds[d.email === "driver@demo.test" ? "jake" : "rosa"] = {
      id: d.id,
      userId: d.userId,
      name: d.name,
    };
  }
  const named = await tx
    .select({ id: drivers.id, name: drivers.fullName })
    .from(drivers)
    .where(inArray(drivers.fullName, Object.values(DRIVER_NAMES)));
  for (const [key, name] of Object.entries(DRIVER_NAMES) as Array<[DriverKey, string]>) {
    const row = named.find((d) => d.name === name);
    if (row) driverIds[key] = { id: row.id, userId: null, name: row.name };
  }
  if (!driverIds.jake || !driverIds.rosa) return; // no demo drivers: nothing to hang citations on

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const actorOf = (by: "safety" | "driver", driver: DriverKey) =>
    by === "driver"
      ? { id: driverIds[driver]?.userId ?? null, name: driverIds[driver]?.name ?? null }
      : { id: safety?.id ?? null, name: safety?.name ?? null };

  for (const c of CITATIONS) {
    const driver = driverIds[c.driver];
    if (!driver) continue;
    const issued = today - c.issuedDaysAgo * DAY;
    const recordedAt = new Date(issued + 26 * HOUR);
    const last = c.history?.at(-1);
    const dispute = c.history?.findLast((h) => h.to === "disputed");
    const issuedOn = ymd(new Date(issued));
    const dueOn = ymd(new Date(issued + c.dueAfterDays * DAY));
    let fileId: string | null = null;
    if (storage) {
      const bytes = await ticketPdf(c, driver.name, issuedOn, dueOn);
      const stored = await storage.save(
        tx,
        new File([bytes as Uint8Array<ArrayBuffer>], `citation-${c.citationNumber}.pdf`, {
          type: "application/pdf",
        }),
        { maxBytes: CITATION_FILE_MAX_BYTES, allowedTypes: CITATION_FILE_TYPES },
        safety?.id ?? null,
      );
      fileId = stored.id;
    }
    const [row] = await tx
      .insert(citations)
      .values({
        fileId,
        driverId: driver.id,
        citationNumber: c.citationNumber,
        issuedOn,
        dueOn,
        city: c.city,
        state: c.state,
        violation: c.violation,
        fineAmount: c.fineAmount,
        status: last?.to ?? "open",
        notes: c.notes ?? "",
        disputeReason: dispute?.note ?? null,
        disputedAt: dispute ? new Date(issued + dispute.afterDays * DAY + 15 * HOUR) : null,
        createdBy: safety?.id ?? null,
        createdAt: recordedAt,
        updatedAt: last ? new Date(issued + last.afterDays * DAY + 15 * HOUR) : recordedAt,
      })
      .returning({ id: citations.id });
    let from: CitationStatus = "open";
    await tx.insert(citationEvents).values([
      {
        citationId: row.id,
        fromStatus: null,
        toStatus: "open",
        actorId: safety?.id ?? null,
        actorName: safety?.name ?? null,
        createdAt: recordedAt,
      },
      ...(c.history ?? []).map((h) => {
        const actor = actorOf(h.by, c.driver);
        const event = {
          citationId: row.id,
          fromStatus: from,
          toStatus: h.to,
          actorId: actor.id,
          actorName: actor.name,
          note: h.note,
          createdAt: new Date(issued + h.afterDays * DAY + 15 * HOUR),
        };
        from = h.to;
        return event;
      }),
    ]);
  }

  // Accidents: one settled and closed, one still open.
  const units = await tx
    .select({ id: vehicles.id, unit: vehicles.unitNumber })
    .from(vehicles)
    .where(inArray(vehicles.unitNumber, ["101", "104"]));
  const boxes = await tx
    .select({ id: trailers.id, identifier: trailers.identifier })
    .from(trailers)
    .where(inArray(trailers.identifier, ["T-202", "T-204"]));
  const unit = (n: string) => units.find((u) => u.unit === n)?.id ?? null;
  const trailer = (n: string) => boxes.find((b) => b.identifier === n)?.id ?? null;
  const year = now.getUTCFullYear();
  const author = { authorId: safety?.id ?? null, authorName: safety?.name ?? null };

  const closedAt = new Date(now.getTime() - 9 * DAY);
  const settledOccurred = new Date(now.getTime() - 46 * DAY - 5 * HOUR);
  const [settled] = await tx
    .insert(accidents)
    .values({
      reference: await takeAccidentReference(tx, year),
      occurredAt: settledOccurred,
      location: "I-294 southbound near exit 18 (Hinsdale Oasis), Hinsdale, IL",
      driverId: driverIds.daniel?.id ?? null,
      vehicleId: unit("104"),
      trailerId: trailer("T-204"),
      policeReportNumber: "ISP-D3-118733",
      description:
        "Rear-ended at low speed in stop-and-go traffic by a passenger car. Minor damage to the trailer's rear doors and ICC bumper; the car was towed. Driver reported neck soreness, was checked at urgent care and released the same day.",
      injuries: true,
      claimAmount: "4850.00",
      claimStatus: "closed",
      insurer: "Great West Casualty",
      claimNumber: "GW-7734215",
      closedAt,
      createdBy: safety?.id ?? null,
      createdAt: new Date(settledOccurred.getTime() + 3 * HOUR),
      updatedAt: closedAt,
    })
    .returning({ id: accidents.id });
  const openOccurred = new Date(now.getTime() - 6 * DAY - 9 * HOUR);
  const [pending] = await tx
    .insert(accidents)
    .values({
      reference: await takeAccidentReference(tx, year),
      occurredAt: openOccurred,
      location: "Great Lakes Foods Distribution Center, dock 14, 5600 W Mill Rd, Milwaukee, WI",
      driverId: driverIds.jake.id,
      vehicleId: unit("101"),
      trailerId: trailer("T-202"),
      policeReportNumber: "",
      description:
        "While backing into dock 14 at night the trailer's right rear corner struck the dock bumper post. Damage to the corner post, the right rear marker light and the reefer unit's side panel. No one was hurt; private property, so no police report.",
      injuries: false,
      claimAmount: "2300.00",
      claimStatus: "open",
      insurer: "Northland Insurance",
      claimNumber: "NL-55201873",
      createdBy: safety?.id ?? null,
      createdAt: new Date(openOccurred.getTime() + 2 * HOUR),
      updatedAt: new Date(now.getTime() - 2 * DAY),
    })
    .returning({ id: accidents.id });

  await tx.insert(accidentNotes).values([
    {
      accidentId: settled.id,
      kind: "created",
      toStatus: "open",
      ...author,
      createdAt: new Date(settledOccurred.getTime() + 3 * HOUR),
    },
    {
      accidentId: settled.id,
      kind: "note",
      body: "Police report and the other driver's insurance details received from Daniel.",
      ...author,
      createdAt: new Date(settledOccurred.getTime() + 20 * HOUR),
    },
    {
      accidentId: settled.id,
      kind: "note",
      body: "Adjuster inspected the trailer at the Joliet yard; repair estimate $4,850.",
      ...author,
      createdAt: new Date(settledOccurred.getTime() + 8 * DAY),
    },
    {
      accidentId: settled.id,
      kind: "note",
      body: "Daniel cleared by the clinic, back on the road.",
      ...author,
      createdAt: new Date(settledOccurred.getTime() + 2 * DAY),
    },
    {
      accidentId: settled.id,
      kind: "status",
      fromStatus: "open",
      toStatus: "closed",
      body: "Settled by the other party's insurer; the repair invoice was paid in full.",
      ...author,
      createdAt: closedAt,
    },
    {
      accidentId: pending.id,
      kind: "created",
      toStatus: "open",
      ...author,
      createdAt: new Date(openOccurred.getTime() + 2 * HOUR),
    },
    {
      accidentId: pending.id,
      kind: "note",
      body: "Jake's written statement received. Dock lighting at door 14 was out; the receiver confirmed.",
      ...author,
      createdAt: new Date(openOccurred.getTime() + 20 * HOUR),
    },
    {
      accidentId: pending.id,
      kind: "note",
      body: "Claim filed with Northland; waiting for the adjuster to schedule an inspection of T-202.",
      ...author,
      createdAt: new Date(now.getTime() - 2 * DAY),
    },
  ]);
}
