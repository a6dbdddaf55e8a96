import {
  expectedTotalCents,
  type FuelEntryType,
  RECEIPT_MAX_BYTES,
  RECEIPT_TYPES,
} from "@shared/fuel/fuel.schema";
import type { ParkingPaymentMethod } from "@shared/parking/parking.schema";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { readAll, type Tx } from "../db/client";
import {
  assetAssignments,
  drivers,
  fuelEntries,
  loadJurisdictionMiles,
  loadStops,
  loads,
  parkingExpenses,
  parkingReservations,
  tolls,
  users,
  vehicles,
} from "../db/schema";
import { buildMatcher } from "../modules/tolls/tolls.service";
import type { Storage } from "../platform/storage/storage";
import { drivingOrder } from "./state-borders";

/*
 * Fuel, tolls and parking for the demo fleet, relative to "now": each truck's fill-ups along the loads
 * it drove, as much as those miles burnt (Jake's latest this morning, leaving today's shipper), a month of
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

/** A state worth a fuel stop on a trip: one the truck drives at least this far in (not a corner it clips). */
const FUEL_STOP_MIN_MILES = 40;

/**
 * Miles to the gallon each demo truck makes loaded (a sleeper tractor at 36,000–44,000 lb does
 * 6 to 7); 106 is the old Mack in the shop, which Emily drove until this week.
 */
const MPG: Record<string, number> = {
  "101": 6.6,
  "102": 6.4,
  "103": 6.3,
  "104": 6.8,
  "105": 6.5,
  "106": 6.2,
};

/**
 * Empty miles to the next shipper, as a share of a trip's loaded miles. The demo has no deadhead
 * legs yet (issue 40 adds empty miles), so its state miles are loaded miles only; a truck burns
 * fuel on the empty runs too, so each trip's fuel gets this much more, burnt before the pickup.
 */
const EMPTY_SHARE = 0.1;

/**
 * When a driver buys fuel (two 150-gallon tanks): on the way, once this much is burnt since the
 * last fill, varied per stop; where the night is spent on a run longer than a day's drive; leaving
 * a shipper when the tanks are down enough to bother; and before a delivery after which the truck
 * sits for days, so it is parked full (no condensation in half-empty tanks). The demo's trucks
 * run a load every week or so, so most fills are those top-offs: each trip's fuel is bought on
 * that trip, and any period's fuel matches its miles (what the IFTA report divides).
 */
const FILL_AT_GALLONS = { min: 105, spread: 35 };
const OVERNIGHT_GALLONS = 40;
const LEAVING_FULL_GALLONS = 40;
const PARKED_FULL_GALLONS = 30;
/** A truck sits when its next load leaves more than this long after the delivery. */
const SITS_MS = 4 * DAY;
/** A day's driving (10½ hours under the hours-of-service rules) at the average highway pace. */
const MPH = 50;
const DAY_MILES = 525;
/** DEF, bought at a diesel stop once the diesel since the last jug needs it (about 2.5 % dosing). */
const DEF_RATE = 0.025;
const DEF_EVERY_GALLONS = 150;
const DEF_PRICE = "4.299";
/** Loading before the truck rolls, and arriving ahead of the delivery appointment. */
const LOADING_MS = 75 * 60_000;
const ARRIVING_EARLY_MS = 15 * 60_000;

const TRUCKS: Array<{ unit: string; tag: string }> = [
  { unit: "101", tag: "00812340101" },
  { unit: "102", tag: "00812340102" },
  { unit: "103", tag: "00812340103" },
  { unit: "104", tag: "00812340104" },
  { unit: "105", tag: "00812340105" },
];

/** One load a truck drove (delivered) or is driving (on the road), as the fuel plan reads it. */
interface FuelTrip {
  driverId: string;
  userId: string | null;
  pickupAt: Date;
  deliveryAt: Date;
  pickupState: string;
  loadedMiles: number;
  /** The recorded state miles in driving order; none yet for a load still on the road. */
  legs: Array<{ state: string; miles: number }>;
  onTheRoad: boolean;
}

/** A fill-up the plan places on a trip: when, in which state, at which of the truck's miles. */
interface PlannedFill {
  trip: FuelTrip;
  at: Date;
  state: string;
  /** Miles the truck had driven since the first trip's start (the odometer counts from it). */
  mile: number;
  gallons: number;
  /** DEF bought at the same stop, if any. */
  defGallons: number | null;
}

/**
 * A truck's fill-ups along its trips, in time order: each one refills what was burnt since the
 * one before at the truck's MPG, loaded miles and their share of empty miles alike. The truck
 * starts its first trip full. Returns the fills and the miles driven up to now.
 */
