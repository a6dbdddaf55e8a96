import {
  CUSTOMER_EMAIL_TAKEN_MESSAGE,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  type CustomerContact,
  type CustomerDetail,
  type CustomerExportQuery,
  type CustomerImportCommitValues,
  type CustomerImportPreview,
  type CustomerImportPreviewRow,
  type CustomerImportResult,
  type CustomerImportRow,
  type CustomerListQuery,
  type CustomerPage,
  type CustomerValues,
  IMPORT_FAILED_MESSAGE,
  IMPORT_NO_VALID_DATA_MESSAGE,
  IMPORT_PARSE_FAILED_MESSAGE,
  type ImportFailureDetails,
} from "@shared/customers/customers.schema";
import { fromCents, toCents } from "@shared/loads/loads.schema";
import { count, eq, sql } from "drizzle-orm";
import { builtOnce, type Tx } from "../../db/client";
import { isoTime, jsonList, jsonObjectText } from "../../db/json-sql";
import { customers, invoices, loadRequests, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, HttpError, loggableError, notFound } from "../../http/errors";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { JsonText } from "../../http/json-text";
import { offsetOf } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { placeOneLine } from "../../platform/geo/place-rows";
import { readTable, SheetParseError } from "../../platform/sheets/read";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { checkRow, mapColumns, valuesOf } from "./customer-import";
import {
  balanceOf,
  customerWithEmail,
  emailsInUse,
  formColumns,
  type ListRow,
  listColumns,
  listCondition,
  listOrder,
  lockEmail,
  replaceContacts,
  toListItem,
} from "./customers.repo";
import { OPEN_BALANCE_SOURCE } from "./open-balance";

const emailTaken = () =>
  conflict(CUSTOMER_EMAIL_TAKEN_MESSAGE, "CUSTOMER_EMAIL_TAKEN", {
    fields: { email: CUSTOMER_EMAIL_TAKEN_MESSAGE },
  });

const noValidData = (details?: unknown) =>
  new HttpError(400, "NO_VALID_DATA", IMPORT_NO_VALID_DATA_MESSAGE, details);
const importFailed = (details?: ImportFailureDetails) =>
  new HttpError(400, "IMPORT_FAILED", IMPORT_FAILED_MESSAGE, details);

/** Rows inserted per statement during an import. */
const INSERT_CHUNK = 500;

const dateTime = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

const EXPORT_COLUMNS: Column<ListRow & { billingAddress: string | null; notes: string }>[] = [
  { header: "Company name", value: (r) => r.companyName, width: 30 },
  { header: "Contact name", value: (r) => r.name, width: 22 },
  { header: "Email", value: (r) => r.email, width: 28 },
  { header: "Phone", value: (r) => r.phone, width: 18 },
  { header: "Address", value: (r) => r.address, width: 36 },
  { header: "Billing address", value: (r) => r.billingAddress, width: 36 },
  { header: "Payment terms (net days)", value: (r) => r.paymentTermsDays, width: 12 },
  { header: "Credit limit", value: (r) => r.creditLimit, width: 14 },
  { header: "Open balance", value: (r) => r.openBalance, width: 14 },
  { header: "Loads", value: (r) => Number(r.loadCount), width: 8 },
  { header: "Portal account", value: (r) => (r.userId ? "yes" : "no"), width: 10 },
  { header: "Notes", value: (r) => r.notes, width: 40 },
  { header: "Created (UTC)", value: (r) => dateTime(r.createdAt), width: 18 },
];

type CustomerStats = {
  active: number;
  completed: number;
  cancelled: number;
  lastPickupAt: string | null;
  unbilledAmount: string;
  unbilledLoads: number;
};

/**
 * A customer with its contacts, portal account, load counts and pending requests: one statement, built
 * once (decision 036); it was five. A single-table select names its columns without the table, so the
 * subqueries say `customers.` themselves.
 *
 * Nothing here reads all of the customer's loads (issue 42: 42 ms CPU a request at a million loads,
 * where a customer has ~90k): the load count and the counts per status are the sums of the per-month
 * counts the load triggers keep exact in the same transaction as every load write (`load_month_totals`,
 * dimension customer — a few dozen rows), the last pickup is the first entry of the customer's
 * newest-first index (`loads_customer_pickup_search`), and the unbilled loads are read from the
 * partial index of their completed loads with the two rates in it (`loads_completed_rates_by_customer`,
 * an index-only scan) against the live invoice rows.
 */
