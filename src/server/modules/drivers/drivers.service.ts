import { can } from "@shared/access";
import type { Assignment } from "@shared/assignments/assignments.schema";
import type { TimeOff } from "@shared/calendar/time-off.schema";
import type { DriverManualStatus } from "@shared/drivers/drivers.schema";
import { EXPIRY_WARNING_DAYS } from "@shared/drivers/expiry";
import {
  type CreateDriverValues,
  DRIVER_HAS_ACTIVE_LOADS_MESSAGE,
  DRIVER_HAS_LOADS_MESSAGE,
  type DriverDetail,
  type DriverListQuery,
  type DriverPage,
  type UpdateDriverValues,
} from "@shared/drivers/management.schema";
import { aliasedTable, and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  assetAssignments,
  driverDocuments,
  drivers,
  files,
  loadInterests,
  loads,
  sessions,
  timeOffRequests,
  users,
} from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, forbidden, notFound } from "../../http/errors";
import { iso, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { assignmentHistoryOf } from "../assignments/assignment-rows";
import { createAccount, hashPassword } from "../auth/accounts";
import { buildDriverDetail, driverDetailJson } from "./driver-detail";
import { recomputeDriverStatuses } from "./driver-status";
import {
  countDrivers,
  type DriverRow,
  driverListCondition,
  driverListOrder,
  findDriverRow,
  selectDriverItems,
  toDriverListItem,
  utcToday,
} from "./drivers.repo";

/** Why a deactivated driver's account cannot sign in (reactivating lifts only this ban). */
export const DRIVER_DEACTIVATED_REASON = "Driver deactivated";

/** The columns a create or an edit writes from the form (the tax id only when one was sent). */
function formColumns(input: UpdateDriverValues): Partial<typeof drivers.$inferInsert> {
  return {
    fullName: input.fullName,
    phone: input.phone,
    email: input.email,
    ...(input.taxId !== undefined ? { taxId: input.taxId } : {}),
    licenseNumber: input.licenseNumber,
    licenseState: input.licenseState,
    licenseExpiry: input.licenseExpiry,
    insuranceProvider: input.insuranceProvider,
    insurancePolicyNumber: input.insurancePolicyNumber,
    insuranceExpiry: input.insuranceExpiry,
    medicalCardExpiry: input.medicalCardExpiry,
    hireDate: input.hireDate,
    defaultPayType: input.defaultPayType,
    defaultPayRate: input.defaultPayRate,
    notes: input.notes,
    ...defined({
      workerType: input.workerType,
      mailingStreet: input.mailingStreet,
      mailingCity: input.mailingCity,
      mailingState: input.mailingState,
      mailingPostalCode: input.mailingPostalCode,
    }),
    ...defined({ taxFormsEconsent: input.taxFormsEconsent }),
  };
}

/** The fields an edit sent (an absent one keeps what is on file). */
const defined = <T extends Record<string, unknown>>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

const reviewer = aliasedTable(users, "reviewer");

export function createDriversService(deps: Deps) {
  const { db, storage } = deps;

  async function lockDriver(tx: Tx, id: string): Promise<DriverRow> {
    const driver = await findDriverRow(tx, id, true);
    if (!driver) throw notFound("The driver");
    return driver;
  }

  async function requireDriver(id: string): Promise<DriverRow> {
    const driver = await findDriverRow(db, id);
    if (!driver) throw notFound("The driver");
    return driver;
  }

  /**
   * Creates the driver's sign-in account (role driver) and links it. `createAccount` attaches a fresh
   * drivers row to every new driver account; this driver is that record instead, so the fresh one goes.
   */
  async function attachAccount(
    tx: Tx,
    driver: Pick<DriverRow, "id" | "fullName" | "phone">,
    email: string,
    passwordHash: string,
  ): Promise<string> {
    const userId = await createAccount(tx, {
      name: driver.fullName,
      email,
      role: "driver",
      passwordHash,
      mustChangePassword: true,
      phone: driver.phone,
    });
    await tx.delete(drivers).where(and(eq(drivers.userId, userId), ne(drivers.id, driver.id)));
    await tx.update(drivers).set({ userId }).where(eq(drivers.id, driver.id));
    return userId;
  }

  return {
    async list(query: DriverListQuery): Promise<DriverPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = driverListCondition(filter, utcToday(), EXPIRY_WARNING_DAYS);
      const rows = await selectDriverItems(db)
        .where(cond)
        .orderBy(...driverListOrder(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const total = await countDrivers(db, cond);
      return toPage(rows.map(toDriverListItem), total, { page, pageSize });
    },

    get: (actor: Actor, id: string) => buildDriverDetail(db, actor, id),
    /** The profile as JSON text PostgreSQL wrote: the page's read (issue 42, target 4). */
    getJson: (actor: Actor, id: string) => driverDetailJson(db, actor, id),

    /** A driver, and with `createAccount` their sign-in account, in one transaction. */
    async create(actor: Actor, input: CreateDriverValues): Promise<DriverDetail> {
      if (input.createAccount && !can(actor, "drivers:accounts")) {
        throw forbidden("You cannot create sign-in accounts.");
      }
      const passwordHash = input.createAccount ? await hashPassword(input.password ?? "") : null;
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(drivers)
          .values({
            ...formColumns(input),
            fullName: input.fullName,
            taxId: input.taxId ?? null,
            taxFormsEconsentAt: input.taxFormsEconsent ? new Date() : null,
          })
          .returning();
        if (passwordHash && input.email) await attachAccount(tx, row, input.email, passwordHash);
        await recordAudit(tx, actor, {
          action: "driver.created",
          targetType: "driver",
          targetId: row.id,
          targetLabel: row.fullName,
          details: { withAccount: !!passwordHash },
        });
        return row.id;
      });
      return buildDriverDetail(db, actor, id);
    },

    async update(actor: Actor, id: string, input: UpdateDriverValues): Promise<DriverDetail> {
      await db.transaction(async (tx) => {
        const driver = await lockDriver(tx, id);
        await tx
          .update(drivers)
          .set({
            ...formColumns(input),
            // When consent to electronic tax forms was given, kept while it stands.
            ...(input.taxFormsEconsent === undefined
              ? {}
              : {
                  taxFormsEconsentAt: input.taxFormsEconsent
                    ? sql`coalesce(${drivers.taxFormsEconsentAt}, now())`
                    : null,
                }),
          })
          .where(eq(drivers.id, id));
        // The account's display name follows the driver's name.
        if (driver.userId && driver.fullName !== input.fullName) {
          await tx.update(users).set({ name: input.fullName }).where(eq(users.id, driver.userId));
        }
        await recordAudit(tx, actor, {
          action: "driver.updated",
          targetType: "driver",
          targetId: id,
          targetLabel: input.fullName,
          details: input.taxId !== undefined ? { taxIdChanged: true } : undefined,
        });
      });
      return buildDriverDetail(db, actor, id);
    },

    /** Staff's status; the automation's busy (active loads) and off duty (approved time off) still win. */
    async setStatus(actor: Actor, id: string, status: DriverManualStatus): Promise<DriverDetail> {
      await db.transaction(async (tx) => {
        const driver = await lockDriver(tx, id);
        await tx.update(drivers).set({ manualStatus: status }).where(eq(drivers.id, id));
        await recomputeDriverStatuses(tx, [id]);
        await recordAudit(tx, actor, {
          action: "driver.status_set",
          targetType: "driver",
          targetId: id,
          targetLabel: driver.fullName,
          details: { from: driver.manualStatus, to: status },
        });
      });
      return buildDriverDetail(db, actor, id);
    },

    async createAccount(
      actor: Actor,
      id: string,
      input: { email: string; password: string },
    ): Promise<DriverDetail> {
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const driver = await lockDriver(tx, id);
        if (driver.userId) throw conflict("This driver already has a sign-in account.", "HAS_ACCOUNT");
        if (!driver.active) throw conflict("Reactivate the driver first.", "DRIVER_INACTIVE");
        await attachAccount(tx, driver, input.email, passwordHash);
        if (!driver.email) await tx.update(drivers).set({ email: input.email }).where(eq(drivers.id, id));
        await recordAudit(tx, actor, {
          action: "driver.account_created",
          targetType: "driver",
          targetId: id,
          targetLabel: driver.fullName,
          details: { email: input.email },
        });
      });
      return buildDriverDetail(db, actor, id);
    },

    /**
     * Leaves the pickers and the load board, ends the open asset assignment and disables the
     * account (its sessions end at once). Not while the driver has assigned or in-progress loads.
     */
    async deactivate(actor: Actor, id: string): Promise<DriverDetail> {
      await db.transaction(async (tx) => {
        const driver = await lockDriver(tx, id);
        if (!driver.active) return;
        const [active] = await tx
          .select({ id: loads.id })
          .from(loads)
          .where(and(eq(loads.driverId, id), inArray(loads.status, ["assigned", "in_progress"])))
          .limit(1);
        if (active) throw conflict(DRIVER_HAS_ACTIVE_LOADS_MESSAGE, "DRIVER_HAS_ACTIVE_LOADS");
        const now = new Date();
        await tx.update(drivers).set({ active: false, deactivatedAt: now }).where(eq(drivers.id, id));
        await tx
          .update(assetAssignments)
          .set({ endedAt: now })
          .where(and(eq(assetAssignments.driverId, id), isNull(assetAssignments.endedAt)));
        await tx.delete(loadInterests).where(eq(loadInterests.driverId, id));
        if (driver.userId) {
          await tx
            .update(users)
            .set({ banned: true, banReason: DRIVER_DEACTIVATED_REASON, banExpires: null })
            .where(eq(users.id, driver.userId));
          await tx.delete(sessions).where(eq(sessions.userId, driver.userId));
        }
        await recordAudit(tx, actor, {
          action: "driver.deactivated",
          targetType: "driver",
          targetId: id,
          targetLabel: driver.fullName,
        });
      });
      return buildDriverDetail(db, actor, id);
    },

    /** Back in the pickers; the account signs in again unless an admin disabled it separately. */
    async reactivate(actor: Actor, id: string): Promise<DriverDetail> {
      await db.transaction(async (tx) => {
        const driver = await lockDriver(tx, id);
        if (driver.active) return;
        await tx.update(drivers).set({ active: true, deactivatedAt: null }).where(eq(drivers.id, id));
        if (driver.userId) {
          await tx
            .update(users)
            .set({ banned: false, banReason: null })
            .where(and(eq(users.id, driver.userId), eq(users.banReason, DRIVER_DEACTIVATED_REASON)));
        }
        await recordAudit(tx, actor, {
          action: "driver.reactivated",
          targetType: "driver",
          targetId: id,
          targetLabel: driver.fullName,
        });
      });
      return buildDriverDetail(db, actor, id);
    },

    /**
     * Deletes a driver with no loads on record (409 DRIVER_HAS_LOADS otherwise: deactivate instead),
     * with their documents and sign-in account.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      const storageKeys = await db.transaction(async (tx) => {
        const driver = await lockDriver(tx, id);
        const [load] = await tx.select({ id: loads.id }).from(loads).where(eq(loads.driverId, id)).limit(1);
        if (load) throw conflict(DRIVER_HAS_LOADS_MESSAGE, "DRIVER_HAS_LOADS");
        const docs = await tx
          .select({ fileId: files.id, storageKey: files.storageKey })
          .from(driverDocuments)
          .innerJoin(files, eq(files.id, driverDocuments.fileId))
          .where(eq(driverDocuments.driverId, id));
        await recordAudit(tx, actor, {
          action: "driver.deleted",
          targetType: "driver",
          targetId: id,
          targetLabel: driver.fullName,
          details: { hadAccount: !!driver.userId },
        });
        // Documents, assignments, time off, interests and ratings cascade with the driver.
        await tx.delete(drivers).where(eq(drivers.id, id));
        if (docs.length) {
          await tx.delete(files).where(
            inArray(
              files.id,
              docs.map((d) => d.fileId),
            ),
          );
        }
        if (driver.userId) await tx.delete(users).where(eq(users.id, driver.userId));
        return docs.map((d) => d.storageKey);
      });
      // Bytes go only once the rows are gone for good.
      for (const key of storageKeys) await storage.remove(key);
    },

    /** The driver's time-off requests, latest first. */
    async timeOff(id: string): Promise<TimeOff[]> {
      const driver = await requireDriver(id);
      const rows = await db
        .select({
          id: timeOffRequests.id,
          startDate: timeOffRequests.startDate,
          endDate: timeOffRequests.endDate,
          reason: timeOffRequests.reason,
          status: timeOffRequests.status,
          reviewedByName: reviewer.name,
          reviewedAt: timeOffRequests.reviewedAt,
          reviewNote: timeOffRequests.reviewNote,
          createdAt: timeOffRequests.createdAt,
        })
        .from(timeOffRequests)
        .leftJoin(reviewer, eq(reviewer.id, timeOffRequests.reviewedBy))
        .where(eq(timeOffRequests.driverId, id))
        .orderBy(desc(timeOffRequests.startDate), desc(timeOffRequests.createdAt));
      return rows.map((r) => ({
        ...r,
        driverId: id,
        driverName: driver.fullName,
        reviewedAt: iso(r.reviewedAt),
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /** Every vehicle and trailer the driver has had, the open assignment first. */
    async assignments(id: string): Promise<Assignment[]> {
      const driver = await requireDriver(id);
      return assignmentHistoryOf(db, driver.id);
    },
  };
}

export type DriversService = ReturnType<typeof createDriversService>;
