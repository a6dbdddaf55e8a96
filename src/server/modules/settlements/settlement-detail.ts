import { CARRY_FORWARD_KIND, cents, money } from "@shared/settlements/pay";
import type { Settlement, SettlementLine, SettlementSummary } from "@shared/settlements/settlements.schema";
import type { Tx } from "../../db/client";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { iso } from "../../http/pagination";
import { scopeOf } from "../../http/scope";
import { escrowBalance } from "./deductions.repo";
import {
  findSummary,
  type LineRow,
  linesOf,
  type SummaryRow,
  settlementWithPeople,
  yearToDateGross,
} from "./settlements.repo";

/** A timestamp from a hand-written query (a Date or PostgreSQL's text, depending on the driver's parsers). */
export const isoOf = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const sumTwo = (a: string, b: string) => money(cents(a) + cents(b));

export const toSummary = (r: SummaryRow): SettlementSummary => ({
  id: r.id,
  number: r.number,
  driver: { id: r.driver_id, fullName: r.full_name, workerType: r.worker_type },
  periodStart: r.period_start,
  periodEnd: r.period_end,
  status: r.status,
  loadCount: r.load_count,
  earnings: r.earnings,
  additions: r.additions,
  gross: sumTwo(r.earnings, r.additions),
  deductions: r.deductions,
  net: r.net,
  paidOn: r.paid_on,
  missingPay: r.missing_pay,
});

/** `draft`: the line may still follow its load (a changed miles figure is shown, for Refresh). */
const toLine = (r: LineRow, draft: boolean): SettlementLine => ({
  id: r.id,
  section: r.section,
  kind: r.kind,
  description: r.description,
  amount: r.amount,
  load: r.load_id
    ? {
        id: r.load_id,
        loadNumber: r.load_number ?? "",
        pickupCity: r.pickup_city ?? "",
        pickupState: r.pickup_state ?? "",
        deliveryCity: r.delivery_city ?? "",
        deliveryState: r.delivery_state ?? "",
        deliveredAt: isoOf(r.delivered_at),
      }
    : null,
  payType: r.pay_type,
  payRate: r.pay_rate,
  percentageBase: r.percentage_base,
  baseAmount: r.base_amount,
  miles: r.miles,
  milesEstimated: r.miles_source === "estimated",
  milesNow: draft && r.load_id ? r.miles_now : null,
  fromDriverDefault: r.from_driver_default,
  remainingAfter: r.remaining_after,
  adjustsSettlement: r.adjusts_id ? { id: r.adjusts_id, number: r.adjusts_number ?? "" } : null,
  hasReceipt: !!r.receipt_file_id,
  receiptFileName: r.receipt_file_name,
});

/**
 * One settlement's summary as `actor` may see it (`http/scope.ts`): staff any; a driver only their
 * own approved or paid ones — someone else's, or a draft, is 404.
 */
export async function visibleSettlement(tx: Tx, actor: Actor, id: string): Promise<SummaryRow> {
  const row = await findSummary(tx, id, scopeOf(actor));
  if (!row) throw notFound("The settlement");
  return row;
}

async function detail(tx: Tx, row: SummaryRow): Promise<Settlement> {
  const full = await settlementWithPeople(tx, row.id);
  const lines = await linesOf(tx, row.id, row.period_end);
  const counts = row.status === "approved" || row.status === "paid" || row.status === "draft";
  const through = row.paid_on ?? row.period_end;
  const ytd = await yearToDateGross(tx, row.driver_id, through);
  const summary = toSummary(row);
  return {
    ...summary,
    lines: lines.map((l) => toLine(l, row.status === "draft")),
    payMethod: full.row.payMethod,
    payReference: full.row.payReference,
    voidReason: full.row.voidReason,
    notes: full.row.notes,
    approvedAt: iso(full.row.approvedAt),
    approvedByName: full.approvedByName,
    paidByName: full.paidByName,
    escrowBalance: await escrowBalance(tx, row.driver_id, row.period_end, counts ? row.id : null),
    // Year to date: paid settlements this year through this one; an unpaid one adds its own gross.
    yearToDateGross: row.status === "paid" ? ytd : sumTwo(ytd, summary.gross),
    carriedForward: money(
      -lines.filter((l) => l.kind === CARRY_FORWARD_KIND).reduce((sum, l) => sum + cents(l.amount), 0n),
    ),
    createdAt: iso(full.row.createdAt) ?? "",
  };
}

/** The whole settlement — lines, escrow, year to date — as `actor` may see it (else 404). */
export async function readSettlement(tx: Tx, actor: Actor, id: string): Promise<Settlement> {
  return detail(tx, await visibleSettlement(tx, actor, id));
}
