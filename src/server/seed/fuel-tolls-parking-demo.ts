import {
  expectedTotalCents,
  type FuelEntryType,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
} from "@shared/fuel/fuel.schema";
import type { ParkingPaymentMethod } from "@shared/parking/parking.schema";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Tx } from "../db/client";
import {
  assetAssignments,
  drivers,
  fuelEntries,
  loadJurisdictionMiles,
  loads,
  parkingExpenses,
  parkingReservations,
  tolls,
  users,
  vehicles,
} from "../db/schema";
import { buildMatcher } from "../modules/tolls/tolls.service";
import type { Storage } from "../platform/storage/storage";

/*
 * Fuel, tolls and parking for the demo fleet, relative to "now": a fuel stop every few days for each
 * truck on assignment (both demo drivers included, Jake's latest one this morning), a month of
 * transponder tolls placed on trucks, drivers and trips, two tolls from a rental tag still waiting
 * for a truck, parking expenses paid every way, and reservations past, running and upcoming.
 * With a storage service (the app's start-up seed) each fuel stop gets a small PDF receipt; the test
 * template has none, and its entries show no receipt.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Station {
  location: string;
  price: string;
}

/**
 * Truck stops on the demo's lanes (dispatch-demo.ts), by state: a truck fuels where its loads take
 * it, so the IFTA report's fuel and miles come from the same states.
 */
// biome-ignore format: one state per line reads as a table
const STATIONS: Record<string, Station[]> = {
  WI: [{ location: "TA Travel Center, Oak Creek", price: "3.689" }, { location: "Kwik Trip #1120, Tomah", price: "3.649" }],
  IL: [{ location: "Petro Stopping Center, South Holland", price: "3.799" }, { location: "Pilot Travel Center #1083, Bolingbrook", price: "3.819" }],
  IN: [{ location: "Pilot Travel Center #318, Gary", price: "3.899" }, { location: "Love's Travel Stop #733, Lowell", price: "3.849" }],
  OH: [{ location: "Speedway #8231, Columbus", price: "3.729" }],
  MI: [{ location: "Pilot Travel Center #329, Benton Harbor", price: "3.819" }, { location: "Flying J #682, Dexter", price: "3.789" }],
  MN: [{ location: "Holiday Stationstore #282, Woodbury", price: "3.599" }],
  MO: [{ location: "Pilot Travel Center #1090, Kansas City", price: "3.559" }, { location: "Flying J #650, Boonville", price: "3.499" }],
  IA: [{ location: "Love's Travel Stop #491, Council Bluffs", price: "3.589" }],
  NE: [{ location: "Bosselman Travel Center, Grand Island", price: "3.629" }, { location: "Sapp Bros. Travel Center, Sidney", price: "3.649" }],
  CO: [{ location: "Love's Travel Stop #529, Sterling", price: "3.719" }, { location: "TA Travel Center, Limon", price: "3.739" }],
  KS: [{ location: "Flying J #712, Salina", price: "3.529" }, { location: "Casey's #3308, Fort Scott", price: "3.549" }],
  OK: [{ location: "Love's Travel Stop #213, Big Cabin", price: "3.389" }, { location: "Pilot Travel Center #1181, McAlester", price: "3.409" }],
  TX: [{ location: "Love's Travel Stop #267, Terrell", price: "3.349" }, { location: "Pilot Travel Center #425, Mount Pleasant", price: "3.369" }],
  AR: [{ location: "Pilot Travel Center #405, North Little Rock", price: "3.459" }],
  LA: [{ location: "Pilot Travel Center #1153, Monroe", price: "3.419" }],
  MS: [{ location: "Love's Travel Stop #604, Meridian", price: "3.399" }],
  AL: [{ location: "Pilot Travel Center #75, Bessemer", price: "3.489" }],
  GA: [{ location: "Love's Travel Stop #337, Villa Rica", price: "3.599" }, { location: "Pilot Travel Center #60, Cartersville", price: "3.579" }],
  TN: [{ location: "Pilot Travel Center #1069, Manchester", price: "3.549" }],
  KY: [{ location: "Love's Travel Stop #592, Elizabethtown", price: "3.619" }],
};

/** Where a truck with no delivered load to follow fuels: the home yard's state (its plates are IL). */
const HOME_STATE = "IL";

/** A lane's states worth a fuel stop: those it drives at least this far in (not a corner it clips). */
const FUEL_STOP_MIN_MILES = 40;

const TRUCKS: Array<{ unit: string; tag: string; gallons: number; every: number }> = [
  { unit: "101", tag: "00812340101", gallons: 118, every: 3 },
  { unit: "102", tag: "00812340102", gallons: 104, every: 3 },
  { unit: "103", tag: "00812340103", gallons: 126, every: 4 },
  { unit: "104", tag: "00812340104", gallons: 97, every: 4 },
  { unit: "105", tag: "00812340105", gallons: 111, every: 5 },
];

