import {
  DUPLICATE_TOLL_MESSAGE,
  normalizeTransponder,
  type Toll,
  type TollExportQuery,
  type TollFilter,
  type TollImportPreview,
  type TollImportResult,
  type TollImportRow,
  type TollListQuery,
  type TollPage,
  type TollValues,
} from "@shared/tolls/tolls.schema";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { builtOnce, type Tx } from "../../db/client";
import { assetAssignments, drivers, loads, tolls, vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, HttpError, notFound, uniqueViolation } from "../../http/errors";
import { ensureExportFits } from "../../http/export";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { dayAfter, dayStart } from "../../platform/company-day";
import { readTable, SheetParseError } from "../../platform/sheets/read";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { companyDay, postToLedger, withdrawFromLedger } from "../accounting/ledger-posting";
import { centsText, readStatement, type StatementRow } from "./statement";

/** A toll's money in the ledger (a credit on a statement is money back). */
const tollPosting = (
  id: string,
  t: {
    occurredAt: Date;
    location: string;
    transponder: string;
    amount: string;
    vehicleId: string | null;
    driverId: string | null;
    loadId: string | null;
    notes?: string;
  },
  timeZone: string,
  userId: string,
) => ({
  source: "toll" as const,
  sourceId: id,
  occurredOn: companyDay(t.occurredAt, timeZone),
  direction: "expense" as const,
  category: "tolls" as const,
  amount: t.amount,
  counterparty: t.location,
  paymentMethod: t.transponder ? ("transponder" as const) : null,
  reference: t.transponder,
  notes: t.notes ?? "",
  vehicleId: t.vehicleId,
  driverId: t.driverId,
  loadId: t.loadId,
  userId,
});

const HOUR = 3_600_000;
/** A toll this close to a load's pickup or delivery still belongs to the trip (deadhead, return). */
const LOAD_MARGIN_MS = 12 * HOUR;
const TRIP_STATUSES = ["assigned", "in_progress", "completed"] as const;

function filterCondition(filter: Omit<TollFilter, "sort" | "dir">): SQL | undefined {
  const where: SQL[] = [];
  if (filter.vehicleId) where.push(eq(tolls.vehicleId, filter.vehicleId));
  if (filter.driverId) where.push(eq(tolls.driverId, filter.driverId));
  if (filter.match === "unassigned") where.push(isNull(tolls.vehicleId));
  if (filter.match === "assigned") where.push(isNotNull(tolls.vehicleId));
  if (filter.source) where.push(eq(tolls.source, filter.source));
  // Days of the statements' clock (UTC), with PostgreSQL's date arithmetic: JavaScript's Date turns
  // the day after 9999-12-31 into a year PostgreSQL cannot read.
  if (filter.from) where.push(gte(tolls.occurredAt, dayStart(filter.from, "UTC")));
  if (filter.to) where.push(lt(tolls.occurredAt, dayAfter(filter.to, "UTC")));
  if (filter.q) {
    const p = likePattern(filter.q);
    const tag = normalizeTransponder(filter.q);
    where.push(
      or(
        ilike(tolls.location, p),
        ilike(tolls.notes, p),
        tag ? ilike(tolls.transponder, likePattern(tag)) : undefined,
        ilike(vehicles.unitNumber, p),
        ilike(drivers.fullName, p),
        ilike(loads.loadNumber, p),
      )!,
    );
  }
  return where.length ? and(...where) : undefined;
}

function order(sort: TollFilter["sort"], dir: "asc" | "desc"): SQL[] {
  const by = dir === "asc" ? asc : desc;
  const tie = [desc(tolls.occurredAt), desc(tolls.id)];
  switch (sort) {
    case "occurredAt":
      return [by(tolls.occurredAt), by(tolls.id)];
    case "amount":
      return [by(tolls.amount), ...tie];
    case "location":
      return [by(sql`lower(${tolls.location})`), ...tie];
    case "transponder":
      return [by(tolls.transponder), ...tie];
  }
}

const selectTolls = (db: Tx) =>
  db
    .select({
      id: tolls.id,
      occurredAt: tolls.occurredAt,
      location: tolls.location,
      transponder: tolls.transponder,
      amount: tolls.amount,
      vehicleId: tolls.vehicleId,
      vehicleLabel: vehicles.unitNumber,
      driverId: tolls.driverId,
      driverName: drivers.fullName,
      loadId: tolls.loadId,
      loadNumber: loads.loadNumber,
      notes: tolls.notes,
      source: tolls.source,
      createdAt: tolls.createdAt,
    })
    .from(tolls)
    .leftJoin(vehicles, eq(vehicles.id, tolls.vehicleId))
    .leftJoin(drivers, eq(drivers.id, tolls.driverId))
    .leftJoin(loads, eq(loads.id, tolls.loadId));
