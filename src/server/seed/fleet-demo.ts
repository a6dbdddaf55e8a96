import type { ServiceType } from "@shared/fleet/maintenance.constants";
import { eq, inArray } from "drizzle-orm";
import type { Tx } from "../db/client";
import { maintenanceRecords, maintenanceSchedules, trailers, users, vehicles } from "../db/schema";

/*
 * The demo fleet's papers and shop history, as of "now": plates and insurance with a few expiring
 * soon or lapsed, odometers, schedules per truck, a year of maintenance, and a picture that needs
 * attention — Jake's truck 101 has its annual inspection coming up (due), Rosa's 102 is past its oil
 * change and its insurance runs out within a week (overdue), 104's plate has lapsed and its PM is
 * late, 106 is in the shop with an open EGR repair. Trailers get inspection dates (T-202, Jake's
 * reefer, is due in 9 days; T-204 is overdue) and reefer-unit service. Transponders are left to the
 * tolls seed, whose statements name them.
 */

const DAY = 86_400_000;

interface Truck {
  unit: string;
  mileage: number;
  fuelType?: "diesel" | "gasoline" | "electric" | "hybrid";
  /** Days from today. */
  plateExpires: number;
  insuranceExpires: number;
  lastTireChange: number;
  notes?: string;
  /** Each schedule: service, every N miles, every N days. */
  schedules: Array<[ServiceType, number | null, number | null]>;
  /** Completed history: service, days ago, odometer, cost, vendor, notes. */
  history: Array<[ServiceType, number, number, string, string, string]>;
  open?: Array<{ service: ServiceType; daysAgo: number; notes: string; outOfService?: boolean }>;
}

const STANDARD: Truck["schedules"] = [
  ["oil_change", 15_000, 180],
  ["pm_service", 25_000, null],
  ["tires", 120_000, 730],
  ["annual_inspection", null, 365],
];

const RUSH = "Rush Truck Center – Chicago";
const TA = "TA Truck Service #214, Gary IN";
const LOVES = "Love's Truck Care, Joliet IL";
const SPEEDCO = "Speedco, Effingham IL";
const BRIDGESTONE = "Bridgestone Commercial, Elk Grove Village IL";
const INSPECT = "Midwest Fleet Inspections";

const TRUCKS: Truck[] = [
  {
    unit: "101",
    mileage: 412_380,
    plateExpires: 12,
    insuranceExpires: 140,
    lastTireChange: -210,
    notes: "Jake's truck. APU installed 2024. Prefers Love's in Joliet for oil.",
    schedules: STANDARD,
    history: [
      [
        "annual_inspection",
        355,
        371_900,
        "185.00",
        INSPECT,
        "Annual DOT inspection passed. Decal on driver door.",
      ],
      [
        "tires",
        210,
        352_040,
        "3240.00",
        BRIDGESTONE,
        "8 drive tires, Bridgestone M726 ELA. Alignment checked.",
      ],
      [
        "pm_service",
        120,
        390_400,
        "612.40",
        RUSH,
        "PM-B: fuel filters, air dryer cartridge, greased fifth wheel.",
      ],
      ["oil_change", 70, 399_100, "389.50", LOVES, "15W-40 synthetic blend, oil and fuel filters."],
      ["brakes", 35, 405_620, "1150.00", TA, "Rear drive brake shoes and drums, slack adjusters set."],
    ],
  },
  {
    unit: "102",
    mileage: 287_940,
    plateExpires: 190,
    insuranceExpires: 5,
    lastTireChange: -330,
    notes: "Rosa's truck. Insurance renewal with the broker — certificate pending.",
    schedules: STANDARD,
    history: [
      ["tires", 330, 221_300, "2980.00", BRIDGESTONE, "Steers and drives replaced."],
      ["annual_inspection", 240, 240_100, "185.00", INSPECT, "Passed. Wiper blades replaced on site."],
      ["pm_service", 150, 262_900, "598.00", RUSH, "PM-B service."],
      ["oil_change", 110, 271_800, "402.75", SPEEDCO, "Oil, filters, DEF top-off."],
    ],
  },
  {
    unit: "103",
    mileage: 198_250,
    plateExpires: 220,
    insuranceExpires: 25,
    lastTireChange: -90,
    schedules: STANDARD,
    history: [
      ["annual_inspection", 60, 186_400, "185.00", INSPECT, "Passed."],
      ["tires", 90, 182_900, "3310.00", BRIDGESTONE, "Full set of drives."],
      ["oil_change", 30, 192_500, "389.50", LOVES, "Routine oil service."],
      ["pm_service", 30, 192_500, "540.00", LOVES, "PM-A with the oil change."],
    ],
  },
  {
    unit: "104",
    mileage: 356_700,
    plateExpires: -3,
    insuranceExpires: 160,
    lastTireChange: -400,
    notes: "Plate renewal mailed to the Illinois SOS; temporary permit in the cab.",
    schedules: [
      ["oil_change", 15_000, 180],
      ["pm_service", null, 90],
      ["annual_inspection", null, 365],
    ],
    history: [
      ["annual_inspection", 200, 318_000, "185.00", INSPECT, "Passed."],
      ["pm_service", 97, 338_200, "575.00", TA, "PM-B service."],
      ["oil_change", 40, 349_900, "395.00", TA, "Oil service."],
    ],
  },
  {
    unit: "105",
    mileage: 241_180,
    plateExpires: 75,
    insuranceExpires: 210,
    lastTireChange: -150,
    schedules: STANDARD,
    history: [
      ["tires", 150, 212_000, "3180.00", BRIDGESTONE, "Drives replaced."],
      ["annual_inspection", 120, 221_300, "185.00", INSPECT, "Passed."],
      ["oil_change", 95, 226_600, "389.50", LOVES, "Oil service; next one due around 241,600 mi."],
      ["pm_service", 95, 226_600, "610.00", LOVES, "PM-B service."],
    ],
  },
  {
    unit: "106",
    mileage: 521_040,
    plateExpires: 45,
    insuranceExpires: 95,
    lastTireChange: -260,
    notes: "High-mileage Mack; EGR cooler replacement at Rush, parts on order.",
    schedules: STANDARD,
    history: [
      ["annual_inspection", 300, 488_000, "185.00", INSPECT, "Passed."],
      ["tires", 260, 492_500, "3090.00", BRIDGESTONE, "Drives replaced."],
      ["oil_change", 50, 514_200, "410.00", RUSH, "Oil service."],
      ["pm_service", 50, 514_200, "640.00", RUSH, "PM-B; noted coolant loss, EGR cooler suspected."],
    ],
    open: [
      {
        service: "engine",
        daysAgo: 4,
        notes:
          "EGR cooler leaking coolant into the exhaust. Replacement at Rush Truck Center, parts ETA Friday.",
        outOfService: true,
      },
    ],
  },
];

