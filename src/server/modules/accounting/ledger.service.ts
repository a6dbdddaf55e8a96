import {
  LEDGER_MESSAGES,
  type LedgerCategory,
  type LedgerEntry,
  type LedgerEntryValues,
  type LedgerExportQuery,
  type LedgerFilter,
  type LedgerListQuery,
  type LedgerPage,
  type LedgerSource,
  netOf,
} from "@shared/accounting/ledger.schema";
import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { drivers, files, ledgerDailyTotals, loads, transactions, users, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { ensureExportFits } from "../../http/export";
import { readStored } from "../../http/files";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { type Column, sheetFile } from "../../platform/sheets/sheets";

const creator = alias(users, "ledger_creator");
const voider = alias(users, "ledger_voider");

/** The chart's names in the export (an accountant's import maps them to accounts once). */
export const CATEGORY_ACCOUNTS: Record<LedgerCategory, string> = {
  freight_revenue: "Freight revenue",
  accessorials: "Accessorial revenue",
  fuel: "Fuel",
  tolls: "Tolls",
  parking: "Parking",
  maintenance: "Maintenance and repairs",
  tires: "Tires",
  driver_pay: "Driver pay",
  insurance: "Insurance",
  permits: "Permits and licences",
  equipment_payments: "Truck and trailer payments",
  eld_telematics: "ELD and telematics",
  fines: "Fines and citations",
  lumper: "Lumper",
  office: "Office and administration",
  other: "Other",
};

function filterCondition(filter: Omit<LedgerFilter, "sort" | "dir">): SQL | undefined {
  const where: SQL[] = [];
  if (filter.state === "posted") where.push(isNull(transactions.voidedAt));
  if (filter.state === "void") where.push(isNotNull(transactions.voidedAt));
  if (filter.direction) where.push(eq(transactions.direction, filter.direction));
  if (filter.category) where.push(eq(transactions.category, filter.category));
  if (filter.source) where.push(eq(transactions.source, filter.source));
  if (filter.vehicleId) where.push(eq(transactions.vehicleId, filter.vehicleId));
  if (filter.driverId) where.push(eq(transactions.driverId, filter.driverId));
  if (filter.from) where.push(gte(transactions.occurredOn, filter.from));
  if (filter.to) where.push(lte(transactions.occurredOn, filter.to));
  if (filter.q) {
    const p = likePattern(filter.q);
    where.push(
      or(
        // The trigram index's expression, so the search uses it.
        sql`(${transactions.counterparty} || ' ' || ${transactions.reference} || ' ' || ${transactions.notes}) ilike ${p}`,
        ilike(vehicles.unitNumber, p),
        ilike(drivers.fullName, p),
        ilike(loads.loadNumber, p),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

const totalsColumns = (amount: SQL, direction: SQL, posted: SQL) => ({
  income: sql<string>`coalesce(sum(${amount}) filter (where ${posted} and ${direction} = 'income'), 0)::text`,
  expense: sql<string>`coalesce(sum(${amount}) filter (where ${posted} and ${direction} = 'expense'), 0)::text`,
});

/**
 * The filtered set's count and income/expense sums (void rows never count in the sums). Filters on
 * the day, direction, category, source and state read the trigger-kept daily sums
 * (`ledger_daily_totals`, migration 0015) — a few rows per day instead of the whole ledger; a truck,
 * driver or search filter sums the matching rows themselves (few, through their indexes).
 */
function summarizeLedger(db: Tx, filter: Omit<LedgerFilter, "sort" | "dir">, cond: SQL | undefined) {
  if (!filter.vehicleId && !filter.driverId && !filter.q) {
    const t = ledgerDailyTotals;
    const where: SQL[] = [];
    if (filter.state === "posted") where.push(eq(t.voided, false));
    if (filter.state === "void") where.push(eq(t.voided, true));
    if (filter.direction) where.push(eq(t.direction, filter.direction));
    if (filter.category) where.push(eq(t.category, filter.category));
    if (filter.source) where.push(eq(t.source, filter.source));
    if (filter.from) where.push(gte(t.occurredOn, filter.from));
    if (filter.to) where.push(lte(t.occurredOn, filter.to));
    return db
      .select({
        total: sql<number>`coalesce(sum(${t.entries}), 0)::int`,
        ...totalsColumns(sql`${t.amount}`, sql`${t.direction}`, sql`not ${t.voided}`),
      })
      .from(t)
      .where(and(...where));
  }
  return db
    .select({
      total: count(),
      ...totalsColumns(
        sql`${transactions.amount}`,
        sql`${transactions.direction}`,
        sql`${transactions.voidedAt} is null`,
      ),
    })
    .from(transactions)
    .leftJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .leftJoin(drivers, eq(drivers.id, transactions.driverId))
    .leftJoin(loads, eq(loads.id, transactions.loadId))
    .where(cond);
}

function order(sort: LedgerFilter["sort"], dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tie = [desc(transactions.occurredOn), desc(transactions.id)];
  switch (sort) {
    case "occurredOn":
      return [by(transactions.occurredOn), by(transactions.id)];
    case "amount":
      // The (amount, id) index's order, either way.
      return [by(transactions.amount), by(transactions.id)];
    case "category":
      return [by(transactions.category), ...tie];
    case "counterparty":
      return [by(sql`lower(${transactions.counterparty})`), ...tie];
  }
}

const selectEntries = (db: Tx) =>
  db
    .select({
      id: transactions.id,
      occurredOn: transactions.occurredOn,
      direction: transactions.direction,
      category: transactions.category,
      amount: transactions.amount,
      counterparty: transactions.counterparty,
      paymentMethod: transactions.paymentMethod,
      reference: transactions.reference,
      notes: transactions.notes,
      vehicleId: transactions.vehicleId,
      vehicleLabel: vehicles.unitNumber,
      driverId: transactions.driverId,
      driverName: drivers.fullName,
      loadId: transactions.loadId,
      loadNumber: loads.loadNumber,
      source: transactions.source,
      sourceId: transactions.sourceId,
      sourceParentId: transactions.sourceParentId,
      receiptFileId: transactions.receiptFileId,
      voidedAt: transactions.voidedAt,
      voidKind: transactions.voidKind,
      voidReason: transactions.voidReason,
      voidedByName: voider.name,
      createdByName: creator.name,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .leftJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
    .leftJoin(drivers, eq(drivers.id, transactions.driverId))
    .leftJoin(loads, eq(loads.id, transactions.loadId))
    .leftJoin(creator, eq(creator.id, transactions.createdBy))
    .leftJoin(voider, eq(voider.id, transactions.voidedBy));
type Row = Awaited<ReturnType<typeof selectEntries>>[number];

/** Where a source row's record is shown. */
function sourceLink(r: Row): LedgerEntry["sourceLink"] {
  if (!r.sourceId) return null;
  const links: Record<LedgerSource, LedgerEntry["sourceLink"]> = {
    manual: null,
    invoice_payment: r.sourceParentId ? { kind: "invoice", id: r.sourceParentId } : null,
    bill_payment: null,
    fuel: { kind: "fuel", id: r.sourceId },
    toll: { kind: "tolls", id: r.sourceId },
    parking_expense: { kind: "parking", id: r.sourceId },
    maintenance: r.vehicleId ? { kind: "vehicle", id: r.vehicleId } : null,
    citation: { kind: "citation", id: r.sourceId },
    settlement: null,
  };
  return links[r.source];
}

const toDto = ({ sourceParentId: _p, receiptFileId, ...r }: Row): LedgerEntry => ({
  ...r,
  sourceLink: sourceLink({ ...r, sourceParentId: _p, receiptFileId }),
  hasReceipt: !!receiptFileId,
  voidedAt: r.voidedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

const signed = (r: Row) => (r.direction === "expense" ? -Number(r.amount) : Number(r.amount));
/** QuickBooks' bank-import date. */
const usDate = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const EXPORT_COLUMNS: Column<Row>[] = [
  { header: "Date", value: (r) => usDate(r.occurredOn), width: 12 },
  { header: "Account", value: (r) => CATEGORY_ACCOUNTS[r.category], width: 26 },
  { header: "Payee", value: (r) => r.counterparty, width: 28 },
  { header: "Memo", value: (r) => [r.reference, r.notes].filter(Boolean).join(" — "), width: 40 },
  { header: "Amount", value: signed, width: 12 },
  { header: "Direction", value: (r) => r.direction, width: 10 },
  { header: "Payment method", value: (r) => r.paymentMethod, width: 14 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Load", value: (r) => r.loadNumber, width: 16 },
  { header: "Source", value: (r) => r.source, width: 16 },
  { header: "Status", value: (r) => (r.voidedAt ? "void" : "posted"), width: 8 },
];

export function createLedgerService({ db, storage }: Deps) {
  const entry = async (tx: Tx, id: string): Promise<LedgerEntry> => {
    const [row] = await selectEntries(tx).where(eq(transactions.id, id));
    if (!row) throw notFound("The ledger entry");
    return toDto(row);
  };

  /** A hand entry, locked for a change: source rows and void rows are not edited here. */
  async function lockManual(tx: Tx, id: string) {
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
    if (!row) throw notFound("The ledger entry");
    if (row.voidedAt) throw conflict(LEDGER_MESSAGES.alreadyVoid, "LEDGER_ENTRY_VOID");
    if (row.source !== "manual") throw conflict(LEDGER_MESSAGES.notManual, "LEDGER_ENTRY_FROM_SOURCE");
    return row;
  }

  const valuesOf = (input: LedgerEntryValues) => ({
    occurredOn: input.occurredOn,
    direction: input.direction,
    category: input.category,
    amount: input.amount,
    counterparty: input.counterparty,
    paymentMethod: input.paymentMethod,
    reference: input.reference,
    notes: input.notes,
    vehicleId: input.vehicleId,
    driverId: input.driverId,
    loadId: input.loadId,
  });

  return {
    async list(query: LedgerListQuery): Promise<LedgerPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = filterCondition(filter);
      const [summary] = await summarizeLedger(db, filter, cond);
      const rows = await selectEntries(db)
        .where(cond)
        .orderBy(...order(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      const income = fixed(summary.income);
      const expense = fixed(summary.expense);
      return {
        ...toPage(rows.map(toDto), summary.total, { page, pageSize }),
        totals: { income, expense, net: netOf(income, expense) },
      };
    },

    get: (id: string) => entry(db, id),

    async create(actor: Actor, input: LedgerEntryValues): Promise<LedgerEntry> {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(transactions)
          .values({ ...valuesOf(input), source: "manual", createdBy: actor.userId })
          .returning({ id: transactions.id });
        await recordAudit(tx, actor, {
          action: "ledger.created",
          targetType: "ledger_entry",
          targetId: row.id,
          targetLabel: input.counterparty || undefined,
          details: { amount: input.amount, direction: input.direction, category: input.category },
        });
        return row.id;
      });
      return entry(db, id);
    },

    async update(actor: Actor, id: string, input: LedgerEntryValues): Promise<LedgerEntry> {
      await db.transaction(async (tx) => {
        const before = await lockManual(tx, id);
        await tx.update(transactions).set(valuesOf(input)).where(eq(transactions.id, id));
        await recordAudit(tx, actor, {
          action: "ledger.updated",
          targetType: "ledger_entry",
          targetId: id,
          targetLabel: input.counterparty || undefined,
          details: {
            amount: input.amount,
            direction: input.direction,
            category: input.category,
            changed: before.amount !== input.amount ? { amount: [before.amount, input.amount] } : undefined,
          },
        });
      });
      return entry(db, id);
    },

    /** Voids a hand entry with its reason; the row stays (and shows) as void. */
    async void(actor: Actor, id: string, reason: string): Promise<LedgerEntry> {
      await db.transaction(async (tx) => {
        const row = await lockManual(tx, id);
        await tx
          .update(transactions)
          .set({ voidedAt: new Date(), voidKind: "by_user", voidReason: reason, voidedBy: actor.userId })
          .where(eq(transactions.id, id));
        await recordAudit(tx, actor, {
          action: "ledger.voided",
          targetType: "ledger_entry",
          targetId: id,
          targetLabel: row.counterparty || undefined,
          details: { amount: row.amount, direction: row.direction, category: row.category, reason },
        });
      });
      return entry(db, id);
    },

    /** Attaches (or replaces) a hand entry's receipt: a PDF or an image, checked by content. */
    async attachReceipt(actor: Actor, id: string, file: File): Promise<LedgerEntry> {
      let replaced: string | null = null;
      await db.transaction(async (tx) => {
        const row = await lockManual(tx, id);
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: RECEIPT_MAX_BYTES, allowedTypes: RECEIPT_TYPES },
          actor.userId,
        );
        await tx.update(transactions).set({ receiptFileId: stored.id }).where(eq(transactions.id, id));
        if (row.receiptFileId) {
          const [old] = await tx
            .delete(files)
            .where(eq(files.id, row.receiptFileId))
            .returning({ storageKey: files.storageKey });
          replaced = old?.storageKey ?? null;
        }
        await recordAudit(tx, actor, {
          action: "ledger.updated",
          targetType: "ledger_entry",
          targetId: id,
          targetLabel: row.counterparty || undefined,
          details: { receipt: stored.fileName, replaced: !!replaced },
        });
      });
      if (replaced) await storage.remove(replaced).catch(() => {});
      return entry(db, id);
    },

    /** The receipt of a row: its own, or its source's (a fuel or parking receipt). */
    async receipt(id: string) {
      const [row] = await db
        .select({ storageKey: files.storageKey, fileName: files.fileName, contentType: files.contentType })
        .from(transactions)
        .innerJoin(files, eq(files.id, transactions.receiptFileId))
        .where(eq(transactions.id, id));
      if (!row) throw notFound("The receipt");
      return {
        bytes: await readStored(storage, row.storageKey, "The receipt's content"),
        fileName: row.fileName,
        contentType: row.contentType,
      };
    },

    async export(query: LedgerExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const cond = filterCondition(filter);
      const [{ total }] = await db
        .select({ total: count() })
        .from(transactions)
        .leftJoin(vehicles, eq(vehicles.id, transactions.vehicleId))
        .leftJoin(drivers, eq(drivers.id, transactions.driverId))
        .leftJoin(loads, eq(loads.id, transactions.loadId))
        .where(cond);
      ensureExportFits(total, "ledger entries");
      const rows = await selectEntries(db)
        .where(cond)
        .orderBy(...order(sort, dir));
      return sheetFile(rows, EXPORT_COLUMNS, format, { file: "ledger", sheet: "Ledger" });
    },
  };
}

/** "1234.5" → "1234.50" without a float: numeric sums come back as text. */
function fixed(value: string): string {
  const [whole, frac = ""] = value.split(".");
  return `${whole}.${`${frac}00`.slice(0, 2)}`;
}
