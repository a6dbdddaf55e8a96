import {
  BILL_LEDGER_CATEGORY,
  BILL_MESSAGES,
  type Bill,
  type BillListQuery,
  type BillPage,
  type BillValues,
  daysBetween,
  nthDueDate,
  type PayBillValues,
  UPCOMING_BILLS_DAYS,
} from "@shared/accounting/bills.schema";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { billPayments, bills, users, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound, uniqueViolation } from "../../http/errors";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { notifyRoles } from "../../platform/notifications/notify";
import { companyDay, postToLedger, withdrawFromLedger } from "./ledger-posting";

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The last day of the upcoming window: today and the next six days make seven (spec section 9). */
export const upcomingUntil = (today: string) => addDays(today, UPCOMING_BILLS_DAYS - 1);

/** The outer bill's id, table-qualified inside a sub-select (a one-table select prints it bare). */
const BILL_ID = sql.raw(`"bills"."id"`);

function filterCondition(query: Omit<BillListQuery, "page" | "pageSize" | "sort" | "dir">, today: string) {
  const where: SQL[] = [];
  switch (query.view) {
    case "open":
      where.push(eq(bills.status, "open"));
      break;
    case "upcoming":
      where.push(
        eq(bills.status, "open"),
        gte(bills.dueDate, today),
        lte(bills.dueDate, upcomingUntil(today)),
      );
      break;
    case "overdue":
      where.push(eq(bills.status, "open"), lt(bills.dueDate, today));
      break;
    case "paid":
      // Every bill with a payment: a subscription stays open at its next due date once paid, so its
      // status alone would keep it off this view (issue 38).
      where.push(sql`exists (select 1 from bill_payments p where p.bill_id = ${BILL_ID})`);
      break;
    case "all":
      break;
  }
  if (query.billType) where.push(eq(bills.billType, query.billType));
  if (query.serviceType) where.push(eq(bills.serviceType, query.serviceType));
  if (query.q) {
    where.push(
      sql`(${bills.name} || ' ' || ${bills.vendor} || ' ' || ${bills.accountNumber}) ilike ${likePattern(query.q)}`,
    );
  }
  return where.length ? and(...where) : undefined;
}

function order(sort: BillListQuery["sort"], dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tie = [asc(bills.dueDate), asc(bills.id)];
  switch (sort) {
    case "dueDate":
      return [by(bills.dueDate), by(bills.id)];
    case "amount":
      return [by(bills.amount), ...tie];
    case "name":
      return [by(sql`lower(${bills.name})`), ...tie];
  }
}

/** The due date after `current`, on the subscription's own calendar (anchored on its first due date). */
function nextDueDate(bill: typeof bills.$inferSelect): string {
  if (!bill.frequency) return bill.dueDate;
  for (let n = 1; n < 10_000; n += 1) {
    const next = nthDueDate(bill.firstDueDate, bill.frequency, n);
    if (next > bill.dueDate) return next;
  }
  return bill.dueDate;
}