interface TrailerPlan {
  identifier: string;
  plate: string;
  year: number;
  lastInspection: number;
  nextInspection: number;
  history: Array<[ServiceType, number, string, string, string]>;
  open?: Array<{ service: ServiceType; daysAgo: number; notes: string }>;
}

const TRAILERS: TrailerPlan[] = [
  {
    identifier: "T-201",
    plate: "TR 448201",
    year: 2019,
    lastInspection: -165,
    nextInspection: 200,
    history: [["annual_inspection", 165, "160.00", INSPECT, "Annual trailer inspection passed."]],
  },
  {
    identifier: "T-202",
    plate: "TR 448202",
    year: 2020,
    lastInspection: -356,
    nextInspection: 9,
    history: [
      ["annual_inspection", 356, "160.00", INSPECT, "Passed."],
      [
        "reefer_unit",
        60,
        "845.00",
        "Midwest Reefer Service, Bolingbrook IL",
        "Thermo King S-600: 2,000-hour service.",
      ],
    ],
  },
  {
    identifier: "T-203",
    plate: "TR 448203",
    year: 2022,
    lastInspection: -80,
    nextInspection: 285,
    history: [["annual_inspection", 80, "160.00", INSPECT, "Passed. Straps and chains replaced."]],
  },
  {
    identifier: "T-204",
    plate: "TR 448204",
    year: 2018,
    lastInspection: -371,
    nextInspection: -6,
    history: [["brakes", 120, "720.00", TA, "Brake chambers and shoes, both axles."]],
  },
  {
    identifier: "T-205",
    plate: "TR 448205",
    year: 2021,
    lastInspection: -30,
    nextInspection: 335,
    history: [["annual_inspection", 30, "160.00", INSPECT, "Passed."]],
    open: [
      {
        service: "electrical",
        daysAgo: 2,
        notes: "Left rear marker light out; ABS lamp flickers at start-up.",
      },
    ],
  },
  {
    identifier: "C-301",
    plate: "",
    year: 2017,
    lastInspection: -200,
    nextInspection: 165,
    history: [],
  },
];

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Runs inside the demo seed's transaction, after the dispatch demo created the fleet. */
export async function seedFleetDemo(tx: Tx, now = new Date()): Promise<void> {
  const fleet = await tx
    .select({ id: vehicles.id, unitNumber: vehicles.unitNumber })
    .from(vehicles)
    .where(
      inArray(
        vehicles.unitNumber,
        TRUCKS.map((t) => t.unit),
      ),
    );
  if (fleet.length === 0) return;
  const [already] = await tx
    .select({ id: maintenanceSchedules.id })
    .from(maintenanceSchedules)
    .where(
      inArray(
        maintenanceSchedules.vehicleId,
        fleet.map((v) => v.id),
      ),
    )
    .limit(1);
  if (already) return;

  const staff = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ["manager@demo.test", "dispatcher@demo.test", "driver@demo.test"]));
  const userId = (email: string) => staff.find((u) => u.email === email)?.id ?? null;
  const manager = userId("manager@demo.test");
  const dispatcher = userId("dispatcher@demo.test");
  const jake = userId("driver@demo.test");

  const day = (offset: number) => ymd(new Date(now.getTime() + offset * DAY));
  const at = (offset: number) => new Date(now.getTime() + offset * DAY);
  const records: Array<typeof maintenanceRecords.$inferInsert> = [];
  const schedules: Array<typeof maintenanceSchedules.$inferInsert> = [];

  for (const truck of TRUCKS) {
    const v = fleet.find((f) => f.unitNumber === truck.unit);
    if (!v) continue;
    await tx
      .update(vehicles)
      .set({
        mileage: truck.mileage,
        fuelType: truck.fuelType ?? "diesel",
        plateExpiresOn: day(truck.plateExpires),
        insuranceExpiresOn: day(truck.insuranceExpires),
        lastTireChangeOn: day(truck.lastTireChange),
        notes: truck.notes ?? "",
        status: truck.open?.some((o) => o.outOfService) ? "in_maintenance" : undefined,
      })
      .where(eq(vehicles.id, v.id));
    // Schedules count from a year ago; the completed history moves each one forward.
    for (const [serviceType, intervalMiles, intervalDays] of truck.schedules) {
      schedules.push({
        vehicleId: v.id,
        serviceType,
        intervalMiles,
        intervalDays,
        lastServiceDate: day(-400),
        lastServiceOdometer: truck.mileage - 60_000,
      });
    }
    for (const [serviceType, daysAgo, odometer, cost, vendor, notes] of truck.history) {
      // Jake logged his own brake job from the road; the office logged the rest.
      const by =
        truck.unit === "101" && serviceType === "brakes" ? jake : daysAgo > 100 ? manager : dispatcher;
      records.push({
        vehicleId: v.id,
        serviceType,
        status: "completed",
        serviceDate: day(-daysAgo),
        odometer,
        cost,
        vendor,
        notes,
        completedAt: at(-daysAgo),
        completedBy: by,
        createdBy: by,
        createdAt: at(-daysAgo),
      });
    }
    for (const o of truck.open ?? []) {
      records.push({
        vehicleId: v.id,
        serviceType: o.service,
        status: "open",
        serviceDate: day(-o.daysAgo),
        notes: o.notes,
        createdBy: dispatcher,
        createdAt: at(-o.daysAgo),
      });
    }
  }

  const trailerRows = await tx
    .select({ id: trailers.id, identifier: trailers.identifier })
    .from(trailers)
    .where(
      inArray(
        trailers.identifier,
        TRAILERS.map((t) => t.identifier),
      ),
    );
  for (const plan of TRAILERS) {
    const t = trailerRows.find((r) => r.identifier === plan.identifier);
    if (!t) continue;
    await tx
      .update(trailers)
      .set({
        plateNumber: plan.plate,
        plateState: plan.plate ? "IL" : "",
        year: plan.year,
        lastInspectionOn: day(plan.lastInspection),
        nextInspectionOn: day(plan.nextInspection),
      })
      .where(eq(trailers.id, t.id));
    for (const [serviceType, daysAgo, cost, vendor, notes] of plan.history) {
      records.push({
        trailerId: t.id,
        serviceType,
        status: "completed",
        serviceDate: day(-daysAgo),
        cost,
        vendor,
        notes,
        completedAt: at(-daysAgo),
        completedBy: manager,
        createdBy: manager,
        createdAt: at(-daysAgo),
      });
    }
    for (const o of plan.open ?? []) {
      records.push({
        trailerId: t.id,
        serviceType: o.service,
        status: "open",
        serviceDate: day(-o.daysAgo),
        notes: o.notes,
        createdBy: dispatcher,
        createdAt: at(-o.daysAgo),
      });
    }
  }

  if (schedules.length) await tx.insert(maintenanceSchedules).values(schedules);
  if (records.length) await tx.insert(maintenanceRecords).values(records);
}