const customerCounts = sql`(select t.status, t.loads from load_month_totals t
  where t.dim = 'customer' and t.subject_id = customers.id)`;

const customerDetail = builtOnce("customer_detail", (tx) =>
  tx
    .select({
      ...listColumns(),
      loadCount: sql<number>`(select coalesce(sum(c.loads), 0)::int from ${customerCounts} c)`,
      contacts: sql<CustomerContact[]>`coalesce((
        select json_agg(json_build_object('id', cc.id, 'name', cc.name, 'role', cc.role, 'email', cc.email,
          'phone', cc.phone) order by cc.sequence)
        from customer_contacts cc where cc.customer_id = customers.id), '[]')`,
      portalAccount: sql<CustomerDetail["portalAccount"]>`(
        select json_build_object('userId', u.id, 'email', u.email, 'name', u.name)
        from users u where u.id = customers.user_id)`,
      // Unbilled: delivered but not billed yet — completed loads on no live invoice, at their customer
      // rate (else the load's total).
      stats: sql<CustomerStats>`(
        select json_build_object(
          'active', c.active, 'completed', c.completed, 'cancelled', c.cancelled,
          'lastPickupAt', (select l.pickup_at from loads l where l.customer_id = customers.id
            order by l.pickup_at desc nulls last limit 1),
          'unbilledAmount', ub.amount::numeric(14, 2)::text,
          'unbilledLoads', ub.n)
        from (select coalesce(sum(t.loads) filter (where t.status in ('assigned', 'in_progress')), 0) as active,
            coalesce(sum(t.loads) filter (where t.status = 'completed'), 0) as completed,
            coalesce(sum(t.loads) filter (where t.status = 'cancelled'), 0) as cancelled
          from ${customerCounts} t) c,
          (select coalesce(sum(coalesce(u.customer_rate, u.total_rate)), 0) as amount, count(*) as n
           from loads u where u.customer_id = customers.id and u.status = 'completed'
             and not exists (select 1 from invoice_loads il where il.load_id = u.id and not il.released)) ub)`,
      pendingRequests: sql<number>`(
        select count(*)::int from load_requests r where r.customer_id = customers.id and r.status = 'pending')`,
      geoStatus: customers.geoStatus,
      geoPrecision: customers.geoPrecision,
      timeZone: customers.timeZone,
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder("id"))),
);

/**
 * The same answer as `detail` below, written whole by PostgreSQL (issue 42, target 4): the page's read
 * (`GET /api/customers/{id}`) sends it as it is. The keys, their order and every value are `detail`'s
 * (customers.int.test.ts compares the two for every customer); change both together. The fields'
 * sub-selects have no FROM of their own, so the customer's unqualified columns are the outer row's.
 */
