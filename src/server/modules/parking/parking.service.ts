import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import {
  type ExpenseFilter,
  type ExpensePage,
  type expenseExportQuerySchema,
  type expenseListQuerySchema,
  type ParkingExpense,
  type ParkingExpenseValues,
  type ParkingReservation,
  type ParkingReservationValues,
  parkingExpenseInputSchema,
  RESERVATION_OVERLAP_CODE,
  type ReservationConflict,
  type ReservationFilter,
  type ReservationPage,
  type reservationExportQuerySchema,
  type reservationListQuerySchema,
} from "@shared/parking/parking.schema";
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { drivers, files, parkingExpenses, parkingReservations, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound, validationError } from "../../http/errors";
import { ensureExportFits } from "../../http/export";
import { chosenFile, readStored } from "../../http/files";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { dayAfter, dayStart } from "../../platform/company-day";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { postToLedger, withdrawFromLedger } from "../accounting/ledger-posting";

const utc = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

/** The PostgreSQL error of a broken exclusion constraint (overlapping reservations). */
export function exclusionViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23P01") return true;
  }
  return false;
}

async function assertVehicle(tx: Tx, vehicleId: string | null) {
  if (!vehicleId) return;
  const [v] = await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId));
  if (!v)
    throw badRequest("That vehicle no longer exists.", {
      fields: { vehicleId: "That vehicle no longer exists." },
    });
}
async function assertDriver(tx: Tx, driverId: string | null) {
  if (!driverId) return;
  const [d] = await tx.select({ id: drivers.id }).from(drivers).where(eq(drivers.id, driverId));
  if (!d)
    throw badRequest("That driver no longer exists.", {
      fields: { driverId: "That driver no longer exists." },
    });
}

// ---- Expenses

