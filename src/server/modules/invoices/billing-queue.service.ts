import {
  type BillFromQueueResult,
  type BillingHold,
  type BillingQueuePage,
  type BillingQueueQuery,
  invoiceLinesForLoad,
  sumMoney,
} from "@shared/invoices/invoices.schema";
import type { PaperworkStatus } from "@shared/loads/loads.schema";
import { and, asc, desc, eq, ilike, inArray, notExists, or, type SQL, sql } from "drizzle-orm";
import { paperworkStatusOf, rejectionReasonOf } from "../../db/paperwork-status";
import { customers, invoiceLoads, loadFiles, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { fileCounts } from "./invoice-detail";
import { createInvoicesService } from "./invoices.service";

/** The outer load's id, kept table-qualified inside the sub-selects (see `balances.ts`). */
const LOAD_ID = sql.raw(`"loads"."id"`);
/** A proof of delivery on file: the POD, or the BOL signed at delivery (what the driver uploads). */
const hasProof = sql<boolean>`exists (select 1 from ${loadFiles} where ${loadFiles.loadId} = ${LOAD_ID} and ${loadFiles.kind} in ('pod', 'bol'))`;
/** The BOL manager's status of the load's paperwork (decision 024: derived, never stored). */
const paperwork = paperworkStatusOf(LOAD_ID);
/** Held back: no BOL or POD on file, or accounting rejected it (until the driver uploads again). */
const isHeld = sql`${paperwork} in ('missing', 'rejected')`;
const onLiveInvoice = sql`(select 1 from ${invoiceLoads} where ${invoiceLoads.loadId} = ${loads.id} and not ${invoiceLoads.released})`;

/** Why a load with this paperwork waits, or null when it can be billed. */
function holdOf(status: PaperworkStatus, reason: string | null): BillingHold | null {
  if (status === "missing") return { kind: "missing", reason: null };
  if (status === "rejected") return { kind: "rejected", reason };
  return null;
}

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
      if (query.paperwork === "ready") where.push(sql`not ${isHeld}`);
      if (query.paperwork === "held") where.push(isHeld);
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
          paperwork,
          reason: rejectionReasonOf(LOAD_ID),
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
      const items = page.map(({ load: l, customerName, hasProof: proof, paperwork: status, reason }) => {
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
          hold: holdOf(status, reason),
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
     * One invoice for a customer's chosen loads. Loads whose paperwork is missing or rejected are
     * held back unless the user overrides it (recorded, with each rejection's reason); the invoice
     * is emailed when asked.
     */
    async invoice(
      actor: Actor,
      input: { customerId: string; loadIds: string[]; send: boolean; overrideMissingPod: boolean },
    ): Promise<BillFromQueueResult> {
      const rows = await db
        .select({
          id: loads.id,
          loadNumber: loads.loadNumber,
          paperwork,
          reason: rejectionReasonOf(LOAD_ID),
        })
        .from(loads)
        .where(inArray(loads.id, input.loadIds))
        .orderBy(loads.loadNumber);
      const holding = rows.flatMap(({ id, loadNumber, paperwork: status, reason }) => {
        const hold = holdOf(status, reason);
        return hold ? [{ id, loadNumber, hold }] : [];
      });
      const held = input.overrideMissingPod ? [] : holding;
      const billed = input.loadIds.filter((id) => !held.some((h) => h.id === id));
      if (!billed.length) return { invoice: null, delivery: null, held };
      const invoice = await invoicesService.create(actor, {
        customerId: input.customerId,
        loadIds: billed,
        notes: "",
      });
      if (input.overrideMissingPod && holding.length) {
        const rejected = holding.filter((h) => h.hold.kind === "rejected");
        await db.transaction((tx) =>
          recordAudit(tx, actor, {
            action: "invoice.pod_override",
            targetType: "invoice",
            targetId: invoice.id,
            targetLabel: invoice.invoiceNumber,
            details: {
              loads: holding.map((h) => h.loadNumber),
              // The reviewer's words, so the log says what was billed over (decision 017: data, not prose).
              ...(rejected.length
                ? { rejected: rejected.map((h) => `${h.loadNumber}: ${h.hold.reason ?? ""}`.trim()) }
                : {}),
            },
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