// biome-ignore format: one plaza per line reads as a table
const PLAZAS: Array<{ location: string; amount: string }> = [
  { location: "Chicago Skyway, Main Plaza", amount: "7.20" },
  { location: "I-294 Tri-State Tollway, Cermak Rd", amount: "4.10" },
  { location: "I-90 Jane Addams Tollway, Belvidere", amount: "6.35" },
  { location: "Indiana Toll Road, Gary West", amount: "12.75" },
  { location: "Indiana Toll Road, Westpoint", amount: "21.40" },
  { location: "Ohio Turnpike, Exit 59 Eastgate", amount: "18.25" },
  { location: "Kansas Turnpike, East Topeka", amount: "9.80" },
  { location: "I-355 Veterans Memorial Tollway, Boughton Rd", amount: "3.35" },
];

// biome-ignore format: one expense per line reads as a table
const EXPENSES: Array<{ daysAgo: number; unit: string; location: string; method: ParkingPaymentMethod; amount: string; notes?: string }> = [
  { daysAgo: 1, unit: "101", location: "Truck Parking Club – Gary, IN", method: "mobile_app", amount: "35.00" },
  { daysAgo: 2, unit: "102", location: "ParkMobile – Chicago Loop", method: "mobile_app", amount: "18.50", notes: "Street parking at the consignee, 3 hours" },
  { daysAgo: 4, unit: "103", location: "Joliet Secure Truck Lot", method: "card", amount: "40.00" },
  { daysAgo: 6, unit: "101", location: "Milwaukee Port Lot", method: "cash", amount: "15.00" },
  { daysAgo: 8, unit: "104", location: "SecurCargo Parking, Columbus", method: "invoice", amount: "210.00", notes: "Weekly reserved spot, invoiced monthly" },
  { daysAgo: 11, unit: "105", location: "Love's Reserve-It, Effingham", method: "card", amount: "24.99" },
  { daysAgo: 13, unit: "102", location: "Kenosha Truck Stop", method: "cash", amount: "20.00" },
  { daysAgo: 17, unit: "103", location: "Prime Parking, Kansas City", method: "mobile_app", amount: "32.00" },
  { daysAgo: 22, unit: "101", location: "Indianapolis Secure Parking", method: "card", amount: "45.00" },
  { daysAgo: 27, unit: "104", location: "SecurCargo Parking, Columbus", method: "invoice", amount: "210.00", notes: "Weekly reserved spot, invoiced monthly" },
  { daysAgo: 33, unit: "102", location: "Rochelle Truck Lot", method: "cash", amount: "15.00" },
];

// biome-ignore format: one reservation per line reads as a table
const RESERVATIONS: Array<{ unit: string; fromHours: number; hours: number; location: string; cost: string; notes?: string }> = [
  { unit: "101", fromHours: -20 * 24, hours: 12, location: "Love's Reserve-It #412, Effingham IL", cost: "24.99" },
  { unit: "102", fromHours: -9 * 24, hours: 36, location: "Truck Parking Club – Gary, IN", cost: "70.00", notes: "34-hour restart" },
  { unit: "103", fromHours: -6, hours: 14, location: "Joliet Secure Truck Lot", cost: "40.00", notes: "Spot 22, gate code from dispatch" },
  { unit: "101", fromHours: 30, hours: 11, location: "Pilot Parking Pass #318, Gary IN", cost: "22.00" },
  { unit: "101", fromHours: 41, hours: 10, location: "Milwaukee Port Lot", cost: "15.00", notes: "Drop before the port opens" },
  { unit: "102", fromHours: 3 * 24, hours: 34, location: "SecurCargo Parking, Columbus OH", cost: "80.00", notes: "34-hour restart" },
  { unit: "104", fromHours: 5 * 24, hours: 12, location: "Prime Parking, Kansas City MO", cost: "32.00" },
];