type Row = Awaited<ReturnType<typeof selectTolls>>[number];
/** One toll (every answer about a toll reads it): built once, decision 036. */
const tollById = builtOnce("toll_by_id", (tx) => selectTolls(tx).where(eq(tolls.id, sql.placeholder("id"))));

const toDto = (r: Row): Toll => ({
  ...r,
  occurredAt: r.occurredAt.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

const utc = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");
const EXPORT_COLUMNS: Column<Row>[] = [
  { header: "Date and time (UTC)", value: (r) => utc(r.occurredAt), width: 18 },
  { header: "Booth or location", value: (r) => r.location, width: 32 },
  { header: "Transponder", value: (r) => r.transponder, width: 16 },
  { header: "Amount", value: (r) => Number(r.amount), width: 10 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Driver", value: (r) => r.driverName, width: 22 },
  { header: "Load", value: (r) => r.loadNumber, width: 16 },
  { header: "Source", value: (r) => r.source, width: 10 },
  { header: "Notes", value: (r) => r.notes, width: 32 },
];

/** "12.50" → 1250 (numeric columns come back as text). */
const cents = (amount: string) => {
  const negative = amount.startsWith("-");
  const [whole, frac = ""] = amount.replace("-", "").split(".");
  const value = Number(whole) * 100 + Number(`${frac}00`.slice(0, 2));
  return negative ? -value : value;
};
const chargeKey = (transponder: string, at: Date, amountCents: number) =>
  `${transponder}|${at.getTime()}|${amountCents}`;

interface Match {
  vehicleId: string | null;
  vehicleLabel: string | null;
  driverId: string | null;
  driverName: string | null;
  loadId: string | null;
  loadNumber: string | null;
}
const NO_MATCH: Match = {
  vehicleId: null,
  vehicleLabel: null,
  driverId: null,
  driverName: null,
  loadId: null,
  loadNumber: null,
};

/**
 * Places tolls: the vehicle by transponder, the driver who held that vehicle at the time (assignment
 * history), and the trip that driver or vehicle was on then (pickup to delivery, with a margin).
 */
export async function buildMatcher(tx: Tx, times: Date[], onlyVehicleIds?: string[]) {
  const fleet = await tx
    .select({ id: vehicles.id, unitNumber: vehicles.unitNumber, transponder: vehicles.transponder })
    .from(vehicles)
    .where(onlyVehicleIds ? inArray(vehicles.id, onlyVehicleIds) : isNotNull(vehicles.transponder));
  const byTag = new Map<string, { id: string; unitNumber: string }>();
  for (const v of fleet) if (v.transponder) byTag.set(normalizeTransponder(v.transponder), v);
  const byId = new Map(fleet.map((v) => [v.id, v]));
  const ids = fleet.map((v) => v.id);
  const valid = times.filter((t) => !Number.isNaN(t.getTime()));
  const searching = ids.length > 0 && valid.length > 0;
  const min = new Date(searching ? Math.min(...valid.map((t) => t.getTime())) : 0);
  const max = new Date(searching ? Math.max(...valid.map((t) => t.getTime())) : 0);

  const holders = !searching
    ? []
    : await tx
        .select({
          vehicleId: assetAssignments.vehicleId,
          driverId: assetAssignments.driverId,
          driverName: drivers.fullName,
          startedAt: assetAssignments.startedAt,
          endedAt: assetAssignments.endedAt,
        })
        .from(assetAssignments)
        .innerJoin(drivers, eq(drivers.id, assetAssignments.driverId))
        .where(
          and(
            inArray(assetAssignments.vehicleId, ids),
            lte(assetAssignments.startedAt, max),
            or(isNull(assetAssignments.endedAt), gte(assetAssignments.endedAt, min)),
          ),
        );
  const holderIds = [...new Set(holders.map((h) => h.driverId))];
  const trips = !searching
    ? []
    : await tx
        .select({
          id: loads.id,
          loadNumber: loads.loadNumber,
          vehicleId: loads.vehicleId,
          driverId: loads.driverId,
          pickupAt: loads.pickupAt,
          endAt: sql<Date>`coalesce(${loads.deliveredAt}, ${loads.deliveryAt})`.mapWith(
            (v: string | Date) => new Date(v),
          ),
        })
        .from(loads)
        .where(
          and(
            inArray(loads.status, [...TRIP_STATUSES]),
            holderIds.length
              ? or(inArray(loads.vehicleId, ids), inArray(loads.driverId, holderIds))
              : inArray(loads.vehicleId, ids),
            lte(loads.pickupAt, new Date(max.getTime() + LOAD_MARGIN_MS)),
            gte(
              sql`coalesce(${loads.deliveredAt}, ${loads.deliveryAt})`,
              new Date(min.getTime() - LOAD_MARGIN_MS),
            ),
          ),
        );

  function at(vehicleId: string | null, when: Date): Match {
    const v = vehicleId ? byId.get(vehicleId) : undefined;
    if (!v) return NO_MATCH;
    const t = when.getTime();
    const holder = holders.find(
      (h) => h.vehicleId === v.id && h.startedAt.getTime() <= t && (!h.endedAt || h.endedAt.getTime() > t),
    );
    const trip = trips
      .filter(
        (l) =>
          (l.vehicleId === v.id || (holder && l.driverId === holder.driverId)) &&
          l.pickupAt.getTime() - LOAD_MARGIN_MS <= t &&
          l.endAt.getTime() + LOAD_MARGIN_MS >= t,
      )
      .sort((a, b) => Math.abs(a.pickupAt.getTime() - t) - Math.abs(b.pickupAt.getTime() - t))[0];
    return {
      vehicleId: v.id,
      vehicleLabel: v.unitNumber,
      driverId: holder?.driverId ?? null,
      driverName: holder?.driverName ?? null,
      loadId: trip?.id ?? null,
      loadNumber: trip?.loadNumber ?? null,
    };
  }
  return { byTag, at };
}

interface Analysis {
  rows: Array<TollImportRow & { occurredAtDate: Date | null; amountCents: number | null }>;
  counts: TollImportPreview["counts"];
}

/** Every row's fate: invalid, a duplicate (of a stored toll or an earlier line), matched or unmatched. */
async function analyse(tx: Tx, statement: StatementRow[]): Promise<Analysis> {
  const times = statement.flatMap((r) => (r.occurredAt ? [r.occurredAt] : []));
  const matcher = await buildMatcher(tx, times);
  const tags = [...new Set(statement.map((r) => r.transponder).filter(Boolean))];
  const stored = new Set<string>();
  if (tags.length && times.length) {
    const min = new Date(Math.min(...times.map((t) => t.getTime())));
    const max = new Date(Math.max(...times.map((t) => t.getTime())));
    const existing = await tx
      .select({ transponder: tolls.transponder, occurredAt: tolls.occurredAt, amount: tolls.amount })
      .from(tolls)
      .where(and(inArray(tolls.transponder, tags), gte(tolls.occurredAt, min), lte(tolls.occurredAt, max)));
    for (const e of existing) stored.add(chargeKey(e.transponder, e.occurredAt, cents(e.amount)));
  }
  const seen = new Map<string, number>();
  const counts = { total: statement.length, matched: 0, unmatched: 0, duplicate: 0, invalid: 0 };
  const rows = statement.map((r) => {
    const base = {
      line: r.line,
      occurredAt: r.occurredAt?.toISOString() ?? null,
      occurredAtDate: r.occurredAt,
      location: r.location,
      amount: r.amountCents === null ? null : centsText(r.amountCents),
      amountCents: r.amountCents,
      transponder: r.transponder,
      errors: r.errors,
    };
    if (r.errors.length || !r.occurredAt || r.amountCents === null) {
      counts.invalid++;
      return { ...base, ...NO_MATCH, status: "invalid" as const };
    }
    const vehicle = matcher.byTag.get(r.transponder);
    const match = vehicle ? matcher.at(vehicle.id, r.occurredAt) : NO_MATCH;
    const key = chargeKey(r.transponder, r.occurredAt, r.amountCents);
    const earlier = seen.get(key);
    if (stored.has(key) || earlier !== undefined) {
      counts.duplicate++;
      return {
        ...base,
        ...match,
        status: "duplicate" as const,
        errors:
          earlier !== undefined
            ? [`Repeats line ${earlier} of this file.`]
            : ["Already recorded: the same transponder, time and amount."],
      };
    }
    seen.set(key, r.line);
    if (vehicle) counts.matched++;
    else counts.unmatched++;
    return { ...base, ...match, status: vehicle ? ("matched" as const) : ("unmatched" as const) };
  });
  return { rows, counts };
}

async function readStatementFile(file: File, timeZone: string): Promise<StatementRow[]> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const table = await readTable(bytes);
    // readTable decides by content: a zip is a workbook.
    const fromWorkbook = bytes[0] === 0x50 && bytes[1] === 0x4b;
    if (!table.rows.length) throw badRequest("The statement has no rows.");
    return readStatement(table, timeZone, fromWorkbook);
  } catch (err) {
    if (err instanceof SheetParseError) {
      throw new HttpError(400, "PARSE_FAILED", "Failed to parse the file.", { reason: err.message });
    }
    throw err;
  }
}

export function createTollsService(deps: Deps) {
  const { db } = deps;

  async function dto(tx: Tx, id: string): Promise<Toll> {
    const [row] = await tollById(tx).execute({ id });
    if (!row) throw notFound("The toll");
    return toDto(row);
  }

  /** Fills an empty vehicle from the transponder, then an empty driver and load from the time. */
  async function place(tx: Tx, input: TollValues) {
    const when = new Date(input.occurredAt);
    let vehicleId = input.vehicleId;
    const tag = normalizeTransponder(input.transponder);
    if (!vehicleId && tag) vehicleId = (await buildMatcher(tx, [when])).byTag.get(tag)?.id ?? null;
    if (vehicleId) {
      const [exists] = await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.id, vehicleId));
      if (!exists)
        throw badRequest("That vehicle no longer exists.", {
          fields: { vehicleId: "That vehicle no longer exists." },
        });
    }
    const match = vehicleId ? (await buildMatcher(tx, [when], [vehicleId])).at(vehicleId, when) : NO_MATCH;
    return {
      occurredAt: when,
      location: input.location,
      transponder: tag,
      amount: input.amount,
      vehicleId,
      driverId: input.driverId ?? match.driverId,
      loadId: input.loadId ?? match.loadId,
      notes: input.notes,
    };
  }

  const duplicate = () =>
    conflict(DUPLICATE_TOLL_MESSAGE, "DUPLICATE_TOLL", { fields: { amount: DUPLICATE_TOLL_MESSAGE } });

  async function assertNotRecorded(
    tx: Tx,
    values: { transponder: string; occurredAt: Date; amount: string },
    exceptId?: string,
  ) {
    if (!values.transponder) return;
    const [same] = await tx
      .select({ id: tolls.id })
      .from(tolls)
      .where(
        and(
          eq(tolls.transponder, values.transponder),
          eq(tolls.occurredAt, values.occurredAt),
          eq(tolls.amount, values.amount),
          exceptId ? sql`${tolls.id} <> ${exceptId}` : undefined,
        ),
      );
    if (same) throw duplicate();
  }

  return {
    async list(query: TollListQuery): Promise<TollPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = filterCondition(filter);
      const [summary] = await db
        .select({
          total: count(),
          amount: sql<string>`coalesce(sum(${tolls.amount}), 0)::numeric(14,2)::text`,
        })
        .from(tolls)
        .leftJoin(vehicles, eq(vehicles.id, tolls.vehicleId))
        .leftJoin(drivers, eq(drivers.id, tolls.driverId))
        .leftJoin(loads, eq(loads.id, tolls.loadId))
        .where(cond);
      const rows = await selectTolls(db)
        .where(cond)
        .orderBy(...order(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      return { ...toPage(rows.map(toDto), summary.total, { page, pageSize }), totalAmount: summary.amount };
    },

    get: (id: string) => dto(db, id),

    async create(actor: Actor, input: TollValues): Promise<Toll> {
      try {
        const id = await db.transaction(async (tx) => {
          const values = await place(tx, input);
          await assertNotRecorded(tx, values);
          const [row] = await tx
            .insert(tolls)
            .values({ ...values, source: "manual", createdBy: actor.userId })
            .returning({ id: tolls.id });
          await postToLedger(tx, tollPosting(row.id, values, deps.config.company.timeZone, actor.userId));
          await recordAudit(tx, actor, {
            action: "toll.created",
            targetType: "toll",
            targetId: row.id,
            targetLabel: values.location,
            details: { amount: values.amount, transponder: values.transponder },
          });
          return row.id;
        });
        return dto(db, id);
      } catch (err) {
        if (uniqueViolation(err) === "tolls_charge_unique") throw duplicate();
        throw err;
      }
    },

    async update(actor: Actor, id: string, input: TollValues): Promise<Toll> {
      try {
        await db.transaction(async (tx) => {
          const [current] = await tx
            .select({ id: tolls.id })
            .from(tolls)
            .where(eq(tolls.id, id))
            .for("update");
          if (!current) throw notFound("The toll");
          const tag = normalizeTransponder(input.transponder);
          const values = {
            occurredAt: new Date(input.occurredAt),
            location: input.location,
            transponder: tag,
            amount: input.amount,
            vehicleId: input.vehicleId,
            driverId: input.driverId,
            loadId: input.loadId,
            notes: input.notes,
          };
          await assertNotRecorded(tx, values, id);
          await tx.update(tolls).set(values).where(eq(tolls.id, id));
          await postToLedger(tx, tollPosting(id, values, deps.config.company.timeZone, actor.userId));
          await recordAudit(tx, actor, {
            action: "toll.updated",
            targetType: "toll",
            targetId: id,
            targetLabel: values.location,
            details: { amount: values.amount, vehicleId: values.vehicleId },
          });
        });
        return dto(db, id);
      } catch (err) {
        if (uniqueViolation(err) === "tolls_charge_unique") throw duplicate();
        throw err;
      }
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(tolls)
          .where(eq(tolls.id, id))
          .returning({ location: tolls.location, amount: tolls.amount });
        if (!row) throw notFound("The toll");
        await withdrawFromLedger(tx, "toll", id, actor.userId);
        await recordAudit(tx, actor, {
          action: "toll.deleted",
          targetType: "toll",
          targetId: id,
          targetLabel: row.location,
          details: { amount: row.amount },
        });
      });
    },

    /** What an import would do, row by row; nothing is written. */
    async preview(file: File, timeZone: string): Promise<TollImportPreview> {
      const statement = await readStatementFile(file, timeZone);
      const { rows, counts } = await analyse(db, statement);
      return {
        fileName: file.name,
        rows: rows.map(({ occurredAtDate: _d, amountCents: _c, ...r }) => r),
        counts,
        canImport: counts.invalid === 0 && counts.matched + counts.unmatched > 0,
      };
    },

    /**
     * Writes a statement whole or not at all: any invalid row refuses the file (400 IMPORT_INVALID,
     * with the rows to fix). Duplicates are reported and skipped, never written twice, even when
     * another import lands at the same moment (the unique index decides).
     */
    async commit(actor: Actor, file: File, timeZone: string): Promise<TollImportResult> {
      const statement = await readStatementFile(file, timeZone);
      return db.transaction(async (tx) => {
        const { rows, counts } = await analyse(tx, statement);
        if (counts.invalid) {
          const invalid = rows.filter((r) => r.status === "invalid");
          throw new HttpError(
            400,
            "IMPORT_INVALID",
            `${counts.invalid} ${counts.invalid === 1 ? "row is" : "rows are"} not valid. Fix the file and import it again; nothing was imported.`,
            {
              rows: invalid.slice(0, 200).map((r) => ({ line: r.line, errors: r.errors })),
            },
          );
        }
        const fresh = rows.filter((r) => r.status === "matched" || r.status === "unmatched");
        let inserted: Array<typeof tolls.$inferSelect> = [];
        for (let i = 0; i < fresh.length; i += 1000) {
          const batch = fresh.slice(i, i + 1000);
          inserted = inserted.concat(
            await tx
              .insert(tolls)
              .values(
                batch.map((r) => ({
                  occurredAt: r.occurredAtDate as Date,
                  location: r.location,
                  transponder: r.transponder,
                  amount: centsText(r.amountCents as number),
                  vehicleId: r.vehicleId,
                  driverId: r.driverId,
                  loadId: r.loadId,
                  source: "import" as const,
                  importFileName: file.name.slice(0, 200),
                  createdBy: actor.userId,
                })),
              )
              .onConflictDoNothing()
              .returning(),
          );
        }
        for (const row of inserted) await postToLedger(tx, tollPosting(row.id, row, timeZone, actor.userId));
        const result: TollImportResult = {
          imported: inserted.length,
          matched: inserted.filter((r) => r.vehicleId).length,
          unmatched: inserted.filter((r) => !r.vehicleId).length,
          duplicates: counts.duplicate + (fresh.length - inserted.length),
        };
        await recordAudit(tx, actor, {
          action: "toll.imported",
          targetType: "toll_statement",
          targetLabel: file.name.slice(0, 200),
          details: { ...result, rows: counts.total },
        });
        return result;
      });
    },

    async export(query: TollExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const cond = filterCondition(filter);
      const [{ total }] = await db
        .select({ total: count() })
        .from(tolls)
        .leftJoin(vehicles, eq(vehicles.id, tolls.vehicleId))
        .leftJoin(drivers, eq(drivers.id, tolls.driverId))
        .leftJoin(loads, eq(loads.id, tolls.loadId))
        .where(cond);
      ensureExportFits(total, "tolls");
      const rows = await selectTolls(db)
        .where(cond)
        .orderBy(...order(sort, dir));
      return sheetFile(rows, EXPORT_COLUMNS, format, { file: "tolls", sheet: "Tolls" });
    },
  };
}
