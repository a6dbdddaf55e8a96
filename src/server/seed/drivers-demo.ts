import { overallScore } from "@shared/drivers/ratings.schema";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { driverRatings, drivers, loadStatusEvents, loads, users } from "../db/schema";

/*
 * Completes the demo drivers of the dispatch demo: tax ids, licences (one expired, some expiring
 * soon so the warnings show), insurance, medical cards and hire dates; a few late deliveries; and
 * ratings on most completed loads, leaving each driver's latest delivery unrated so there is always
 * something to rate. Dates are relative to "now", like the dispatch demo's.
 */

type DriverKey = "jake" | "rosa" | "marcus" | "daniel" | "tyrone" | "emily";

const EMAILS: Record<DriverKey, string> = {
  jake: "driver@demo.test",
  rosa: "driver2@demo.test",
  marcus: "marcus.johnson@drivers.test",
  daniel: "daniel.kim@drivers.test",
  tyrone: "tyrone.brooks@drivers.test",
  emily: "emily.sanders@drivers.test",
};

interface Profile {
  taxId: string;
  licenseNumber: string;
  licenseState: string;
  /** Days from today. */
  licenseExpiresIn: number;
  medicalCardExpiresIn: number;
  insuranceProvider: string;
  insurancePolicyNumber: string;
  insuranceExpiresIn: number;
  hireDate: string;
  notes: string;
}

// biome-ignore format: one driver per block reads as a table
const PROFILES: Record<DriverKey, Profile> = {
  jake: {
    taxId: "412-58-7314", licenseNumber: "W425-6183-0245", licenseState: "IL", licenseExpiresIn: 18,
    medicalCardExpiresIn: 212, insuranceProvider: "Great West Casualty", insurancePolicyNumber: "GWC-OA-448120",
    insuranceExpiresIn: 141, hireDate: "2019-04-15",
    notes: "Prefers Midwest reefer lanes. Hazmat endorsement renewal in progress.",
  },
  rosa: {
    taxId: "36-4829175", licenseNumber: "M263-7751-9012", licenseState: "IL", licenseExpiresIn: 702,
    medicalCardExpiresIn: 9, insuranceProvider: "OOIDA Risk Retention Group", insurancePolicyNumber: "OOIDA-77120-R",
    insuranceExpiresIn: 296, hireDate: "2021-08-02",
    notes: "Owner-operator (EIN on file). Flatbed and steel experience; tarps her own loads.",
  },
  marcus: {
    taxId: "523-71-4086", licenseNumber: "J525-4420-8876", licenseState: "IL", licenseExpiresIn: -3,
    medicalCardExpiresIn: 388, insuranceProvider: "Great West Casualty", insurancePolicyNumber: "GWC-OA-448377",
    insuranceExpiresIn: 141, hireDate: "2017-11-06",
    notes: "Licence renewal appointment booked with the Secretary of State.",
  },
  daniel: {
    taxId: "318-40-2267", licenseNumber: "K530-1190-3345", licenseState: "IL", licenseExpiresIn: 455,
    medicalCardExpiresIn: 0, insuranceProvider: "Progressive Commercial", insurancePolicyNumber: "PGR-CA-1029384",
    insuranceExpiresIn: 27, hireDate: "2022-03-21",
    notes: "DOT physical scheduled today at the Joliet clinic.",
  },
  tyrone: {
    taxId: "604-25-9931", licenseNumber: "B612-0884-2719", licenseState: "IL", licenseExpiresIn: 1040,
    medicalCardExpiresIn: 530, insuranceProvider: "Great West Casualty", insurancePolicyNumber: "GWC-OA-449012",
    insuranceExpiresIn: 141, hireDate: "2020-06-29",
    notes: "",
  },
  emily: {
    taxId: "287-63-5150", licenseNumber: "S535-9021-6648", licenseState: "WI", licenseExpiresIn: 610,
    medicalCardExpiresIn: 176, insuranceProvider: "Zurich North America", insurancePolicyNumber: "ZNA-TR-5520871",
    insuranceExpiresIn: 58, hireDate: "2023-02-13",
    notes: "On vacation this week (approved).",
  },
};

const COMMENTS = {
  great: [
    "Early at the dock and kept the reefer log spotless. Customer asked for him again.",
    "Smooth run. Called ahead about the appointment and sent the POD right away.",
    "Professional with the receiver; the lumper crew finished in record time.",
    "Clean trailer on return, load secured perfectly.",
  ],
  good: [
    "On time and easy to reach. Paperwork was complete.",
    "Good trip. Minor delay at the shipper, but kept dispatch posted.",
    "Solid job, no issues reported by the customer.",
  ],
  late: [
    "Arrived over two hours after the appointment; receiver had to reschedule the door.",
    "Late delivery after a long stop; we only heard about it when we called.",
  ],
};

