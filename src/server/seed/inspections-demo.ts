import {
  CHECKLISTS,
  type ChecklistEntry,
  type ChecklistItem,
  type InspectionAssetType,
  type InspectionStatus,
  type InspectionType,
} from "@shared/inspections/inspections.schema";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import {
  assetAssignments,
  drivers,
  inspections,
  maintenanceRecords,
  trailers,
  users,
  vehicles,
} from "../db/schema";
import { openMaintenanceItem } from "../modules/fleet/maintenance.service";

/*
 * Inspection history for the demo: both demo drivers' pre-trip and post-trip reports of the truck and
 * trailer assigned to them over the last three weeks (almost all pass), one needs-repair report on
 * Rosa's trailer with the maintenance item it opened, and an annual inspection report for each one
 * the fleet's maintenance log records as done. Dates are relative to "now", like the rest of the demo.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Plan {
  daysAgo: number;
  /** UTC hour (the demo fleet runs on Central time: 11–12 UTC is an early-morning pre-trip). */
  hour: number;
  type: InspectionType;
  asset: InspectionAssetType;
  location: string;
  status?: InspectionStatus;
  defects?: Partial<Record<ChecklistItem, string>>;
  comments?: string;
}

const JAKE: Plan[] = [
  { daysAgo: 0, hour: 11, type: "pre_trip", asset: "vehicle", location: "Milwaukee, WI" },
  { daysAgo: 1, hour: 11, type: "pre_trip", asset: "vehicle", location: "Chicago, IL" },
  { daysAgo: 1, hour: 11, type: "pre_trip", asset: "trailer", location: "Chicago, IL" },
  { daysAgo: 2, hour: 23, type: "post_trip", asset: "vehicle", location: "Indianapolis, IN" },
  { daysAgo: 3, hour: 12, type: "pre_trip", asset: "vehicle", location: "Milwaukee, WI" },
  { daysAgo: 5, hour: 11, type: "pre_trip", asset: "vehicle", location: "Minneapolis, MN" },
  { daysAgo: 6, hour: 22, type: "post_trip", asset: "vehicle", location: "Columbus, OH" },
  { daysAgo: 7, hour: 12, type: "pre_trip", asset: "vehicle", location: "Milwaukee, WI" },
  { daysAgo: 8, hour: 11, type: "pre_trip", asset: "trailer", location: "Milwaukee, WI" },
  {
    daysAgo: 9,
    hour: 11,
    type: "pre_trip",
    asset: "vehicle",
    location: "Chicago, IL",
    comments: "Topped off washer fluid before departure.",
  },
  { daysAgo: 12, hour: 12, type: "pre_trip", asset: "vehicle", location: "Indianapolis, IN" },
  { daysAgo: 13, hour: 23, type: "post_trip", asset: "vehicle", location: "Milwaukee, WI" },
  { daysAgo: 15, hour: 11, type: "pre_trip", asset: "vehicle", location: "Milwaukee, WI" },
  { daysAgo: 15, hour: 11, type: "pre_trip", asset: "trailer", location: "Milwaukee, WI" },
  { daysAgo: 19, hour: 12, type: "pre_trip", asset: "vehicle", location: "Chicago, IL" },
];