const customerDetailText = builtOnce("customer_detail_text", (tx) =>
  tx
    .select({
      text: jsonObjectText({
        id: customers.id,
        name: customers.name,
        companyName: customers.companyName,
        email: customers.email,
        phone: customers.phone,
        address: customers.address,
        paymentTermsDays: customers.paymentTermsDays,
        creditLimit: sql`${customers.creditLimit}::text`,
        openBalance: sql`(${balanceOf()})::numeric(14, 2)::text`,
        loadCount: sql`(select coalesce(sum(c.loads), 0)::int from ${customerCounts} c)`,
        hasPortalAccount: sql`(customers.user_id is not null)`,
        createdAt: isoTime(sql`customers.created_at`),
        billingAddress: customers.billingAddress,
        detentionFreeMinutes: customers.detentionFreeMinutes,
        detentionRate: sql`${customers.detentionRate}::text`,
        notes: customers.notes,
        contacts: jsonList(
          {
            id: sql`cc.id`,
            name: sql`cc.name`,
            role: sql`cc.role`,
            email: sql`cc.email`,
            phone: sql`cc.phone`,
          },
          {
            from: sql`customer_contacts cc`,
            where: sql`cc.customer_id = customers.id`,
            orderBy: sql`cc.sequence`,
          },
        ),
        portalAccount: sql`(select row_to_json(a) from (
          select u.id as "userId", u.email as "email", u.name as "name"
          from users u where u.id = customers.user_id) a)`,
        openBalanceSource: sql`${OPEN_BALANCE_SOURCE}::text`,
        creditAvailable: sql`(customers.credit_limit - ${balanceOf()})::numeric(14, 2)::text`,
        geoStatus: customers.geoStatus,
        geoPrecision: customers.geoPrecision,
        timeZone: customers.timeZone,
        // As `customerDetail`'s stats, read the same way (see there).
        stats: sql`(select row_to_json(s) from (
          select c.active as "activeLoads", c.completed as "completedLoads", c.cancelled as "cancelledLoads",
            ${isoTime(sql`(select l.pickup_at from loads l where l.customer_id = customers.id
              order by l.pickup_at desc nulls last limit 1)`)} as "lastPickupAt",
            (select count(*)::int from load_requests r
              where r.customer_id = customers.id and r.status = 'pending') as "pendingRequests",
            ub.amount::numeric(14, 2)::text as "unbilledAmount",
            ub.n as "unbilledLoads"
          from (select coalesce(sum(t.loads) filter (where t.status in ('assigned', 'in_progress')), 0) as active,
              coalesce(sum(t.loads) filter (where t.status = 'completed'), 0) as completed,
              coalesce(sum(t.loads) filter (where t.status = 'cancelled'), 0) as cancelled
            from ${customerCounts} t) c,
            (select coalesce(sum(coalesce(u.customer_rate, u.total_rate)), 0) as amount, count(*) as n
             from loads u where u.customer_id = customers.id and u.status = 'completed'
               and not exists (select 1 from invoice_loads il where il.load_id = u.id and not il.released)) ub
        ) s)`,
        updatedAt: isoTime(sql`customers.updated_at`),
      }),
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder("id"))),
);

