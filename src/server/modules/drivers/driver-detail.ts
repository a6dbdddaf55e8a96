import { can } from "@shared/access";
import { type DriverDetail, maskTaxId } from "@shared/drivers/management.schema";
import { and, asc, eq, isNull, type SQLWrapper, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  appUsers,
  assetAssignments,
  driverDocuments,
  driverRatings,
  files,
  loads,
  trailers,
  users,
  vehicles,
} from "../../db/schema";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { iso } from "../../http/pagination";
import { type DriverRow, findDriverRow, toDriverListItem } from "./drivers.repo";

/** The tax id as this caller may see it: whole for `drivers:taxId` roles, else `•••-••-1234`. */
export function taxIdFor(actor: Pick<Actor, "role">, taxId: string | null) {
  const whole = can(actor, "drivers:taxId");
  return { taxId: whole ? taxId : maskTaxId(taxId), taxIdMasked: !whole && !!taxId };
}

const joinWords = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ");

export async function documentsOf(db: Tx, driverId: string) {
  const rows = await db
    .select({
      id: driverDocuments.id,
      kind: driverDocuments.kind,
      fileName: files.fileName,
      contentType: files.contentType,
      size: files.size,
      uploadedByName: users.name,
      createdAt: driverDocuments.createdAt,
    })
    .from(driverDocuments)
    .innerJoin(files, eq(files.id, driverDocuments.fileId))
    .leftJoin(users, eq(users.id, driverDocuments.uploadedBy))
    .where(eq(driverDocuments.driverId, driverId))
    .orderBy(asc(driverDocuments.createdAt), asc(driverDocuments.id));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** Everything the profile's header and details show, in a handful of queries. */
export async function buildDriverDetail(db: Tx, actor: Actor, id: string): Promise<DriverDetail> {
  const driver = await findDriverRow(db, id);
  if (!driver) throw notFound("The driver");
  return detailOf(db, actor, driver);
}

async function detailOf(db: Tx, actor: Actor, d: DriverRow): Promise<DriverDetail> {
  const [account] = d.userId
    ? await db
        .select({
          email: users.email,
          banned: users.banned,
          mustChangePassword: appUsers.mustChangePassword,
          lastSignInAt: appUsers.lastSignInAt,
        })
        .from(users)
        .leftJoin(appUsers, eq(appUsers.userId, users.id))
        .where(eq(users.id, d.userId))
    : [];
  const [assignment] = await db
    .select({
      id: assetAssignments.id,
      unitNumber: vehicles.unitNumber,
      make: vehicles.make,
      model: vehicles.model,
      plateNumber: vehicles.plateNumber,
      identifier: trailers.identifier,
      trailerType: trailers.type,
      startedAt: assetAssignments.startedAt,
    })
    .from(assetAssignments)
    .leftJoin(vehicles, eq(vehicles.id, assetAssignments.vehicleId))
    .leftJoin(trailers, eq(trailers.id, assetAssignments.trailerId))
    .where(and(eq(assetAssignments.driverId, d.id), isNull(assetAssignments.endedAt)));
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${loads.status} in ('assigned', 'in_progress')))::int`,
      completed: sql<number>`(count(*) filter (where ${loads.status} = 'completed'))::int`,
    })
    .from(loads)
    .where(eq(loads.driverId, d.id));
  const avg = (col: SQLWrapper) => sql<string | null>`round(avg(${col}), 2)::text`;
  const [categories] = await db
    .select({
      punctuality: avg(driverRatings.punctuality),
      communication: avg(driverRatings.communication),
      safety: avg(driverRatings.safety),
      equipmentCare: avg(driverRatings.equipmentCare),
    })
    .from(driverRatings)
    .where(eq(driverRatings.driverId, d.id));

  return {
    ...toDriverListItem({
      driver: d,
      vehicleLabel: assignment?.unitNumber ?? null,
      trailerLabel: assignment?.identifier ?? null,
    }),
    ...taxIdFor(actor, d.taxId),
    insuranceProvider: d.insuranceProvider,
    insurancePolicyNumber: d.insurancePolicyNumber,
    defaultPayType: d.defaultPayType,
    defaultPayRate: d.defaultPayRate,
    workerType: d.workerType,
    mailingStreet: d.mailingStreet,
    mailingCity: d.mailingCity,
    mailingState: d.mailingState,
    mailingPostalCode: d.mailingPostalCode,
    taxFormsEconsent: d.taxFormsEconsent,
    taxFormsEconsentAt: iso(d.taxFormsEconsentAt),
    notes: d.notes,
    deactivatedAt: iso(d.deactivatedAt),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    account: account
      ? {
          email: account.email,
          disabled: !!account.banned,
          mustChangePassword: !!account.mustChangePassword,
          lastSignInAt: iso(account.lastSignInAt),
        }
      : null,
    currentAssignment: assignment
      ? {
          id: assignment.id,
          vehicleLabel: assignment.unitNumber,
          vehicleDescription: assignment.unitNumber
            ? joinWords(
                joinWords(assignment.make, assignment.model),
                assignment.plateNumber ? `· ${assignment.plateNumber}` : null,
              ) || null
            : null,
          trailerLabel: assignment.identifier,
          trailerType: assignment.trailerType,
          startedAt: assignment.startedAt.toISOString(),
        }
      : null,
    loadCounts: counts ?? { total: 0, active: 0, completed: 0 },
    ratingCategories: categories ?? {
      punctuality: null,
      communication: null,
      safety: null,
      equipmentCare: null,
    },
    documents: await documentsOf(db, d.id),
  };
}