function expenseCondition(filter: Omit<ExpenseFilter, "sort" | "dir">): SQL | undefined {
  const where: SQL[] = [];
  if (filter.paymentMethod) where.push(eq(parkingExpenses.paymentMethod, filter.paymentMethod));
  if (filter.vehicleId) where.push(eq(parkingExpenses.vehicleId, filter.vehicleId));
  if (filter.driverId) where.push(eq(parkingExpenses.driverId, filter.driverId));
  if (filter.from) where.push(gte(parkingExpenses.date, filter.from));
  if (filter.to) where.push(sql`${parkingExpenses.date} <= ${filter.to}`);
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        ilike(parkingExpenses.location, p),
        ilike(parkingExpenses.notes, p),
        ilike(vehicles.unitNumber, p),
        ilike(drivers.fullName, p),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

function expenseOrder(sort: ExpenseFilter["sort"], dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tie = [desc(parkingExpenses.date), desc(parkingExpenses.createdAt), desc(parkingExpenses.id)];
  switch (sort) {
    case "date":
      return [by(parkingExpenses.date), by(parkingExpenses.createdAt), by(parkingExpenses.id)];
    case "amount":
      return [by(parkingExpenses.amount), ...tie];
    case "location":
      return [by(sql`lower(${parkingExpenses.location})`), ...tie];
  }
}

const selectExpenses = (db: Tx) =>
  db
    .select({
      id: parkingExpenses.id,
      location: parkingExpenses.location,
      paymentMethod: parkingExpenses.paymentMethod,
      amount: parkingExpenses.amount,
      date: parkingExpenses.date,
      vehicleId: parkingExpenses.vehicleId,
      vehicleLabel: vehicles.unitNumber,
      driverId: parkingExpenses.driverId,
      driverName: drivers.fullName,
      notes: parkingExpenses.notes,
      receiptFileName: files.fileName,
      receiptContentType: files.contentType,
      receiptSize: files.size,
      createdAt: parkingExpenses.createdAt,
    })
    .from(parkingExpenses)
    .leftJoin(vehicles, eq(vehicles.id, parkingExpenses.vehicleId))
    .leftJoin(drivers, eq(drivers.id, parkingExpenses.driverId))
    .leftJoin(files, eq(files.id, parkingExpenses.receiptFileId));
type ExpenseRow = Awaited<ReturnType<typeof selectExpenses>>[number];

const expenseDto = ({
  receiptFileName,
  receiptContentType,
  receiptSize,
  ...r
}: ExpenseRow): ParkingExpense => ({
  ...r,
  receipt:
    receiptFileName && receiptContentType && receiptSize !== null
      ? { fileName: receiptFileName, contentType: receiptContentType, size: receiptSize }
      : null,
  createdAt: r.createdAt.toISOString(),
});

const PAYMENT_LABELS = {
  card: "Credit or debit card",
  cash: "Cash",
  mobile_app: "Mobile app",
  invoice: "Invoice",
};
const EXPENSE_COLUMNS: Column<ExpenseRow>[] = [
  { header: "Date", value: (r) => r.date, width: 12 },
  { header: "Location or company", value: (r) => r.location, width: 32 },
  { header: "Payment method", value: (r) => PAYMENT_LABELS[r.paymentMethod], width: 20 },
  { header: "Amount", value: (r) => Number(r.amount), width: 10 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Receipt", value: (r) => r.receiptFileName, width: 24 },
  { header: "Notes", value: (r) => r.notes, width: 32 },
];

// ---- Reservations

function reservationCondition(filter: Omit<ReservationFilter, "sort" | "dir">, now: Date): SQL | undefined {
  const where: SQL[] = [];
  if (filter.state === "upcoming") where.push(gte(parkingReservations.endsAt, now));
  if (filter.state === "past") where.push(lt(parkingReservations.endsAt, now));
  if (filter.vehicleId) where.push(eq(parkingReservations.vehicleId, filter.vehicleId));
  // A period keeps the reservations that overlap it.
  // Days of UTC, counted by PostgreSQL (the day after 9999-12-31 is a year JavaScript writes and PostgreSQL cannot read).
  if (filter.from) where.push(gte(parkingReservations.endsAt, dayStart(filter.from, "UTC")));
  if (filter.to) where.push(lt(parkingReservations.startsAt, dayAfter(filter.to, "UTC")));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        ilike(parkingReservations.location, p),
        ilike(parkingReservations.notes, p),
        ilike(vehicles.unitNumber, p),
        ilike(drivers.fullName, p),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

function reservationOrder(filter: ReservationFilter): SQL[] {
  const sort = filter.sort ?? "startsAt";
  const dir = filter.dir ?? (filter.state === "upcoming" ? "asc" : "desc");
  const by = dir === "asc" ? asc : desc;
  const tie = [asc(parkingReservations.startsAt), asc(parkingReservations.id)];
  switch (sort) {
    case "startsAt":
      return [by(parkingReservations.startsAt), by(parkingReservations.id)];
    case "endsAt":
      return [by(parkingReservations.endsAt), ...tie];
    case "cost":
      return [by(parkingReservations.cost), ...tie];
    case "location":
      return [by(sql`lower(${parkingReservations.location})`), ...tie];
  }
}

const selectReservations = (db: Tx) =>
  db
    .select({
      id: parkingReservations.id,
      location: parkingReservations.location,
      startsAt: parkingReservations.startsAt,
      endsAt: parkingReservations.endsAt,
      cost: parkingReservations.cost,
      notes: parkingReservations.notes,
      vehicleId: parkingReservations.vehicleId,
      vehicleLabel: vehicles.unitNumber,
      driverId: parkingReservations.driverId,
      driverName: drivers.fullName,
      createdAt: parkingReservations.createdAt,
    })
    .from(parkingReservations)
    .leftJoin(vehicles, eq(vehicles.id, parkingReservations.vehicleId))
    .leftJoin(drivers, eq(drivers.id, parkingReservations.driverId));
type ReservationRow = Awaited<ReturnType<typeof selectReservations>>[number];

const reservationDto = (r: ReservationRow): ParkingReservation => ({
  ...r,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

const RESERVATION_COLUMNS: Column<ReservationRow>[] = [
  { header: "Starts (UTC)", value: (r) => utc(r.startsAt), width: 18 },
  { header: "Ends (UTC)", value: (r) => utc(r.endsAt), width: 18 },
  { header: "Location", value: (r) => r.location, width: 32 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Cost", value: (r) => Number(r.cost), width: 10 },
  { header: "Notes", value: (r) => r.notes, width: 32 },
];

export function createParkingService(deps: Deps) {
  const { db, storage } = deps;

  async function expense(tx: Tx, id: string) {
    const [row] = await selectExpenses(tx).where(eq(parkingExpenses.id, id));
    if (!row) throw notFound("The parking expense");
    return expenseDto(row);
  }
  async function reservation(tx: Tx, id: string) {
    const [row] = await selectReservations(tx).where(eq(parkingReservations.id, id));
    if (!row) throw notFound("The reservation");
    return reservationDto(row);
  }

  function parseExpense(raw: Record<string, unknown>): ParkingExpenseValues {
    const parsed = parkingExpenseInputSchema.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }

  /** The reservation of this vehicle that overlaps [startsAt, endsAt), if any (half-open: touching is fine). */
  async function overlapping(
    tx: Tx,
    values: { vehicleId: string; startsAt: Date; endsAt: Date },
    exceptId?: string,
  ): Promise<ReservationConflict | null> {
    const [row] = await selectReservations(tx)
      .where(
        and(
          eq(parkingReservations.vehicleId, values.vehicleId),
          lt(parkingReservations.startsAt, values.endsAt),
          sql`${parkingReservations.endsAt} > ${values.startsAt}`,
          exceptId ? sql`${parkingReservations.id} <> ${exceptId}` : undefined,
        ),
      )
      .orderBy(asc(parkingReservations.startsAt))
      .limit(1);
    return row
      ? {
          id: row.id,
          location: row.location,
          startsAt: row.startsAt.toISOString(),
          endsAt: row.endsAt.toISOString(),
          vehicleLabel: row.vehicleLabel,
        }
      : null;
  }

  function overlapError(found: ReservationConflict) {
    const truck = found.vehicleLabel ? `Truck ${found.vehicleLabel}` : "This vehicle";
    const message = `${truck} already has a parking reservation at ${found.location} that overlaps these times.`;
    return conflict(message, RESERVATION_OVERLAP_CODE, {
      conflict: found,
      fields: { startsAt: message, endsAt: message },
    });
  }

  /** Saves a reservation; the service's check names the clash, the exclusion constraint settles a race. */
  async function saveReservation(actor: Actor, values: ParkingReservationValues, id?: string) {
    const row = {
      location: values.location,
      startsAt: new Date(values.startsAt),
      endsAt: new Date(values.endsAt),
      cost: values.cost,
      notes: values.notes,
      vehicleId: values.vehicleId,
      driverId: values.driverId,
    };
    try {
      const savedId = await db.transaction(async (tx) => {
        if (id) {
          const [current] = await tx
            .select({ id: parkingReservations.id })
            .from(parkingReservations)
            .where(eq(parkingReservations.id, id))
            .for("update");
          if (!current) throw notFound("The reservation");
        }
        await assertVehicle(tx, values.vehicleId);
        await assertDriver(tx, values.driverId);
        const clash = await overlapping(tx, row, id);
        if (clash) throw overlapError(clash);
        let targetId = id;
        if (id) {
          await tx.update(parkingReservations).set(row).where(eq(parkingReservations.id, id));
        } else {
          const [created] = await tx
            .insert(parkingReservations)
            .values({ ...row, createdBy: actor.userId })
            .returning({ id: parkingReservations.id });
          targetId = created.id;
        }
        await recordAudit(tx, actor, {
          action: id ? "parking.reservation_updated" : "parking.reservation_created",
          targetType: "parking_reservation",
          targetId,
          targetLabel: values.location,
          details: { startsAt: values.startsAt, endsAt: values.endsAt, cost: values.cost },
        });
        return targetId as string;
      });
      return reservation(db, savedId);
    } catch (err) {
      if (exclusionViolation(err)) {
        const clash = await overlapping(db, row, id);
        if (clash) throw overlapError(clash);
        throw conflict("This vehicle already has a reservation at these times.", RESERVATION_OVERLAP_CODE);
      }
      throw err;
    }
  }

  return {
    // ---- Expenses
    async listExpenses(query: z.infer<typeof expenseListQuerySchema>): Promise<ExpensePage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = expenseCondition(filter);
      const [summary] = await db
        .select({
          total: count(),
          amount: sql<string>`coalesce(sum(${parkingExpenses.amount}), 0)::numeric(14,2)::text`,
        })
        .from(parkingExpenses)
        .leftJoin(vehicles, eq(vehicles.id, parkingExpenses.vehicleId))
        .leftJoin(drivers, eq(drivers.id, parkingExpenses.driverId))
        .where(cond);
      const rows = await selectExpenses(db)
        .where(cond)
        .orderBy(...expenseOrder(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      return {
        ...toPage(rows.map(expenseDto), summary.total, { page, pageSize }),
        totalAmount: summary.amount,
      };
    },

    getExpense: (id: string) => expense(db, id),

    /** Creates (no id) or edits an expense; a new receipt replaces the old one, `removeReceipt` drops it. */
    async saveExpense(actor: Actor, raw: Record<string, unknown>, id?: string): Promise<ParkingExpense> {
      const values = parseExpense(raw);
      const receipt = chosenFile(raw.receipt);
      const dropReceipt = raw.removeReceipt === "true";
      const { savedId, oldKey } = await db.transaction(async (tx) => {
        let previousFileId: string | null = null;
        if (id) {
          const [current] = await tx
            .select({ receiptFileId: parkingExpenses.receiptFileId })
            .from(parkingExpenses)
            .where(eq(parkingExpenses.id, id))
            .for("update");
          if (!current) throw notFound("The parking expense");
          previousFileId = current.receiptFileId;
        }
        await assertVehicle(tx, values.vehicleId);
        await assertDriver(tx, values.driverId);
        const stored = receipt
          ? await storage.save(
              tx,
              receipt,
              { maxBytes: RECEIPT_MAX_BYTES, allowedTypes: RECEIPT_TYPES },
              actor.userId,
            )
          : null;
        const replaceFile = !!stored || dropReceipt;
        const row = {
          location: values.location,
          paymentMethod: values.paymentMethod,
          amount: values.amount,
          date: values.date,
          vehicleId: values.vehicleId,
          driverId: values.driverId,
          notes: values.notes,
          ...(replaceFile ? { receiptFileId: stored?.id ?? null } : {}),
        };
        let targetId = id;
        if (id) {
          await tx.update(parkingExpenses).set(row).where(eq(parkingExpenses.id, id));
        } else {
          const [created] = await tx
            .insert(parkingExpenses)
            .values({ ...row, createdBy: actor.userId })
            .returning({ id: parkingExpenses.id });
          targetId = created.id;
        }
        await postToLedger(tx, {
          source: "parking_expense",
          sourceId: targetId as string,
          occurredOn: values.date,
          direction: "expense",
          category: "parking",
          amount: values.amount,
          counterparty: values.location,
          paymentMethod: values.paymentMethod,
          notes: values.notes,
          vehicleId: values.vehicleId,
          driverId: values.driverId,
          receiptFileId: replaceFile ? (stored?.id ?? null) : previousFileId,
          userId: actor.userId,
        });
        let oldStorageKey: string | null = null;
        if (replaceFile && previousFileId) {
          const [old] = await tx
            .delete(files)
            .where(eq(files.id, previousFileId))
            .returning({ key: files.storageKey });
          oldStorageKey = old?.key ?? null;
        }
        await recordAudit(tx, actor, {
          action: id ? "parking.expense_updated" : "parking.expense_created",
          targetType: "parking_expense",
          targetId,
          targetLabel: values.location,
          details: {
            amount: values.amount,
            paymentMethod: values.paymentMethod,
            receipt: stored?.fileName ?? null,
          },
        });
        return { savedId: targetId as string, oldKey: oldStorageKey };
      });
      if (oldKey) await storage.remove(oldKey);
      return expense(db, savedId);
    },

    async removeExpense(actor: Actor, id: string): Promise<void> {
      const key = await db.transaction(async (tx) => {
        const [row] = await tx.delete(parkingExpenses).where(eq(parkingExpenses.id, id)).returning({
          location: parkingExpenses.location,
          amount: parkingExpenses.amount,
          fileId: parkingExpenses.receiptFileId,
        });
        if (!row) throw notFound("The parking expense");
        await withdrawFromLedger(tx, "parking_expense", id, actor.userId);
        let storageKey: string | null = null;
        if (row.fileId) {
          const [f] = await tx
            .delete(files)
            .where(eq(files.id, row.fileId))
            .returning({ key: files.storageKey });
          storageKey = f?.key ?? null;
        }
        await recordAudit(tx, actor, {
          action: "parking.expense_deleted",
          targetType: "parking_expense",
          targetId: id,
          targetLabel: row.location,
          details: { amount: row.amount },
        });
        return storageKey;
      });
      if (key) await storage.remove(key);
    },

    async expenseReceipt(id: string) {
      const [row] = await db
        .select({ fileName: files.fileName, contentType: files.contentType, storageKey: files.storageKey })
        .from(parkingExpenses)
        .innerJoin(files, eq(files.id, parkingExpenses.receiptFileId))
        .where(eq(parkingExpenses.id, id));
      if (!row) throw notFound("The receipt");
      return {
        bytes: await readStored(storage, row.storageKey, "The receipt's content"),
        fileName: row.fileName,
        contentType: row.contentType,
      };
    },

    async exportExpenses(query: z.infer<typeof expenseExportQuerySchema>) {
      const { format, sort, dir, ...filter } = query;
      const cond = expenseCondition(filter);
      const [{ total }] = await db
        .select({ total: count() })
        .from(parkingExpenses)
        .leftJoin(vehicles, eq(vehicles.id, parkingExpenses.vehicleId))
        .leftJoin(drivers, eq(drivers.id, parkingExpenses.driverId))
        .where(cond);
      ensureExportFits(total, "expenses");
      const rows = await selectExpenses(db)
        .where(cond)
        .orderBy(...expenseOrder(sort, dir));
      return sheetFile(rows, EXPENSE_COLUMNS, format, {
        file: "parking-expenses",
        sheet: "Parking expenses",
      });
    },

    // ---- Reservations
    async listReservations(query: z.infer<typeof reservationListQuerySchema>): Promise<ReservationPage> {
      const { page, pageSize, ...filter } = query;
      const cond = reservationCondition(filter, new Date());
      const [summary] = await db
        .select({
          total: count(),
          cost: sql<string>`coalesce(sum(${parkingReservations.cost}), 0)::numeric(14,2)::text`,
        })
        .from(parkingReservations)
        .leftJoin(vehicles, eq(vehicles.id, parkingReservations.vehicleId))
        .leftJoin(drivers, eq(drivers.id, parkingReservations.driverId))
        .where(cond);
      const rows = await selectReservations(db)
        .where(cond)
        .orderBy(...reservationOrder(filter))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      return {
        ...toPage(rows.map(reservationDto), summary.total, { page, pageSize }),
        totalCost: summary.cost,
      };
    },

    getReservation: (id: string) => reservation(db, id),
    createReservation: (actor: Actor, values: ParkingReservationValues) => saveReservation(actor, values),
    updateReservation: (actor: Actor, id: string, values: ParkingReservationValues) =>
      saveReservation(actor, values, id),

    async removeReservation(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(parkingReservations)
          .where(eq(parkingReservations.id, id))
          .returning({ location: parkingReservations.location, startsAt: parkingReservations.startsAt });
        if (!row) throw notFound("The reservation");
        await recordAudit(tx, actor, {
          action: "parking.reservation_deleted",
          targetType: "parking_reservation",
          targetId: id,
          targetLabel: row.location,
          details: { startsAt: row.startsAt.toISOString() },
        });
      });
    },

    async exportReservations(query: z.infer<typeof reservationExportQuerySchema>) {
      const { format, ...filter } = query;
      const cond = reservationCondition(filter, new Date());
      const [{ total }] = await db
        .select({ total: count() })
        .from(parkingReservations)
        .leftJoin(vehicles, eq(vehicles.id, parkingReservations.vehicleId))
        .leftJoin(drivers, eq(drivers.id, parkingReservations.driverId))
        .where(cond);
      ensureExportFits(total, "reservations");
      const rows = await selectReservations(db)
        .where(cond)
        .orderBy(...reservationOrder(filter));
      return sheetFile(rows, RESERVATION_COLUMNS, format, {
        file: "parking-reservations",
        sheet: "Parking reservations",
      });
    },
  };
}