const DAY = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Runs inside the demo seed's transaction, after seedDispatchDemo. */
export async function seedDriversDemo(tx: Tx, now = new Date()): Promise<void> {
  const rows = await tx
    .select({ id: drivers.id, email: drivers.email, userEmail: users.email, licence: drivers.licenseNumber })
    .from(drivers)
    .leftJoin(users, eq(users.id, drivers.userId));
  const ids = {} as Record<DriverKey, string>;
  for (const key of Object.keys(EMAILS) as DriverKey[]) {
    const row = rows.find((r) => r.userEmail === EMAILS[key] || r.email === EMAILS[key]);
    if (row) ids[key] = row.id;
  }
  if (!ids.jake || !ids.rosa) return; // the demo accounts were not created
  if (rows.some((r) => r.id === ids.jake && r.licence)) return; // already completed

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const inDays = (n: number) => ymd(new Date(today + n * DAY));
  for (const key of Object.keys(ids) as DriverKey[]) {
    const p = PROFILES[key];
    await tx
      .update(drivers)
      .set({
        taxId: p.taxId,
        licenseNumber: p.licenseNumber,
        licenseState: p.licenseState,
        licenseExpiry: inDays(p.licenseExpiresIn),
        medicalCardExpiry: inDays(p.medicalCardExpiresIn),
        insuranceProvider: p.insuranceProvider,
        insurancePolicyNumber: p.insurancePolicyNumber,
        insuranceExpiry: inDays(p.insuranceExpiresIn),
        hireDate: p.hireDate,
        notes: p.notes,
      })
      .where(eq(drivers.id, ids[key]));
  }

  const staff = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.email, ["dispatcher@demo.test", "manager@demo.test"]));
  const raters = staff.length ? staff : [{ id: null, name: "Dispatch", email: "" }];

  // Completed loads, oldest delivery first per driver.
  const completed = await tx
    .select({
      id: loads.id,
      driverId: loads.driverId,
      deliveryAt: loads.deliveryAt,
      deliveredAt: loads.deliveredAt,
    })
    .from(loads)
    .where(and(eq(loads.status, "completed"), inArray(loads.driverId, Object.values(ids))))
    .orderBy(asc(loads.deliveredAt), asc(loads.id));

  const ratingRows: Array<typeof driverRatings.$inferInsert> = [];
  const lateLoads: Array<{ id: string; completedAt: Date }> = [];
  for (const [k, key] of (Object.keys(ids) as DriverKey[]).entries()) {
    const driverId = ids[key];
    const own = completed.filter((l) => l.driverId === driverId && l.deliveredAt);
    own.forEach((load, i) => {
      const deliveredAt = load.deliveredAt!;
      // Every fourth older delivery ran late: completed 2 h 15 min after the appointment.
      const late = i % 4 === 1 && now.getTime() - deliveredAt.getTime() > 8 * DAY;
      let completedAt = deliveredAt;
      if (late) completedAt = new Date(load.deliveryAt.getTime() + 135 * 60_000);
      if (late) lateLoads.push({ id: load.id, completedAt });
      // The latest delivery stays unrated: something to rate in the demo.
      if (i === own.length - 1) return;
      const seed = (i * 7 + k * 3) % 10;
      const scores = late
        ? { punctuality: 2, communication: seed % 2 ? 3 : 2, safety: 4, equipmentCare: 4 }
        : {
            punctuality: seed > 3 ? 5 : 4,
            communication: seed > 6 ? 5 : 4,
            safety: seed === 2 ? 4 : 5,
            equipmentCare: seed > 5 ? 5 : 4,
          };
      const pool = late ? COMMENTS.late : seed > 4 ? COMMENTS.great : COMMENTS.good;
      const rater = raters[i % raters.length];
      const ratedAt = new Date(Math.min(completedAt.getTime() + 20 * 3_600_000, now.getTime() - 3_600_000));
      ratingRows.push({
        driverId,
        loadId: load.id,
        ...scores,
        overall: overallScore(scores),
        comment: i % 5 === 3 ? "" : pool[i % pool.length],
        ratedBy: rater.id,
        ratedByName: rater.name,
        createdAt: ratedAt,
        updatedAt: ratedAt,
      });
    });
  }

  for (const late of lateLoads) {
    await tx.update(loads).set({ deliveredAt: late.completedAt }).where(eq(loads.id, late.id));
    await tx
      .update(loadStatusEvents)
      .set({ createdAt: late.completedAt })
      .where(and(eq(loadStatusEvents.loadId, late.id), eq(loadStatusEvents.toStatus, "completed")));
  }
  if (ratingRows.length) await tx.insert(driverRatings).values(ratingRows);
  await tx.execute(sql`
    update ${drivers} d set
      rating_average = r.average,
      rating_count = r.n
    from (select driver_id, round(avg(overall), 2) as average, count(*)::int as n
          from ${driverRatings} group by driver_id) r
    where d.id = r.driver_id`);
}