const ROSA: Plan[] = [
  { daysAgo: 0, hour: 12, type: "pre_trip", asset: "vehicle", location: "Kansas City, MO" },
  {
    daysAgo: 2,
    hour: 12,
    type: "pre_trip",
    asset: "trailer",
    location: "Kansas City, MO",
    status: "needs_repair",
    defects: {
      trailer_lights: "Left rear clearance/marker lamp out.",
      conspicuity_tape:
        "Reflective tape torn off along the lower right side panel, about 4 ft near the rear.",
    },
    comments: "Safe to run in daylight; shop to fix at the next yard visit.",
  },
  { daysAgo: 2, hour: 12, type: "pre_trip", asset: "vehicle", location: "Kansas City, MO" },
  { daysAgo: 3, hour: 23, type: "post_trip", asset: "vehicle", location: "St. Louis, MO" },
  { daysAgo: 4, hour: 11, type: "pre_trip", asset: "vehicle", location: "Omaha, NE" },
  { daysAgo: 6, hour: 12, type: "pre_trip", asset: "vehicle", location: "Kansas City, MO" },
  { daysAgo: 7, hour: 12, type: "pre_trip", asset: "trailer", location: "Kansas City, MO" },
  { daysAgo: 8, hour: 22, type: "post_trip", asset: "vehicle", location: "Dallas, TX" },
  { daysAgo: 10, hour: 11, type: "pre_trip", asset: "vehicle", location: "Tulsa, OK" },
  { daysAgo: 13, hour: 12, type: "pre_trip", asset: "vehicle", location: "Kansas City, MO" },
  { daysAgo: 14, hour: 12, type: "pre_trip", asset: "trailer", location: "Kansas City, MO" },
  { daysAgo: 17, hour: 23, type: "post_trip", asset: "vehicle", location: "St. Louis, MO" },
  { daysAgo: 20, hour: 12, type: "pre_trip", asset: "vehicle", location: "Kansas City, MO" },
];

/** Who did an annual inspection when the maintenance log names no shop. */
const SHOP = "Outside inspection shop";
/** Miles a demo truck covers a day, to date odometer readings backwards from today's. */
const MILES_PER_DAY = 480;
const FALLBACK_ODOMETER: Record<string, number> = { "101": 212_480, "102": 187_930 };

function checklistFor(asset: InspectionAssetType, defects: Plan["defects"] = {}): ChecklistEntry[] {
  return CHECKLISTS[asset].map((item) => {
    const note = defects[item];
    return { item, result: note ? "fail" : "pass", note: note ?? "" };
  });
}

