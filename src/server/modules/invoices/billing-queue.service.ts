import {
  type BillFromQueueResult,
  type BillingQueuePage,
  type BillingQueueQuery,
  invoiceLinesForLoad,
  sumMoney,
} from "@shared/invoices/invoices.schema";
import { and, asc, desc, eq, ilike, inArray, notExists, or, type SQL, sql } from "drizzle-orm";
import { customers, invoiceLoads, loadFiles, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { fileCounts } from "./invoice-detail";
import { createInvoicesService } from "./invoices.service";

/** A proof of delivery on file: the POD, or the BOL signed at delivery (what the driver uploads). */
const hasProof = sql<boolean>`exists (select 1 from ${loadFiles} where ${loadFiles.loadId} = ${loads.id} and ${loadFiles.kind} in ('pod', 'bol'))`;
const onLiveInvoice = sql`(select 1 from ${invoiceLoads} where ${invoiceLoads.loadId} = ${loads.id} and not ${invoiceLoads.released})`;

/**
 * The billing queue (`/accounting/bill-customer`): every completed load no live invoice bills, by
 * customer, with its paperwork and amount. Invoices are made by the invoices service — the one
 * invoicing path — one request per invoice, so the browser can show progress and carry on past a
 * failure.
 */
export function createBillingQueueService(deps: Deps) {
  const { db } = deps;
  const invoicesService = createInvoicesService(deps);

  return {
    async list(query: BillingQueueQuery): Promise<BillingQueuePage> {
      const where: SQL[] = [eq(loads.status, "completed"), notExists(onLiveInvoice)];
      if (query.customerId) where.push(eq(loads.customerId, query.customerId));
      if (query.paperwork === "ready") where.push(hasProof);
      if (query.paperwork === "held") where.push(sql`not ${hasProof}`);
      if (query.q) {
        const p = likePattern(query.q);
        where.push(
          or(
            ilike(loads.loadNumber, p),
            ilike(customers.companyName, p),
            ilike(loads.pickupCity, p),
            ilike(loads.deliveryCity, p),
          )!,
        );
      }
      const cond = and(...where);
      const all = await db
        .select({
          load: loads,
          customerName: customers.companyName,
          hasProof,
        })
        .from(loads)
        .innerJoin(customers, eq(customers.id, loads.customerId))
        .where(cond)
        .orderBy(
          asc(sql`lower(${customers.companyName})`),
          asc(customers.id),
          desc(loads.deliveredAt),
          asc(loads.id),
        );
      // The queue is what a carrier has delivered and not billed — weeks of loads, not millions — so
      // the sum is taken over the whole filtered queue with the invoice's own line rule.
      const amounts = all.map((r) => sumMoney(invoiceLinesForLoad(r.load).map((l) => l.amount)));
      const page = all.slice(offsetOf(query), offsetOf(query) + query.pageSize);
      const counts = await fileCounts(
        db,
        page.map((r) => r.load.id),
      );
      const items = page.map(({ load: l, customerName, hasProof: proof }) => {
        const lines = invoiceLinesForLoad(l);
        return {
          id: l.id,
          loadNumber: l.loadNumber,
          customerId: l.customerId as string,
          customerName,
          pickupCity: l.pickupCity,
          pickupState: l.pickupState,
          deliveryCity: l.deliveryCity,
          deliveryState: l.deliveryState,
          pickupAt: l.pickupAt.toISOString(),
          deliveredAt: l.deliveredAt?.toISOString() ?? null,
          rateConfirmations: counts.get(l.id)?.rate_confirmation ?? 0,
          billsOfLading: counts.get(l.id)?.bol ?? 0,
          proofsOfDelivery: counts.get(l.id)?.pod ?? 0,
          hasProofOfDelivery: proof,
          lines,
          amount: sumMoney(lines.map((x) => x.amount)),
        };
      });
      return {
        ...toPage(items, all.length, query),
        summary: {
          loads: all.length,
          customers: new Set(all.map((r) => r.load.customerId)).size,
          amount: sumMoney(amounts),
        },
      };
    },

    /**
     * One invoice for a customer's chosen loads. Loads without a proof of delivery are held back
     * unless the user overrides it (recorded); the invoice is emailed when asked.
     */
    async invoice(
      actor: Actor,
      input: { customerId: string; loadIds: string[]; send: boolean; overrideMissingPod: boolean },
    ): Promise<BillFromQueueResult> {
      const rows = await db
        .select({ id: loads.id, loadNumber: loads.loadNumber })
        .from(loads)
        .where(inArray(loads.id, input.loadIds));
      const counts = await fileCounts(db, input.loadIds);
      const proofOf = (id: string) => (counts.get(id)?.pod ?? 0) + (counts.get(id)?.bol ?? 0) > 0;
      const missing = rows.filter((r) => !proofOf(r.id));
      const held = input.overrideMissingPod ? [] : missing.map(({ id, loadNumber }) => ({ id, loadNumber }));
      const billed = input.loadIds.filter((id) => !held.some((h) => h.id === id));
      if (!billed.length) return { invoice: null, delivery: null, held };
      const invoice = await invoicesService.create(actor, {
        customerId: input.customerId,
        loadIds: billed,
        notes: "",
      });
      if (input.overrideMissingPod && missing.length) {
        await db.transaction((tx) =>
          recordAudit(tx, actor, {
            action: "invoice.pod_override",
            targetType: "invoice",
            targetId: invoice.id,
            targetLabel: invoice.invoiceNumber,
            details: { loads: missing.map((m) => m.loadNumber) },
          }),
        );
      }
      let delivery: BillFromQueueResult["delivery"] = null;
      if (input.send) {
        // The invoice is made either way; a mail that cannot go out is reported, not a lost invoice.
        delivery = await invoicesService
          .send(actor, invoice.id, { to: undefined })
          .then((r) => r.delivery)
          .catch(() => "failed" as const);
      }
      return {
        invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber, total: invoice.total },
        delivery,
        held,
      };
    },
  };
}
