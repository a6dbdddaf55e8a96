import { routePath } from "@shared/access";
import { DEFAULT_PAYMENT_TERMS_DAYS } from "@shared/customers/customers.schema";
import {
  addDays,
  type BillableLoad,
  type BillingCustomer,
  type billableLoadsQuerySchema,
  type createInvoiceSchema,
  INVOICE_NOT_DRAFT_MESSAGE,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoicePage,
  invoiceLinesForLoad,
  LOAD_ALREADY_INVOICED_MESSAGE,
  LOAD_NOT_BILLABLE_MESSAGE,
  NO_CUSTOMER_EMAIL_MESSAGE,
  OVERPAYMENT_MESSAGE,
  type recordPaymentSchema,
  type SendInvoiceResult,
  type sendInvoiceSchema,
  subtractMoney,
  sumMoney,
  type updateInvoiceSchema,
} from "@shared/invoices/invoices.schema";
import { toCents } from "@shared/loads/loads.schema";
import { and, asc, count, desc, eq, ilike, inArray, notExists, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { customers, invoiceLines, invoiceLoads, invoicePayments, invoices, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import { likePattern, offsetOf } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { signed } from "../../platform/mail/signature";
import { notifyUsers } from "../../platform/notifications/notify";
import { formatDate, formatMoney } from "../../platform/pdf/format";
import { postToLedger, withdrawFromLedger } from "../accounting/ledger-posting";
import { invoicedBalanceExpr } from "./balances";
import { buildInvoiceDetail, fileCounts, invoiceDetailJson } from "./invoice-detail";
import { linesForLoads } from "./invoice-lines";
import { renderInvoicePdf } from "./invoice-pdf";
import {
  balanceExpr,
  customerIdsMatching,
  isLoadAlreadyInvoiced,
  listColumns,
  listCondition,
  listOrder,
  loadsOnOtherInvoices,
  today,
  toListItem,
} from "./invoices.repo";

type CreateInput = z.output<typeof createInvoiceSchema>;
type UpdateInput = z.output<typeof updateInvoiceSchema>;
type PaymentInput = z.output<typeof recordPaymentSchema>;
type SendInput = z.output<typeof sendInvoiceSchema>;
type BillableQuery = z.output<typeof billableLoadsQuerySchema>;
type LoadRow = typeof loads.$inferSelect;
type CustomerRow = typeof customers.$inferSelect;

/** The customer as the invoice bills them (copied onto the invoice). */
function billTo(c: CustomerRow) {
  return {
    billToCompany: c.companyName,
    billToName: c.name,
    billToEmail: c.email,
    billToPhone: c.phone,
    billToAddress: c.billingAddress || c.address,
  };
}

async function findCustomer(tx: Tx, id: string): Promise<CustomerRow> {
  const [row] = await tx.select().from(customers).where(eq(customers.id, id));
  if (!row) throw notFound("The customer");
  return row;
}

/**
 * The loads to bill, locked: each must exist, belong to the customer and be completed, and be on
 * no other live invoice (409 otherwise, naming the loads).
 */
async function lockBillableLoads(tx: Tx, customerId: string, loadIds: string[], invoiceId?: string) {
  const rows = await tx.select().from(loads).where(inArray(loads.id, loadIds)).for("update");
  const bad = rows.filter((l) => l.customerId !== customerId || l.status !== "completed");
  if (bad.length || rows.length !== loadIds.length) {
    throw conflict(LOAD_NOT_BILLABLE_MESSAGE, "LOAD_NOT_BILLABLE", {
      loadNumbers: bad.map((l) => l.loadNumber),
      missing: loadIds.length - rows.length,
    });
  }
  const taken = await loadsOnOtherInvoices(tx, loadIds, invoiceId);
  if (taken.length) throw alreadyInvoiced(rows, taken);
  return rows;
}

function alreadyInvoiced(
  rows: Array<{ id: string; loadNumber: string }>,
  taken: Array<{ loadId: string; invoiceNumber: string }>,
) {
  const list = taken.map((t) => ({
    loadNumber: rows.find((r) => r.id === t.loadId)?.loadNumber ?? t.loadId,
    invoiceNumber: t.invoiceNumber,
  }));
  const named = list.map((l) => `${l.loadNumber} is on ${l.invoiceNumber}`).join("; ");
  return conflict(`${LOAD_ALREADY_INVOICED_MESSAGE} ${named}.`, "LOAD_ALREADY_INVOICED", { loads: list });
}

/** INV-<year of issue>-<5+ digits> from the one sequence. */
async function takeInvoiceNumber(tx: Tx, issueDate: string): Promise<string> {
  const { rows } = await tx.execute<{ n: string }>(sql`select nextval('invoice_number_seq')::text as n`);
  return `INV-${issueDate.slice(0, 4)}-${rows[0].n.padStart(5, "0")}`;
}

async function lockInvoice(tx: Tx, id: string) {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update");
  if (!row) throw notFound("The invoice");
  return row;
}

async function writeLines(tx: Tx, invoiceId: string, rows: LoadRow[]) {
  const lines = linesForLoads(rows);
  await tx.insert(invoiceLoads).values(rows.map((l) => ({ invoiceId, loadId: l.id })));
  await tx.insert(invoiceLines).values(lines.map((l, i) => ({ invoiceId, sequence: i + 1, ...l })));
  return sumMoney(lines.map((l) => l.amount));
}

/** Runs a write; the live-invoice index refusing a second invoice for a load is a 409, not a 500. */
async function guardDoubleBilling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isLoadAlreadyInvoiced(err)) {
      throw conflict(`${LOAD_ALREADY_INVOICED_MESSAGE}`, "LOAD_ALREADY_INVOICED");
    }
    throw err;
  }
}