function planFills(trips: FuelTrip[], mpg: number, now: Date): { fills: PlannedFill[]; miles: number } {
  const fills: PlannedFill[] = [];
  let burnt = 0; // gallons since the tanks were last filled
  let mile = 0;
  let sinceDef = 0;
  let fillAt = FILL_AT_GALLONS.min;
  const fill = (trip: FuelTrip, at: number, state: string, atMile: number, gallons: number) => {
    sinceDef += gallons;
    const def = sinceDef >= DEF_EVERY_GALLONS ? sinceDef * DEF_RATE : null;
    if (def) sinceDef = 0;
    fills.push({ trip, at: new Date(at), state, mile: atMile, gallons, defGallons: def });
    fillAt = FILL_AT_GALLONS.min + ((fills.length * 23) % FILL_AT_GALLONS.spread);
  };
  const ordered = [...trips].sort((a, b) => a.pickupAt.getTime() - b.pickupAt.getTime());
  for (const [i, trip] of ordered.entries()) {
    const empty = trip.loadedMiles * EMPTY_SHARE;
    mile += empty;
    burnt += empty / mpg;
    const rolling = Math.min(trip.pickupAt.getTime() + LOADING_MS, now.getTime() - 10 * 60_000);
    // Leaving the shipper full for the loaded run, when the tanks are down enough to bother.
    if (burnt >= LEAVING_FULL_GALLONS && STATIONS[trip.pickupState]) {
      fill(trip, rolling, trip.pickupState, mile, burnt);
      burnt = 0;
    }
    if (trip.onTheRoad) {
      const driven = Math.min(trip.loadedMiles, (Math.max(0, now.getTime() - rolling) / HOUR) * MPH);
      mile += driven;
      burnt += driven / mpg;
      continue;
    }
    const total = trip.legs.reduce((s, l) => s + l.miles, 0);
    if (!total) continue;
    const arriving = trip.deliveryAt.getTime() - ARRIVING_EARLY_MS;
    const tight = (arriving - rolling) / HOUR < total / MPH;
    // The first day's driving right after loading; the rest, after the night's rest, ends at the
    // consignee on time (a run that fits in a day waits there overnight). A tight schedule: evenly.
    const timeAt = (x: number) =>
      tight
        ? rolling + (x / total) * Math.max(0, arriving - rolling)
        : x <= DAY_MILES
          ? rolling + (x / MPH) * HOUR
          : arriving - ((total - x) / MPH) * HOUR;
    const worth = (leg: { state: string; miles: number }) =>
      leg.miles >= FUEL_STOP_MIN_MILES && !!STATIONS[leg.state];
    let overnight = total <= DAY_MILES; // passed (or no need of) the night's stop
    let x = 0; // miles into this trip
    for (const leg of trip.legs) {
      let from = 0; // miles into this state
      // On the way: at the next truck stop once the trigger is reached, and where the night is spent.
      while (worth(leg)) {
        const toTrigger = Math.max(0, (fillAt - burnt) * mpg);
        const toNight = overnight ? Number.POSITIVE_INFINITY : Math.max(0, DAY_MILES - x - from);
        const ahead = Math.min(toTrigger, toNight);
        if (from + ahead > leg.miles - 5) break;
        from += ahead;
        burnt += ahead / mpg;
        if (ahead === toNight) overnight = true;
        if (ahead === toTrigger || burnt >= OVERNIGHT_GALLONS) {
          fill(trip, timeAt(x + from), leg.state, mile + x + from, burnt);
          burnt = 0;
        }
      }
      burnt += (leg.miles - from) / mpg;
      x += leg.miles;
    }
    mile += total;
    // A truck that sits after this delivery is parked full: topped off in the last state worth a
    // stop, a little before the consignee.
    const next = ordered[i + 1];
    const sits = !next || next.pickupAt.getTime() - trip.deliveryAt.getTime() > SITS_MS;
    const lastWorth = trip.legs.findLastIndex(worth);
    if (sits && burnt >= PARKED_FULL_GALLONS && lastWorth >= 0) {
      const after = trip.legs.slice(lastWorth + 1).reduce((s, l) => s + l.miles, 0);
      const before = Math.min(20, trip.legs[lastWorth].miles / 4) + after; // miles from the stop to the consignee
      fill(trip, timeAt(total - before), trip.legs[lastWorth].state, mile - before, burnt - before / mpg);
      burnt = before / mpg;
    }
  }
  return { fills, miles: mile };
}

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

  // ---- Fuel: each truck's fill-ups along the loads it drove, from their recorded state miles.
  const trips = await fuelTrips(tx);
  const units = await tx
    .select({ id: vehicles.id, unitNumber: vehicles.unitNumber, mileage: vehicles.mileage })
    .from(vehicles)
    .where(inArray(vehicles.unitNumber, Object.keys(MPG)))
    .orderBy(asc(vehicles.unitNumber));
  const fuelRows: Array<typeof fuelEntries.$inferInsert> = [];
  for (const [t, v] of units.entries()) {
    const mpg = MPG[v.unitNumber];
    const mine = trips.get(v.id);
    if (!mpg || !mine) continue;
    const { fills, miles } = planFills(mine, mpg, now);
    // The odometer counts back from today's reading on record by the miles driven since each fill.
    const today = v.mileage > 20_000 ? v.mileage : 180_000 + t * 37_000;
    fills.forEach((f, n) => {
      const stations = STATIONS[f.state];
      const station = stations[(n + t) % stations.length];
      const odometer = Math.round(today - (miles - f.mile));
      const bought = [{ fuelType: "diesel" as FuelEntryType, gallons: f.gallons, price: station.price }];
      if (f.defGallons) bought.push({ fuelType: "def", gallons: f.defGallons, price: DEF_PRICE });
      bought.forEach((b, k) => {
        const gallons = b.gallons.toFixed(3);
        const fueledAt = new Date(Math.floor(f.at.getTime() / 60_000) * 60_000 + k * 4 * 60_000);
        fuelRows.push({
          driverId: f.trip.driverId,
          vehicleId: v.id,
          fueledAt,
          location: station.location,
          state: f.state,
          odometer,
          fuelType: b.fuelType,
          gallons,
          pricePerGallon: b.price,
          totalAmount: money(expectedTotalCents(gallons, b.price)),
          createdBy: f.trip.userId,
          createdAt: new Date(Math.min(fueledAt.getTime() + 20 * 60_000, now.getTime())),
        });
      });
    });
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

/**
 * The loads each truck drove (delivered, with their state miles in driving order) or is driving
 * now, by truck. A load names its truck; one that does not is placed on the truck its driver held
 * then (Emily's loads on 106, before it went to the shop).
 */
async function fuelTrips(tx: Tx): Promise<Map<string, FuelTrip[]>> {
  const rows = await tx
    .select({
      id: loads.id,
      status: loads.status,
      driverId: loads.driverId,
      vehicleId: loads.vehicleId,
      pickupAt: loads.pickupAt,
      deliveryAt: loads.deliveryAt,
      pickupState: loads.pickupState,
      loadedMiles: loads.loadedMiles,
      userId: drivers.userId,
    })
    .from(loads)
    .innerJoin(drivers, eq(drivers.id, loads.driverId))
    .where(inArray(loads.status, ["completed", "in_progress"]));
  const trips = new Map<string, FuelTrip[]>();
  if (!rows.length) return trips;
  const ids = rows.map((r) => r.id);
  // One transaction's connection runs one statement at a time: readAll reads in turn there.
  const [stateMiles, stops, held] = await readAll(tx, [
    () =>
      tx
        .select({
          loadId: loadJurisdictionMiles.loadId,
          state: loadJurisdictionMiles.jurisdiction,
          miles: loadJurisdictionMiles.miles,
        })
        .from(loadJurisdictionMiles)
        .where(inArray(loadJurisdictionMiles.loadId, ids)),
    () =>
      tx
        .select({ loadId: loadStops.loadId, state: loadStops.state })
        .from(loadStops)
        .where(inArray(loadStops.loadId, ids))
        .orderBy(asc(loadStops.loadId), asc(loadStops.sequence)),
    () =>
      tx
        .select({
          driverId: assetAssignments.driverId,
          vehicleId: assetAssignments.vehicleId,
          startedAt: assetAssignments.startedAt,
          endedAt: assetAssignments.endedAt,
        })
        .from(assetAssignments),
  ]);
  for (const load of rows) {
    const truck =
      load.vehicleId ??
      held.find(
        (a) =>
          a.driverId === load.driverId &&
          a.startedAt <= load.pickupAt &&
          (!a.endedAt || a.endedAt > load.pickupAt),
      )?.vehicleId;
    const onTheRoad = load.status === "in_progress";
    const recorded = stateMiles.filter((m) => m.loadId === load.id);
    if (!truck || !load.driverId || (!onTheRoad && !recorded.length)) continue;
    const order = drivingOrder(
      recorded.map((m) => m.state),
      stops.filter((s) => s.loadId === load.id).map((s) => s.state),
    );
    const trip: FuelTrip = {
      driverId: load.driverId,
      userId: load.userId,
      pickupAt: load.pickupAt,
      deliveryAt: load.deliveryAt,
      pickupState: load.pickupState,
      loadedMiles: load.loadedMiles ?? recorded.reduce((s, m) => s + Number(m.miles), 0),
      legs: onTheRoad
        ? []
        : order.map((state) => ({ state, miles: Number(recorded.find((m) => m.state === state)?.miles) })),
      onTheRoad,
    };
    trips.set(truck, [...(trips.get(truck) ?? []), trip]);
  }
  return trips;
}