export function createCustomersService(deps: Deps) {
  const { db, log } = deps;

  async function detail(tx: Tx, id: string): Promise<CustomerDetail> {
    const [row] = await customerDetail(tx).execute({ id });
    if (!row) throw notFound("The customer");
    const stats = row.stats;
    const creditAvailable =
      row.creditLimit === null ? null : fromCents(toCents(row.creditLimit) - toCents(row.openBalance));
    return {
      ...toListItem(row),
      billingAddress: row.billingAddress,
      detentionFreeMinutes: row.detentionFreeMinutes,
      detentionRate: row.detentionRate,
      notes: row.notes,
      contacts: row.contacts,
      portalAccount: row.portalAccount,
      openBalanceSource: OPEN_BALANCE_SOURCE,
      creditAvailable,
      // Where the address is (issue 40): the detail page says placed or not.
      geoStatus: row.geoStatus,
      geoPrecision: row.geoPrecision,
      timeZone: row.timeZone,
      stats: {
        activeLoads: stats?.active ?? 0,
        completedLoads: stats?.completed ?? 0,
        cancelledLoads: stats?.cancelled ?? 0,
        lastPickupAt: stats?.lastPickupAt ? new Date(stats.lastPickupAt).toISOString() : null,
        pendingRequests: row.pendingRequests,
        unbilledAmount: stats?.unbilledAmount ?? "0.00",
        unbilledLoads: stats?.unbilledLoads ?? 0,
      },
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The file's rows checked against the import rules, the file itself and the customers on record. */
  async function previewRows(file: File): Promise<CustomerImportPreview> {
    if (file.size > CUSTOMER_IMPORT_MAX_BYTES) {
      throw new HttpError(
        413,
        "FILE_TOO_LARGE",
        `The file is larger than ${Math.round(CUSTOMER_IMPORT_MAX_BYTES / 1024 / 1024)} MB.`,
      );
    }
    let table: Awaited<ReturnType<typeof readTable>>;
    try {
      // The row cap is the reader's: checked before the file is parsed, not after (issue 38).
      table = await readTable(new Uint8Array(await file.arrayBuffer()), {
        maxRows: CUSTOMER_IMPORT_MAX_ROWS,
      });
    } catch (err) {
      if (!(err instanceof SheetParseError)) throw err; // a limit (400 TOO_MANY_ROWS…) or a fault
      throw new HttpError(400, "PARSE_FAILED", IMPORT_PARSE_FAILED_MESSAGE, { reason: err.message });
    }
    const columns = mapColumns(table.headers);
    if (columns.missing.length) throw noValidData({ missingColumns: columns.missing });
    const checked = table.rows.map((record, i) => {
      const values = valuesOf(record, columns);
      return { row: i + 2, values, check: checkRow(values) };
    });
    const validEmails = checked.flatMap((c) => (c.check.ok ? [c.check.row.email] : []));
    if (!validEmails.length) {
      throw noValidData({
        rows: checked.slice(0, 50).map((c) => ({ row: c.row, errors: c.check.ok ? {} : c.check.errors })),
      });
    }
    const existing = await emailsInUse(db, [...new Set(validEmails)]);
    const seen = new Set<string>();
    const rows: CustomerImportPreviewRow[] = checked.map(({ row, values, check }) => {
      if (!check.ok) return { row, values, status: "invalid", errors: check.errors };
      const email = check.row.email;
      const status = existing.has(email) ? "exists" : seen.has(email) ? "duplicate_in_file" : "ready";
      seen.add(email);
      return { row, values, status, errors: {} };
    });
    const countOf = (s: CustomerImportPreviewRow["status"]) => rows.filter((r) => r.status === s).length;
    return {
      fileName: file.name,
      totalRows: rows.length,
      ready: countOf("ready"),
      invalid: countOf("invalid"),
      duplicates: countOf("duplicate_in_file") + countOf("exists"),
      columns: { mapped: columns.mapped, ignored: columns.ignored },
      rows,
    };
  }

  return {
    async list(query: CustomerListQuery): Promise<CustomerPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = listCondition(filter);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select(listColumns())
          .from(customers)
          .where(cond)
          .orderBy(...listOrder(sort, dir))
          .limit(pageSize)
          .offset(offsetOf({ page, pageSize })),
        db.select({ n: count() }).from(customers).where(cond),
      ]);
      return {
        items: rows.map(toListItem),
        total: Number(n),
        page,
        pageSize,
        openBalanceSource: OPEN_BALANCE_SOURCE,
      };
    },

    get: (id: string) => detail(db, id),
    /** The detail as JSON text PostgreSQL wrote: the page's read (issue 42, target 4). */
    async getJson(id: string): Promise<JsonText<CustomerDetail>> {
      const [row] = await customerDetailText(db).execute({ id });
      if (!row) throw notFound("The customer");
      return new JsonText<CustomerDetail>(row.text);
    },

    async create(actor: Actor, input: CustomerValues): Promise<CustomerDetail> {
      return db.transaction(async (tx) => {
        await lockEmail(tx, input.email);
        if (input.email && (await customerWithEmail(tx, input.email))) throw emailTaken();
        const [row] = await tx
          .insert(customers)
          .values({ ...formColumns(input), ...(await placeOneLine(tx, input.address)) })
          .returning({ id: customers.id });
        await replaceContacts(tx, row.id, input.contacts);
        await recordAudit(tx, actor, {
          action: "customer.created",
          targetType: "customer",
          targetId: row.id,
          targetLabel: input.companyName,
        });
        return detail(tx, row.id);
      });
    },

    async update(actor: Actor, id: string, input: CustomerValues): Promise<CustomerDetail> {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
        if (!current) throw notFound("The customer");
        await lockEmail(tx, input.email);
        if (input.email && (await customerWithEmail(tx, input.email, id))) throw emailTaken();
        // A new address is placed again (issue 40); the same one keeps its point.
        const place =
          (current.address ?? "").trim() === (input.address ?? "").trim()
            ? {}
            : await placeOneLine(tx, input.address);
        await tx
          .update(customers)
          .set({ ...formColumns(input), ...place })
          .where(eq(customers.id, id));
        await replaceContacts(tx, id, input.contacts);
        const changed = (
          Object.keys(formColumns(input)) as Array<keyof ReturnType<typeof formColumns>>
        ).filter((k) => String(current[k] ?? "") !== String(formColumns(input)[k] ?? ""));
        await recordAudit(tx, actor, {
          action: "customer.updated",
          targetType: "customer",
          targetId: id,
          targetLabel: input.companyName,
          details: { changed },
        });
        return detail(tx, id);
      });
    },

    /** Only a customer with no history can be deleted: loads, requests and a portal account keep it. */
    async remove(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(customers).where(eq(customers.id, id)).for("update");
        if (!current) throw notFound("The customer");
        if (current.userId) {
          throw conflict(
            "This customer has a portal account. Remove the account in user management first.",
            "CUSTOMER_HAS_ACCOUNT",
          );
        }
        const [{ n: loadCount }] = await tx
          .select({ n: count() })
          .from(loads)
          .where(eq(loads.customerId, id));
        const [{ n: requestCount }] = await tx
          .select({ n: count() })
          .from(loadRequests)
          .where(eq(loadRequests.customerId, id));
        const [{ n: invoiceCount }] = await tx
          .select({ n: count() })
          .from(invoices)
          .where(eq(invoices.customerId, id));
        if (Number(loadCount) + Number(requestCount) + Number(invoiceCount) > 0) {
          throw conflict(
            "This customer has loads, load requests or invoices on record, so it cannot be deleted.",
            "CUSTOMER_IN_USE",
          );
        }
        await tx.delete(customers).where(eq(customers.id, id));
        await recordAudit(tx, actor, {
          action: "customer.deleted",
          targetType: "customer",
          targetId: id,
          targetLabel: current.companyName,
        });
      });
    },

    async export(query: CustomerExportQuery) {
      const { format, sort, dir, ...filter } = query;
      const cond = listCondition(filter);
      const [{ n }] = await db.select({ n: count() }).from(customers).where(cond);
      ensureExportFits(Number(n), "customers");
      const rows = await db
        .select(listColumns())
        .from(customers)
        .where(cond)
        .orderBy(...listOrder(sort, dir))
        .limit(EXPORT_MAX_ROWS);
      return sheetFile(rows, EXPORT_COLUMNS, format, { file: "customers", sheet: "Customers" });
    },

    /** Step 1: read and check the file; nothing is written. */
    previewImport: previewRows,

    /**
     * Step 2: the rows the user confirmed, all or nothing. Any invalid row refuses the whole import
     * (400 IMPORT_FAILED, rows and messages in `details`); duplicates by email — within the rows or
     * against customers on record — are skipped and reported. The inserts run in one transaction.
     */
    async commitImport(actor: Actor, input: CustomerImportCommitValues): Promise<CustomerImportResult> {
      if (!input.rows.length) throw noValidData();
      const valid: Array<{ rowNumber: number; row: CustomerImportRow }> = [];
      const invalid: ImportFailureDetails["rows"] = [];
      for (const { row: rowNumber, ...values } of input.rows) {
        const check = checkRow(values);
        if (check.ok) valid.push({ rowNumber, row: check.row });
        else invalid.push({ row: rowNumber, errors: check.errors });
      }
      if (invalid.length) throw importFailed({ rows: invalid });
      try {
        return await db.transaction(async (tx) => {
          // Creates and edits wait while the import checks and writes, so no email slips in between.
          await tx.execute(sql`lock table ${customers} in share row exclusive mode`);
          const existing = await emailsInUse(tx, [...new Set(valid.map((v) => v.row.email))]);
          const seen = new Set<string>();
          const skipped: CustomerImportResult["skipped"] = [];
          const toInsert: Array<typeof customers.$inferInsert> = [];
          for (const { rowNumber, row } of valid) {
            if (existing.has(row.email) || seen.has(row.email)) {
              skipped.push({
                row: rowNumber,
                email: row.email,
                reason: existing.has(row.email) ? "exists" : "duplicate_in_file",
              });
              continue;
            }
            seen.add(row.email);
            toInsert.push(toRow(row));
          }
          for (let i = 0; i < toInsert.length; i += INSERT_CHUNK) {
            await tx.insert(customers).values(toInsert.slice(i, i + INSERT_CHUNK));
          }
          await recordAudit(tx, actor, {
            action: "customer.imported",
            targetType: "customer",
            details: { imported: toInsert.length, skipped: skipped.length },
          });
          return { imported: toInsert.length, skipped };
        });
      } catch (err) {
        if (err instanceof HttpError) throw err;
        // The code and the table, never the query's parameters (the file's names and emails).
        log.error("customer import failed", err instanceof Error ? loggableError(err) : { error: "unknown" });
        // The transaction rolled back: not one row of the file was written.
        throw new HttpError(500, "IMPORT_FAILED", IMPORT_FAILED_MESSAGE, {
          reason: "The customers could not be saved. Nothing was imported; try again.",
        });
      }
    },
  };
}

function toRow(row: CustomerImportRow) {
  return {
    name: row.name,
    companyName: row.companyName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    billingAddress: row.billingAddress,
    paymentTermsDays: row.paymentTermsDays,
    creditLimit: row.creditLimit,
    notes: row.notes,
  } satisfies typeof customers.$inferInsert;
}