/** A term the planner expects in at least this share of all loads is common (see `billableLoads`). */
const COMMON_TERM_SHARE = 0.01;

export function createInvoicesService(deps: Deps) {
  const { db, mailer, config } = deps;

  /** Whether the planner expects `pattern` in the search expression of ≥ COMMON_TERM_SHARE of the loads. */
  async function termIsCommon(pattern: string): Promise<boolean> {
    const result = await db.execute<{ "QUERY PLAN": Array<{ Plan: { "Plan Rows": number } }> }>(
      sql`explain (format json) select 1 from ${loads}
          where (${loads.loadNumber} || ' ' || ${loads.pickupCity} || ' ' || ${loads.deliveryCity}) ilike ${pattern}`,
    );
    const [{ n }] = (
      await db.execute<{ n: number }>(
        sql`select greatest(reltuples, 1)::float8 as n from pg_class where oid = 'loads'::regclass`,
      )
    ).rows;
    return result.rows[0]["QUERY PLAN"][0].Plan["Plan Rows"] >= COMMON_TERM_SHARE * Number(n);
  }

  async function detail(tx: Tx, id: string): Promise<InvoiceDetail> {
    return buildInvoiceDetail(tx, id);
  }

  /** The customer's portal account hears about a sent invoice. */
  async function notifyCustomer(
    tx: Tx,
    customerId: string,
    invoice: { invoiceNumber: string; total: string; dueDate: string },
  ) {
    const [c] = await tx
      .select({ userId: customers.userId })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!c?.userId) return;
    await notifyUsers(tx, [c.userId], {
      kind: "invoice.sent",
      link: routePath("customerPortal"),
      data: { invoiceNumber: invoice.invoiceNumber, total: invoice.total, dueDate: invoice.dueDate },
    });
  }

  return {
    detail: (id: string) => detail(db, id),
    /** The detail as JSON text PostgreSQL wrote: the page's read (issue 42, target 4). */
    detailJson: (id: string) => invoiceDetailJson(db, id),

    async list(query: InvoiceListQuery): Promise<InvoicePage> {
      const day = await today(db);
      const customerIds = query.q ? await customerIdsMatching(db, query.q) : [];
      const cond = listCondition(query, day, { customerIds });
      const [rows, [totals]] = await Promise.all([
        db
          .select(listColumns)
          .from(invoices)
          .innerJoin(customers, eq(customers.id, invoices.customerId))
          .where(cond)
          .orderBy(...listOrder(query.sort, query.dir))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
        db
          .select({
            n: count(),
            // Drafts are not receivables (decision 014): billed and owed count sent and paid invoices.
            total: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} in ('sent', 'paid')), 0)::numeric(14,2)::text`,
            balance: sql<string>`coalesce(sum(${balanceExpr}) filter (where ${invoices.status} in ('sent', 'paid')), 0)::numeric(14,2)::text`,
            drafts: sql<number>`(count(*) filter (where ${invoices.status} = 'draft'))::int`,
            draftTotal: sql<string>`coalesce(sum(${invoices.total}) filter (where ${invoices.status} = 'draft'), 0)::numeric(14,2)::text`,
          })
          .from(invoices)
          .where(cond),
      ]);
      return {
        items: rows.map((r) => toListItem(r, day)),
        total: totals.n,
        page: query.page,
        pageSize: query.pageSize,
        totals: {
          total: totals.total,
          balance: totals.balance,
          drafts: { count: totals.drafts, total: totals.draftTotal },
        },
      };
    },

    async create(actor: Actor, input: CreateInput): Promise<InvoiceDetail> {
      return guardDoubleBilling(() =>
        db.transaction(async (tx) => {
          const customer = await findCustomer(tx, input.customerId);
          const rows = await lockBillableLoads(tx, customer.id, input.loadIds);
          const day = await today(tx);
          const issueDate = input.issueDate ?? day;
          const terms = customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
          const dueDate = input.dueDate ?? addDays(issueDate, terms);
          const invoiceNumber = await takeInvoiceNumber(tx, issueDate);
          const [row] = await tx
            .insert(invoices)
            .values({
              invoiceNumber,
              customerId: customer.id,
              issueDate,
              dueDate,
              paymentTermsDays: terms,
              ...billTo(customer),
              total: "0",
              notes: input.notes,
              createdBy: actor.userId,
            })
            .returning({ id: invoices.id });
          const total = await writeLines(tx, row.id, rows);
          await tx.update(invoices).set({ total }).where(eq(invoices.id, row.id));
          await recordAudit(tx, actor, {
            action: "invoice.created",
            targetType: "invoice",
            targetId: row.id,
            targetLabel: invoiceNumber,
            details: { customer: customer.companyName, loads: rows.map((l) => l.loadNumber), total },
          });
          return detail(tx, row.id);
        }),
      );
    },

    /** A draft's loads, dates and notes; the bill-to and terms are refreshed from the customer. */
    async update(actor: Actor, id: string, input: UpdateInput): Promise<InvoiceDetail> {
      return guardDoubleBilling(() =>
        db.transaction(async (tx) => {
          const invoice = await lockInvoice(tx, id);
          if (invoice.status !== "draft") throw conflict(INVOICE_NOT_DRAFT_MESSAGE, "INVOICE_NOT_DRAFT");
          const customer = await findCustomer(tx, invoice.customerId);
          const rows = await lockBillableLoads(tx, customer.id, input.loadIds, id);
          const terms = customer.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS;
          const issueDate = input.issueDate ?? invoice.issueDate;
          const dueDate = input.dueDate ?? addDays(issueDate, terms);
          await tx.delete(invoiceLoads).where(eq(invoiceLoads.invoiceId, id));
          await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, id));
          const total = await writeLines(tx, id, rows);
          await tx
            .update(invoices)
            .set({
              issueDate,
              dueDate,
              paymentTermsDays: terms,
              ...billTo(customer),
              total,
              notes: input.notes,
            })
            .where(eq(invoices.id, id));
          await recordAudit(tx, actor, {
            action: "invoice.updated",
            targetType: "invoice",
            targetId: id,
            targetLabel: invoice.invoiceNumber,
            details: { loads: rows.map((l) => l.loadNumber), total, issueDate, dueDate },
          });
          return detail(tx, id);
        }),
      );
    },

    /** Sent by other means (post, the customer's AP portal): the invoice becomes open. */
    async markSent(actor: Actor, id: string): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, id);
        if (invoice.status !== "draft") {
          throw conflict("Only a draft invoice can be marked as sent.", "INVOICE_NOT_DRAFT");
        }
        await tx.update(invoices).set({ status: "sent", sentAt: new Date() }).where(eq(invoices.id, id));
        await recordAudit(tx, actor, {
          action: "invoice.marked_sent",
          targetType: "invoice",
          targetId: id,
          targetLabel: invoice.invoiceNumber,
        });
        await notifyCustomer(tx, invoice.customerId, invoice);
        return detail(tx, id);
      });
    },

    /**
     * Emails the invoice PDF (with the loads' documents) through the mail service, then marks it
     * sent. A delivery failure leaves the invoice as it was and answers 502.
     */
    async send(actor: Actor, id: string, input: SendInput): Promise<SendInvoiceResult> {
      const before = await detail(db, id);
      if (before.storedStatus !== "draft" && before.storedStatus !== "sent") {
        throw conflict("A paid or void invoice is not sent again.", "INVOICE_NOT_SENDABLE");
      }
      const to = input.to ?? before.billTo.email;
      if (!to) throw badRequest(NO_CUSTOMER_EMAIL_MESSAGE, { fields: { to: NO_CUSTOMER_EMAIL_MESSAGE } });
      const pdf = await renderInvoicePdf(deps, {
        ...before,
        status: before.status === "draft" ? "sent" : before.status,
      });
      const { company } = config;
      const greeting = before.billTo.name ? `Hello ${before.billTo.name},` : "Hello,";
      const text = [
        greeting,
        "",
        input.message ||
          `Please find attached invoice ${before.invoiceNumber} for ${before.loadCount} ${before.loadCount === 1 ? "load" : "loads"}, with the rate confirmations and bills of lading.`,
        "",
        `Amount due: ${formatMoney(before.balance)}`,
        `Due date: ${formatDate(before.dueDate)}`,
        "",
        "Thank you for your business.",
        company.name,
        [company.phone, company.email].filter(Boolean).join(" | "),
      ].join("\n");
      const mail = await mailer.send({
        to,
        subject: `Invoice ${before.invoiceNumber} from ${company.name}`,
        text: await signed(db, actor.userId, text),
        replyTo: company.email,
        attachments: [{ filename: pdf.fileName, contentType: "application/pdf", content: pdf.bytes }],
      });
      if (mail.status === "failed") {
        throw new HttpError(
          502,
          "MAIL_FAILED",
          "The email could not be sent. Check the mail settings and try again.",
        );
      }
      const invoice = await db.transaction(async (tx) => {
        const row = await lockInvoice(tx, id);
        const first = row.status === "draft";
        if (first || row.status === "sent") {
          await tx
            .update(invoices)
            .set({ status: "sent", sentAt: new Date(), sentTo: to })
            .where(eq(invoices.id, id));
        }
        await recordAudit(tx, actor, {
          action: "invoice.sent",
          targetType: "invoice",
          targetId: id,
          targetLabel: row.invoiceNumber,
          details: {
            to,
            delivery: mail.status,
            mailId: mail.id,
            pages: pdf.pageCount,
            ...(pdf.skipped.length ? { skippedFiles: pdf.skipped } : {}),
          },
        });
        await notifyCustomer(tx, row.customerId, row);
        return detail(tx, id);
      });
      return { invoice, delivery: mail.status, to, skippedFiles: pdf.skipped };
    },

    /** A payment (partial allowed); the invoice is paid when nothing is left. Never more than the balance. */
    async recordPayment(actor: Actor, id: string, input: PaymentInput): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, id);
        if (invoice.status === "draft") {
          throw conflict(
            "Send the invoice (or mark it as sent) before recording a payment.",
            "INVOICE_NOT_OPEN",
          );
        }
        if (invoice.status === "paid")
          throw conflict("The invoice is already paid in full.", "INVOICE_NOT_OPEN");
        if (invoice.status === "void")
          throw conflict("A void invoice takes no payments.", "INVOICE_NOT_OPEN");
        const day = await today(tx);
        if (input.paidOn > day) {
          throw badRequest("Please correct the highlighted fields.", {
            fields: { paidOn: "The payment date cannot be in the future." },
          });
        }
        const balance = subtractMoney(invoice.total, invoice.amountPaid);
        if (toCents(input.amount) > toCents(balance)) {
          throw new HttpError(400, "OVERPAYMENT", OVERPAYMENT_MESSAGE, {
            fields: { amount: `${OVERPAYMENT_MESSAGE} Balance due: ${formatMoney(balance)}.` },
            balance,
          });
        }
        const amountPaid = sumMoney([invoice.amountPaid, input.amount]);
        const paidInFull = toCents(amountPaid) === toCents(invoice.total);
        const [payment] = await tx
          .insert(invoicePayments)
          .values({ invoiceId: id, ...input, recordedBy: actor.userId })
          .returning({ id: invoicePayments.id });
        const billed = await tx
          .select({ loadId: invoiceLoads.loadId })
          .from(invoiceLoads)
          .where(eq(invoiceLoads.invoiceId, id))
          .limit(2);
        await postToLedger(tx, {
          source: "invoice_payment",
          sourceId: payment.id,
          sourceParentId: id,
          occurredOn: input.paidOn,
          direction: "income",
          category: "freight_revenue",
          amount: input.amount,
          counterparty: invoice.billToCompany,
          paymentMethod: input.method,
          reference: input.reference || invoice.invoiceNumber,
          notes: input.note,
          loadId: billed.length === 1 ? billed[0].loadId : null,
          userId: actor.userId,
        });
        await tx
          .update(invoices)
          .set({ amountPaid, ...(paidInFull ? { status: "paid" as const, paidAt: new Date() } : {}) })
          .where(eq(invoices.id, id));
        await recordAudit(tx, actor, {
          action: "invoice.payment_recorded",
          targetType: "invoice",
          targetId: id,
          targetLabel: invoice.invoiceNumber,
          details: { amount: input.amount, paidOn: input.paidOn, method: input.method, paidInFull },
        });
        return detail(tx, id);
      });
    },

    /** Takes back a payment recorded by mistake; a paid invoice opens again. */
    async removePayment(actor: Actor, id: string, paymentId: string): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, id);
        const [payment] = await tx
          .select()
          .from(invoicePayments)
          .where(and(eq(invoicePayments.id, paymentId), eq(invoicePayments.invoiceId, id)));
        if (!payment) throw notFound("The payment");
        if (invoice.status === "void")
          throw conflict("A void invoice cannot be changed.", "INVOICE_NOT_OPEN");
        await tx.delete(invoicePayments).where(eq(invoicePayments.id, paymentId));
        await withdrawFromLedger(tx, "invoice_payment", paymentId, actor.userId);
        await tx
          .update(invoices)
          .set({
            amountPaid: subtractMoney(invoice.amountPaid, payment.amount),
            ...(invoice.status === "paid" ? { status: "sent" as const, paidAt: null } : {}),
          })
          .where(eq(invoices.id, id));
        await recordAudit(tx, actor, {
          action: "invoice.payment_removed",
          targetType: "invoice",
          targetId: id,
          targetLabel: invoice.invoiceNumber,
          details: { amount: payment.amount, paidOn: payment.paidOn, method: payment.method },
        });
        return detail(tx, id);
      });
    },

    /** Cancels a draft (or a sent invoice nobody has paid): its loads can be invoiced again. */
    async void(actor: Actor, id: string, reason: string): Promise<InvoiceDetail> {
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, id);
        if (invoice.status === "void") throw conflict("The invoice is already void.", "INVOICE_NOT_VOIDABLE");
        if (invoice.status === "paid" || toCents(invoice.amountPaid) > 0) {
          throw conflict(
            "An invoice with payments cannot be voided. Remove its payments first.",
            "INVOICE_NOT_VOIDABLE",
          );
        }
        await tx
          .update(invoices)
          .set({ status: "void", voidedAt: new Date(), voidReason: reason })
          .where(eq(invoices.id, id));
        await tx.update(invoiceLoads).set({ released: true }).where(eq(invoiceLoads.invoiceId, id));
        await recordAudit(tx, actor, {
          action: "invoice.voided",
          targetType: "invoice",
          targetId: id,
          targetLabel: invoice.invoiceNumber,
          details: { reason, wasSent: invoice.status === "sent" },
        });
        return detail(tx, id);
      });
    },

    /** The invoice PDF with the loads' documents appended. */
    async pdf(id: string) {
      const invoice = await detail(db, id);
      return renderInvoicePdf(deps, invoice, { draft: invoice.storedStatus === "draft" });
    },

    /** Completed loads of a customer that no live invoice bills yet (plus the edited invoice's own). */
    async billableLoads(query: BillableQuery): Promise<BillableLoad[]> {
      const onLiveInvoice = sql`(select 1 from ${invoiceLoads} where ${invoiceLoads.loadId} = ${loads.id} and not ${invoiceLoads.released}${
        query.invoiceId ? sql` and ${invoiceLoads.invoiceId} <> ${query.invoiceId}` : sql``
      })`;
      const p = query.q ? likePattern(query.q) : null;
      // A common term (a big city: ~3% of the loads) is met soon walking the customer's loads last
      // delivered first, where the trigram index hands over every match in the table to intersect and
      // sort (issue 42): then the three fields' tests alone, which the planner reads on
      // `loads_completed_by_customer` in order, stopping at the list's end. Planned for its values: a
      // statement run again is prepared (db/prepared.ts), and its generic plan, blind to the pattern
      // and to the customer's size, reads all of a large customer's loads to sort them (~0.4 s, not 25 ms).
      const common = p ? await termIsCommon(p) : false;
      const anyField = p
        ? or(ilike(loads.loadNumber, p), ilike(loads.pickupCity, p), ilike(loads.deliveryCity, p))
        : undefined;
      const expression = p
        ? sql`(${loads.loadNumber} || ' ' || ${loads.pickupCity} || ' ' || ${loads.deliveryCity}) ilike ${p}`
        : undefined;
      const where = and(
        eq(loads.customerId, query.customerId),
        eq(loads.status, "completed"),
        notExists(onLiveInvoice),
        common
          ? // A term without a space cannot span the expression's separating spaces, so the expression
            // holds it exactly when one of the three fields does: one case-folded match a load instead
            // of up to three, on the walk's ~7.6k loads (the largest customer, "chicago").
            query.q?.includes(" ")
            ? anyField
            : expression
          : // The expression is implied by the fields (any of the three holding the term, their join
            // does): its trigram index finds the few candidates, where the three would be tested on
            // each of a large customer's loads (issue 42).
            and(anyField, expression),
      );
      const order = [desc(loads.deliveredAt), desc(loads.pickupAt)];
      const rows = common
        ? await db.transaction(async (tx) => {
            await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
            // The 200 ids first: a statement of nothing but `id` walks `loads_completed_by_customer_search`
            // (the order's columns, the id and the three tested fields) alone, an index-only scan,
            // where reading every column took each passed load from the table (7.6k of them for the
            // largest customer and "chicago", ~90 ms). Then only those 200 rows, put back in the ids'
            // order — the order the one statement gave, ties (same delivery and pickup) included:
            // the same walk of the same order yields them.
            const ids = (
              await tx
                .select({ id: loads.id })
                .from(loads)
                .where(where)
                .orderBy(...order)
                .limit(200)
            ).map((r) => r.id);
            if (!ids.length) return [];
            const byId = new Map(
              (
                await tx
                  .select()
                  .from(loads)
                  .where(sql`${loads.id} = any(${sql.param(ids)}::uuid[])`)
              ).map((r) => [r.id, r]),
            );
            return ids.flatMap((id) => byId.get(id) ?? []);
          })
        : await db
            .select()
            .from(loads)
            .where(where)
            .orderBy(...order)
            .limit(200);
      const counts = await fileCounts(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((l) => {
        const lines = invoiceLinesForLoad(l);
        return {
          id: l.id,
          loadNumber: l.loadNumber,
          pickupCity: l.pickupCity,
          pickupState: l.pickupState,
          deliveryCity: l.deliveryCity,
          deliveryState: l.deliveryState,
          pickupAt: l.pickupAt.toISOString(),
          deliveredAt: l.deliveredAt?.toISOString() ?? null,
          rateConfirmations: counts.get(l.id)?.rate_confirmation ?? 0,
          billsOfLading: counts.get(l.id)?.bol ?? 0,
          proofsOfDelivery: counts.get(l.id)?.pod ?? 0,
          lines,
          amount: sumMoney(lines.map((x) => x.amount)),
        };
      });
    },

    /** Customers to bill: name search, with what is unbilled and what is open. */
    async customers(q: string | undefined): Promise<BillingCustomer[]> {
      const p = q ? likePattern(q) : null;
      const rows = await db
        .select({
          id: customers.id,
          companyName: customers.companyName,
          name: customers.name,
          email: customers.email,
          paymentTermsDays: customers.paymentTermsDays,
          billableLoads: sql<number>`${sql`(select count(*)::int from ${loads} where ${loads.customerId} = ${customers.id} and ${loads.status} = 'completed' and not exists (select 1 from ${invoiceLoads} where ${invoiceLoads.loadId} = ${loads.id} and not ${invoiceLoads.released}))`}`,
          openBalance: sql<string>`${invoicedBalanceExpr(customers.id)}::numeric(14,2)::text`,
        })
        // Sub-selects sit in fragments of their own: in a single-table select Drizzle prints a column
        // placed directly in an expression without its table, which would bind to the inner table.
        .from(customers)
        .where(p ? or(ilike(customers.companyName, p), ilike(customers.name, p)) : undefined)
        .orderBy(asc(customers.companyName))
        .limit(25);
      return rows.map((r) => ({ ...r, paymentTermsDays: r.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS }));
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