export function createBillsService({ db, config }: Deps) {
  const today = () => companyDay(new Date(), config.company.timeZone);

  async function toBills(tx: Tx, rows: Array<typeof bills.$inferSelect & { vehicleLabel: string | null }>) {
    const ids = rows.map((r) => r.id);
    const payments = ids.length
      ? await tx
          .select({ payment: billPayments, recordedByName: users.name })
          .from(billPayments)
          .leftJoin(users, eq(users.id, billPayments.recordedBy))
          .where(inArray(billPayments.billId, ids))
          .orderBy(desc(billPayments.dueDate))
      : [];
    const day = today();
    return rows.map((r): Bill => {
      const own = payments.filter((p) => p.payment.billId === r.id);
      const open = r.status === "open";
      return {
        id: r.id,
        name: r.name,
        vendor: r.vendor,
        billType: r.billType,
        frequency: r.frequency,
        serviceType: r.serviceType,
        amount: r.amount,
        dueDate: r.dueDate,
        status: r.status,
        contactPhone: r.contactPhone,
        accountNumber: r.accountNumber,
        vehicleId: r.vehicleId,
        vehicleLabel: r.vehicleLabel,
        notes: r.notes,
        overdue: open && r.dueDate < day,
        dueInDays: open ? daysBetween(day, r.dueDate) : null,
        lastPaidOn: own[0]?.payment.paidOn ?? null,
        payments: own.map(({ payment: p, recordedByName }) => ({
          id: p.id,
          dueDate: p.dueDate,
          paidOn: p.paidOn,
          amount: p.amount,
          method: p.method,
          reference: p.reference,
          recordedByName,
          createdAt: p.createdAt.toISOString(),
        })),
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  const selectBills = (tx: Tx) =>
    tx
      .select({
        id: bills.id,
        name: bills.name,
        vendor: bills.vendor,
        billType: bills.billType,
        frequency: bills.frequency,
        serviceType: bills.serviceType,
        amount: bills.amount,
        firstDueDate: bills.firstDueDate,
        dueDate: bills.dueDate,
        status: bills.status,
        contactPhone: bills.contactPhone,
        accountNumber: bills.accountNumber,
        vehicleId: bills.vehicleId,
        vehicleLabel: vehicles.unitNumber,
        notes: bills.notes,
        remindedFor: bills.remindedFor,
        createdBy: bills.createdBy,
        createdAt: bills.createdAt,
        updatedAt: bills.updatedAt,
      })
      .from(bills)
      .leftJoin(vehicles, eq(vehicles.id, bills.vehicleId));

  const one = async (tx: Tx, id: string) => {
    const rows = await selectBills(tx).where(eq(bills.id, id));
    if (!rows.length) throw notFound("The bill");
    return (await toBills(tx, rows))[0];
  };

  async function lock(tx: Tx, id: string) {
    const [row] = await tx.select().from(bills).where(eq(bills.id, id)).for("update");
    if (!row) throw notFound("The bill");
    return row;
  }

  return {
    async list(query: BillListQuery): Promise<BillPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const day = today();
      const cond = filterCondition(filter, day);
      const [{ total }] = await db.select({ total: count() }).from(bills).where(cond);
      const rows = await selectBills(db)
        .where(cond)
        .orderBy(...order(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const monthStart = `${day.slice(0, 7)}-01`;
      const [summary] = await db
        .select({
          upcomingCount: sql<number>`count(*) filter (where ${bills.dueDate} between ${day} and ${upcomingUntil(day)})::int`,
          upcomingAmount: sql<string>`coalesce(sum(${bills.amount}) filter (where ${bills.dueDate} between ${day} and ${upcomingUntil(day)}), 0)::numeric(14,2)::text`,
          overdueCount: sql<number>`count(*) filter (where ${bills.dueDate} < ${day})::int`,
          overdueAmount: sql<string>`coalesce(sum(${bills.amount}) filter (where ${bills.dueDate} < ${day}), 0)::numeric(14,2)::text`,
        })
        .from(bills)
        .where(eq(bills.status, "open"));
      const [paid] = await db
        .select({ amount: sql<string>`coalesce(sum(${billPayments.amount}), 0)::numeric(14,2)::text` })
        .from(billPayments)
        .where(and(gte(billPayments.paidOn, monthStart), lte(billPayments.paidOn, day)));
      return {
        ...toPage(await toBills(db, rows), total, { page, pageSize }),
        summary: { ...summary, paidThisMonth: paid.amount },
      };
    },

    get: (id: string) => one(db, id),

    async create(actor: Actor, input: BillValues): Promise<Bill> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bills)
          .values({ ...input, firstDueDate: input.dueDate, createdBy: actor.userId })
          .returning({ id: bills.id });
        await recordAudit(tx, actor, {
          action: "bill.created",
          targetType: "bill",
          targetId: row.id,
          targetLabel: input.name,
          details: { amount: input.amount, dueDate: input.dueDate, kind: input.billType },
        });
        return row.id;
      });
      return one(db, id);
    },

    async update(actor: Actor, id: string, input: BillValues): Promise<Bill> {
      await db.transaction(async (tx) => {
        const before = await lock(tx, id);
        if (before.status === "cancelled") throw conflict(BILL_MESSAGES.cancelled, "BILL_CANCELLED");
        await tx
          .update(bills)
          .set({
            ...input,
            // A new due date starts the subscription's calendar again from it.
            firstDueDate: input.dueDate !== before.dueDate ? input.dueDate : before.firstDueDate,
            remindedFor: input.dueDate !== before.dueDate ? null : before.remindedFor,
          })
          .where(eq(bills.id, id));
        await recordAudit(tx, actor, {
          action: "bill.updated",
          targetType: "bill",
          targetId: id,
          targetLabel: input.name,
          details: { amount: input.amount, dueDate: input.dueDate },
        });
      });
      return one(db, id);
    },

    /**
     * Mark as paid: records the payment of the current due date and posts the expense; a one-time
     * bill is then paid, a subscription moves to its next due date. A due date is paid once (409).
     */
    async pay(actor: Actor, id: string, input: PayBillValues): Promise<Bill> {
      try {
        await db.transaction(async (tx) => {
          const bill = await lock(tx, id);
          if (bill.status === "paid") throw conflict(BILL_MESSAGES.alreadyPaid, "BILL_ALREADY_PAID");
          if (bill.status === "cancelled") throw conflict(BILL_MESSAGES.cancelled, "BILL_CANCELLED");
          const amount = input.amount ?? bill.amount;
          const [payment] = await tx
            .insert(billPayments)
            .values({
              billId: id,
              dueDate: bill.dueDate,
              paidOn: input.paidOn,
              amount,
              method: input.method,
              reference: input.reference,
              recordedBy: actor.userId,
            })
            .returning({ id: billPayments.id });
          await postToLedger(tx, {
            source: "bill_payment",
            sourceId: payment.id,
            sourceParentId: id,
            occurredOn: input.paidOn,
            direction: "expense",
            category: BILL_LEDGER_CATEGORY[bill.serviceType],
            amount,
            counterparty: bill.vendor || bill.name,
            paymentMethod: input.method,
            reference: input.reference || bill.accountNumber,
            notes: bill.name,
            vehicleId: bill.vehicleId,
            userId: actor.userId,
          });
          const next =
            bill.billType === "subscription"
              ? { dueDate: nextDueDate(bill), remindedFor: null }
              : { status: "paid" as const };
          await tx.update(bills).set(next).where(eq(bills.id, id));
          await recordAudit(tx, actor, {
            action: "bill.paid",
            targetType: "bill",
            targetId: id,
            targetLabel: bill.name,
            details: { amount, dueDate: bill.dueDate, paidOn: input.paidOn, method: input.method },
          });
        });
      } catch (err) {
        if (uniqueViolation(err) === "bill_payments_once")
          throw conflict(BILL_MESSAGES.alreadyPaid, "BILL_ALREADY_PAID");
        throw err;
      }
      return one(db, id);
    },

    /** Takes back the latest payment (recorded by mistake): the bill is due again on that date. */
    async removePayment(actor: Actor, id: string, paymentId: string): Promise<Bill> {
      await db.transaction(async (tx) => {
        const bill = await lock(tx, id);
        const [latest] = await tx
          .select()
          .from(billPayments)
          .where(eq(billPayments.billId, id))
          .orderBy(desc(billPayments.dueDate))
          .limit(1);
        if (!latest || latest.id !== paymentId) {
          const [exists] = await tx
            .select({ id: billPayments.id })
            .from(billPayments)
            .where(and(eq(billPayments.id, paymentId), eq(billPayments.billId, id)));
          if (!exists) throw notFound("The payment");
          throw conflict(BILL_MESSAGES.notLatest, "BILL_PAYMENT_NOT_LATEST");
        }
        await tx.delete(billPayments).where(eq(billPayments.id, paymentId));
        await withdrawFromLedger(tx, "bill_payment", paymentId, actor.userId);
        await tx
          .update(bills)
          .set({ dueDate: latest.dueDate, status: bill.status === "cancelled" ? "cancelled" : "open" })
          .where(eq(bills.id, id));
        await recordAudit(tx, actor, {
          action: "bill.payment_removed",
          targetType: "bill",
          targetId: id,
          targetLabel: bill.name,
          details: { amount: latest.amount, dueDate: latest.dueDate, paidOn: latest.paidOn },
        });
      });
      return one(db, id);
    },

    /** A bill never paid is deleted; one with payments is cancelled (its payments stay in the ledger). */
    async remove(actor: Actor, id: string): Promise<{ cancelled: boolean }> {
      return db.transaction(async (tx) => {
        const bill = await lock(tx, id);
        const [{ paid }] = await tx
          .select({ paid: count() })
          .from(billPayments)
          .where(eq(billPayments.billId, id));
        if (paid > 0) await tx.update(bills).set({ status: "cancelled" }).where(eq(bills.id, id));
        else await tx.delete(bills).where(eq(bills.id, id));
        await recordAudit(tx, actor, {
          action: paid > 0 ? "bill.cancelled" : "bill.deleted",
          targetType: "bill",
          targetId: id,
          targetLabel: bill.name,
          details: { amount: bill.amount, dueDate: bill.dueDate },
        });
        return { cancelled: paid > 0 };
      });
    },
  };
}

/**
 * The daily reminder (pg-boss, `bills-due-daily`): accountants and managers are told of every open
 * bill due within the upcoming window or overdue — once per bill per due date.
 */
export async function remindDueBills(db: Db, timeZone: string, now = new Date()): Promise<number> {
  const day = companyDay(now, timeZone);
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(bills)
      .where(
        and(
          eq(bills.status, "open"),
          lte(bills.dueDate, upcomingUntil(day)),
          or(isNull(bills.remindedFor), ne(bills.remindedFor, bills.dueDate)),
        ),
      )
      .for("update", { skipLocked: true });
    for (const bill of due) {
      await notifyRoles(tx, ["accountant", "manager"], {
        kind: "bill.due",
        data: {
          billId: bill.id,
          name: bill.name,
          amount: bill.amount,
          dueDate: bill.dueDate,
          overdue: bill.dueDate < day,
        },
        link: `/accounting/bills?view=${bill.dueDate < day ? "overdue" : "upcoming"}`,
      });
      await tx.update(bills).set({ remindedFor: bill.dueDate }).where(eq(bills.id, bill.id));
    }
    return due.length;
  });
}