/** The demo's inspections; runs inside the demo seed's transaction, after the dispatch demo. */
export async function seedInspectionsDemo(tx: Tx, now = new Date()): Promise<void> {
  const [already] = await tx.select({ id: inspections.id }).from(inspections).limit(1);
  if (already) return;

  const people = await tx
    .select({ email: users.email, userId: users.id, driverId: drivers.id, fullName: drivers.fullName })
    .from(users)
    .leftJoin(drivers, eq(drivers.userId, users.id))
    .where(inArray(users.email, ["driver@demo.test", "driver2@demo.test", "safety@demo.test"]));
  const safety = people.find((p) => p.email === "safety@demo.test");

  for (const [email, plan] of [
    ["driver@demo.test", JAKE],
    ["driver2@demo.test", ROSA],
  ] as const) {
    const driver = people.find((p) => p.email === email);
    if (!driver?.driverId || !driver.fullName) continue;
    const [gear] = await tx
      .select({
        vehicleId: assetAssignments.vehicleId,
        trailerId: assetAssignments.trailerId,
        unitNumber: vehicles.unitNumber,
        mileage: vehicles.mileage,
        identifier: trailers.identifier,
      })
      .from(assetAssignments)
      .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
      .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
      .where(and(eq(assetAssignments.driverId, driver.driverId), isNull(assetAssignments.endedAt)));
    if (!gear) continue;
    const today = gear.mileage || FALLBACK_ODOMETER[gear.unitNumber ?? ""] || 150_000;

    const rows = plan
      .filter((p) => (p.asset === "vehicle" ? gear.vehicleId : gear.trailerId))
      .map((p) => {
        const checklist = checklistFor(p.asset, p.defects);
        const inspectedAt = new Date(
          Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) -
            p.daysAgo * DAY +
            p.hour * HOUR,
        );
        // Today's early pre-trip may still be ahead on the clock: an hour ago at the latest.
        const at = inspectedAt.getTime() > now.getTime() ? new Date(now.getTime() - HOUR) : inspectedAt;
        return {
          plan: p,
          values: {
            assetType: p.asset,
            vehicleId: p.asset === "vehicle" ? gear.vehicleId : null,
            trailerId: p.asset === "trailer" ? gear.trailerId : null,
            type: p.type,
            overallStatus: p.status ?? "pass",
            inspectedAt: at,
            inspectorName: driver.fullName ?? "",
            driverId: driver.driverId,
            odometer:
              p.asset === "vehicle" ? today - p.daysAgo * MILES_PER_DAY - (p.hour > 18 ? 0 : 300) : null,
            location: p.location,
            checklist,
            failedItems: checklist.filter((e) => e.result === "fail").length,
            comments: p.comments ?? "",
            createdBy: driver.userId,
            createdAt: at,
            updatedAt: at,
          },
        };
      });
    if (!rows.length) continue;
    const inserted = await tx
      .insert(inspections)
      .values(rows.map((r) => r.values))
      .returning({ id: inspections.id });

    // The needs-repair report opened its maintenance item, as filing it in the app does.
    for (const [i, r] of rows.entries()) {
      if (r.values.overallStatus === "pass") continue;
      const item = await openMaintenanceItem(tx, {
        vehicleId: r.values.vehicleId,
        trailerId: r.values.trailerId,
        serviceType: "repair",
        notes: "",
        origin: {
          inspectionType: r.values.type,
          assetType: r.plan.asset,
          assetLabel: (r.plan.asset === "vehicle" ? gear.unitNumber : gear.identifier) ?? "",
          inspectedOn: r.values.inspectedAt.toISOString().slice(0, 10),
          inspectorName: driver.fullName,
          overallStatus: r.values.overallStatus,
          defects: r.values.checklist
            .filter((e) => e.result === "fail")
            .map((e) => ({ item: e.item, note: e.note })),
          comments: r.values.comments ?? "",
        },
        inspectionId: inserted[i].id,
        createdBy: driver.userId,
      });
      // Reported when the inspection was filed, not when the demo was seeded.
      await tx
        .update(maintenanceRecords)
        .set({
          serviceDate: r.values.inspectedAt.toISOString().slice(0, 10),
          createdAt: r.values.inspectedAt,
          updatedAt: r.values.inspectedAt,
        })
        .where(eq(maintenanceRecords.id, item.id));
    }
  }

  // The annual (periodic) inspections the maintenance log records as done, as the shop's reports,
  // filed by safety: the same day, odometer and shop.
  const annual = await tx
    .select({
      vehicleId: maintenanceRecords.vehicleId,
      trailerId: maintenanceRecords.trailerId,
      serviceDate: maintenanceRecords.serviceDate,
      odometer: maintenanceRecords.odometer,
      vendor: maintenanceRecords.vendor,
      notes: maintenanceRecords.notes,
    })
    .from(maintenanceRecords)
    .where(
      and(
        eq(maintenanceRecords.serviceType, "annual_inspection"),
        eq(maintenanceRecords.status, "completed"),
      ),
    );
  if (annual.length) {
    await tx.insert(inspections).values(
      annual.map((m) => {
        const asset: InspectionAssetType = m.vehicleId ? "vehicle" : "trailer";
        const at = new Date(`${m.serviceDate}T15:00:00Z`);
        return {
          assetType: asset,
          vehicleId: m.vehicleId,
          trailerId: m.vehicleId ? null : m.trailerId,
          type: "annual" as const,
          overallStatus: "pass" as const,
          inspectedAt: at,
          inspectorName: m.vendor || SHOP,
          driverId: null,
          odometer: m.vehicleId ? m.odometer : null,
          location: m.vendor || "",
          checklist: checklistFor(asset),
          failedItems: 0,
          comments: m.notes || "Periodic inspection per 49 CFR 396.17 passed.",
          createdBy: safety?.userId ?? null,
          createdAt: at,
          updatedAt: at,
        };
      }),
    );
  }
  // Readings never run ahead of the trucks' odometers.
  await tx
    .update(vehicles)
    .set({
      mileage: sql`greatest(${vehicles.mileage}, coalesce((select max(${inspections.odometer}) from ${inspections} where ${inspections.vehicleId} = ${vehicles.id}), 0))`,
    })
    .where(inArray(vehicles.unitNumber, ["101", "102"]));
}