/** A till receipt as a PDF (the demo's fuel, parking and reimbursement receipts). */
export async function receiptPdf(lines: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([226, 340]); // a till receipt, 80 mm wide
  const font = await doc.embedFont(StandardFonts.Courier);
  lines.forEach((line, i) => {
    page.drawText(line, { x: 14, y: 310 - i * 16, size: 8.5, font });
  });
  return doc.save();
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Runs inside the demo seed's transaction, after the fleet, drivers, loads and inspections exist. */
export async function seedFuelTollsParkingDemo(tx: Tx, storage?: Storage, now = new Date()): Promise<void> {
  const [already] = await tx.select({ id: fuelEntries.id }).from(fuelEntries).limit(1);
  if (already) return;
  const fleet = await tx
    .select({
      id: vehicles.id,
      unitNumber: vehicles.unitNumber,
      mileage: vehicles.mileage,
      transponder: vehicles.transponder,
    })
    .from(vehicles)
    .where(
      inArray(
        vehicles.unitNumber,
        TRUCKS.map((t) => t.unit),
      ),
    );
  if (fleet.length !== TRUCKS.length) return; // no demo fleet: nothing to fuel
  const open = await tx
    .select({
      vehicleId: assetAssignments.vehicleId,
      driverId: assetAssignments.driverId,
      userId: drivers.userId,
    })
    .from(assetAssignments)
    .innerJoin(drivers, eq(drivers.id, assetAssignments.driverId))
    .where(isNull(assetAssignments.endedAt));
  const dispatcherRow = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, "dispatcher@demo.test"));
  const dispatcherId = dispatcherRow[0]?.id ?? null;

  // Transponders for the trucks that have none yet (the toll statements name these tags).
  for (const truck of TRUCKS) {
    const v = fleet.find((f) => f.unitNumber === truck.unit);
    if (v && !v.transponder) {
      await tx
        .update(vehicles)
        .set({ transponder: truck.tag })
        .where(and(eq(vehicles.id, v.id), isNull(vehicles.transponder)));
      v.transponder = truck.tag;
    }
  }

  // ---- Fuel: newest first, the odometer counting back from today's mileage, each stop in a state of
  // the truck's delivered load nearest in time.
  const legs = await tx
    .select({
      loadId: loads.id,
      vehicleId: loads.vehicleId,
      pickupAt: loads.pickupAt,
      deliveryAt: loads.deliveryAt,
      state: loadJurisdictionMiles.jurisdiction,
      miles: loadJurisdictionMiles.miles,
    })
    .from(loads)
    .innerJoin(loadJurisdictionMiles, eq(loadJurisdictionMiles.loadId, loads.id))
    .where(
      inArray(
        loads.vehicleId,
        fleet.map((f) => f.id),
      ),
    );
  const trips = new Map<string, { vehicleId: string; from: number; to: number; states: string[] }>();
  for (const leg of [...legs].sort((a, b) => Number(b.miles) - Number(a.miles))) {
    if (!leg.vehicleId) continue;
    const trip = trips.get(leg.loadId) ?? {
      vehicleId: leg.vehicleId,
      from: leg.pickupAt.getTime(),
      to: leg.deliveryAt.getTime(),
      states: [],
    };
    const worthAStop = Number(leg.miles) >= FUEL_STOP_MIN_MILES || !trip.states.length;
    if (worthAStop && STATIONS[leg.state]) trip.states.push(leg.state);
    trips.set(leg.loadId, trip);
  }
  const stateOnTrip = (vehicleId: string, at: Date, n: number): string => {
    const gap = (trip: { from: number; to: number }) =>
      Math.max(trip.from - at.getTime(), at.getTime() - trip.to, 0);
    const nearest = [...trips.values()]
      .filter((trip) => trip.vehicleId === vehicleId)
      .sort((a, b) => gap(a) - gap(b))[0];
    return nearest?.states.length ? nearest.states[n % nearest.states.length] : HOME_STATE;
  };
  const fuelRows: Array<typeof fuelEntries.$inferInsert> = [];
  for (const [t, truck] of TRUCKS.entries()) {
    const v = fleet.find((f) => f.unitNumber === truck.unit);
    const holder = open.find((o) => o.vehicleId === v?.id);
    if (!v || !holder) continue;
    let odometer = v.mileage > 20_000 ? v.mileage - 40 : 180_000 + t * 37_000;
    for (let n = 0, daysAgo = t === 0 ? 0 : 1 + (t % 2); daysAgo <= 45; n++, daysAgo += truck.every) {
      const def = n % 4 === 2;
      const fuelType: FuelEntryType = def ? "def" : "diesel";
      const gallons = def ? "5.000" : (truck.gallons + ((n * 7 + t * 3) % 19) - 9).toFixed(3);
      const fueledAt = new Date(
        now.getTime() - daysAgo * DAY - (t === 0 && daysAgo === 0 ? 3 : 20 - ((n + t) % 9)) * HOUR,
      );
      const state = stateOnTrip(v.id, fueledAt, n + t);
      const stations = STATIONS[state];
      const station = stations[(n + t) % stations.length];
      const price = def ? "4.299" : station.price;
      fuelRows.push({
        driverId: holder.driverId,
        vehicleId: v.id,
        fueledAt,
        location: station.location,
        state,
        odometer,
        fuelType,
        gallons,
        pricePerGallon: price,
        totalAmount: money(expectedTotalCents(gallons, price)),
        createdBy: holder.userId,
        createdAt: new Date(fueledAt.getTime() + 20 * 60_000),
      });
      // DEF is bought at the same stop; the truck ran ~560 miles a day between fuel stops.
      if (!def) odometer -= truck.every * (480 + ((n * 31 + t * 17) % 160));
    }
  }
  if (storage) {
    for (const row of fuelRows) {
      const lines = [
        row.location.split(",")[0].toUpperCase(),
        `${row.location.split(",")[1]?.trim() ?? ""}, ${row.state}`,
        "",
        (row.fueledAt as Date).toISOString().slice(0, 16).replace("T", " "),
        `PRODUCT   ${row.fuelType === "def" ? "DEF" : "DIESEL #2"}`,
        `GALLONS   ${row.gallons}`,
        `PRICE/GAL $${row.pricePerGallon}`,
        "",
        `TOTAL     $${row.totalAmount}`,
        `ODOMETER  ${row.odometer}`,
        "FLEET CARD ****4417",
        "",
        "THANK YOU - DRIVE SAFE",
      ];
      const bytes = await receiptPdf(lines);
      const stamp = (row.fueledAt as Date).toISOString().slice(0, 10);
      const file = new File([bytes as Uint8Array<ArrayBuffer>], `fuel-receipt-${stamp}.pdf`, {
        type: "application/pdf",
      });
      const stored = await storage.save(
        tx,
        file,
        { maxBytes: RECEIPT_MAX_BYTES, allowedTypes: RECEIPT_TYPES },
        (row.createdBy as string | null) ?? null,
      );
      row.receiptFileId = stored.id;
    }
  }
  if (fuelRows.length) await tx.insert(fuelEntries).values(fuelRows);

  // ---- Tolls: statement imports placed on trucks, drivers and trips, plus a rental tag.
  const tollTimes: Array<{ unit: string | null; tag: string; at: Date; plaza: (typeof PLAZAS)[number] }> = [];
  for (const [t, truck] of TRUCKS.entries()) {
    for (let n = 0, daysAgo = 1 + t; daysAgo <= 30; n++, daysAgo += 2 + ((n + t) % 3)) {
      const plaza = PLAZAS[(n * 5 + t) % PLAZAS.length];
      const at = new Date(now.getTime() - daysAgo * DAY + (7 + ((n * 3 + t) % 10)) * HOUR);
      at.setUTCSeconds(0, 0);
      tollTimes.push({ unit: truck.unit, tag: truck.tag, at, plaza });
    }
  }
  for (const daysAgo of [2, 5]) {
    const at = new Date(now.getTime() - daysAgo * DAY + 15 * HOUR);
    at.setUTCSeconds(0, 0);
    tollTimes.push({ unit: null, tag: "RNT55501234", at, plaza: PLAZAS[daysAgo === 2 ? 3 : 5] });
  }
  const matcher = await buildMatcher(
    tx,
    tollTimes.map((x) => x.at),
  );
  const tollRows = tollTimes.map((x) => {
    const vehicleId = x.unit ? (matcher.byTag.get(x.tag)?.id ?? null) : null;
    const match = vehicleId ? matcher.at(vehicleId, x.at) : null;
    return {
      occurredAt: x.at,
      location: x.plaza.location,
      transponder: x.tag,
      amount: x.plaza.amount,
      vehicleId,
      driverId: match?.driverId ?? null,
      loadId: match?.loadId ?? null,
      source: "import" as const,
      importFileName: x.unit ? "ipass-statement.csv" : "rental-statement.csv",
      notes: x.unit ? "" : "Rental truck tag, not yet placed on a unit",
      createdBy: dispatcherId,
    };
  });
  if (tollRows.length) await tx.insert(tolls).values(tollRows).onConflictDoNothing();

  // ---- Parking
  const vehicleOf = (unit: string) => fleet.find((f) => f.unitNumber === unit)?.id ?? null;
  const driverOf = (unit: string) => open.find((o) => o.vehicleId === vehicleOf(unit))?.driverId ?? null;
  const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10);
  await tx.insert(parkingExpenses).values(
    EXPENSES.map((e) => ({
      location: e.location,
      paymentMethod: e.method,
      amount: e.amount,
      date: day(e.daysAgo),
      vehicleId: vehicleOf(e.unit),
      driverId: driverOf(e.unit),
      notes: e.notes ?? "",
      createdBy: dispatcherId,
    })),
  );
  const hourNow = Math.floor(now.getTime() / HOUR) * HOUR;
  await tx.insert(parkingReservations).values(
    RESERVATIONS.map((r) => ({
      location: r.location,
      startsAt: new Date(hourNow + r.fromHours * HOUR),
      endsAt: new Date(hourNow + (r.fromHours + r.hours) * HOUR),
      cost: r.cost,
      notes: r.notes ?? "",
      vehicleId: vehicleOf(r.unit),
      driverId: driverOf(r.unit),
      createdBy: dispatcherId,
    })),
  );
}
