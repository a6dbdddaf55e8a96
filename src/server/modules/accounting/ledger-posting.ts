import type {
  LedgerCategory,
  LedgerDirection,
  LedgerPaymentMethod,
  LedgerSource,
} from "@shared/accounting/ledger.schema";
import { fromCents, toCents } from "@shared/loads/loads.schema";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { transactions } from "../../db/schema";

/**
 * How a source puts its money in the ledger (decision 024): inside the transaction of its own
 * change, `postToLedger` on create and edit, `withdrawFromLedger` on delete or undo. The row is keyed
 * by (source, sourceId), so posting twice updates one row and a withdrawn source posted again
 * comes back (a citation paid, reopened, paid again).
 */
export interface Posting {
  source: Exclude<LedgerSource, "manual">;
  sourceId: string;
  /** The record the source belongs to, for its link (an invoice payment's invoice). */
  sourceParentId?: string | null;
  /** The company's calendar day (see `companyDay`). */
  occurredOn: string;
  direction: LedgerDirection;
  category: LedgerCategory;
  /**
   * A decimal string. Negative turns the direction round (a toll credit is money in); zero (or
   * null: a maintenance item without a cost) withdraws the row.
   */
  amount: string | null;
  counterparty?: string | null;
  paymentMethod?: LedgerPaymentMethod | null;
  reference?: string | null;
  notes?: string | null;
  vehicleId?: string | null;
  driverId?: string | null;
  loadId?: string | null;
  receiptFileId?: string | null;
  /** Who made the source change. */
  userId?: string | null;
}

export async function postToLedger(tx: Tx, posting: Posting): Promise<void> {
  const cents = posting.amount === null ? 0 : toCents(posting.amount.replace("-", "")) * sign(posting.amount);
  if (cents === 0) {
    await withdrawFromLedger(tx, posting.source, posting.sourceId);
    return;
  }
  const direction =
    cents > 0
      ? posting.direction
      : posting.direction === "income"
        ? ("expense" as const)
        : ("income" as const);
  const values = {
    occurredOn: posting.occurredOn,
    direction,
    category: posting.category,
    amount: fromCents(Math.abs(cents)),
    counterparty: (posting.counterparty ?? "").slice(0, 160),
    paymentMethod: posting.paymentMethod ?? null,
    reference: (posting.reference ?? "").slice(0, 80),
    notes: (posting.notes ?? "").slice(0, 1000),
    vehicleId: posting.vehicleId ?? null,
    driverId: posting.driverId ?? null,
    loadId: posting.loadId ?? null,
    receiptFileId: posting.receiptFileId ?? null,
    sourceParentId: posting.sourceParentId ?? null,
  };
  await tx
    .insert(transactions)
    .values({
      ...values,
      source: posting.source,
      sourceId: posting.sourceId,
      createdBy: posting.userId ?? null,
    })
    .onConflictDoUpdate({
      target: [transactions.source, transactions.sourceId],
      targetWhere: sql`source_id is not null`,
      set: { ...values, voidedAt: null, voidKind: null, voidReason: null, voidedBy: null },
    });
}

/** The source is gone or undone: its row stays, void, so the history shows what happened. */
export async function withdrawFromLedger(
  tx: Tx,
  source: Exclude<LedgerSource, "manual">,
  sourceId: string,
  userId: string | null = null,
): Promise<void> {
  await tx
    .update(transactions)
    .set({ voidedAt: new Date(), voidKind: "source_removed", voidedBy: userId })
    .where(
      and(
        eq(transactions.source, source),
        eq(transactions.sourceId, sourceId),
        isNull(transactions.voidedAt),
      ),
    );
}

/** The day a source's row is on (null when it has none): an edit that does not move the money keeps it. */
export async function postedDay(
  tx: Tx,
  source: Exclude<LedgerSource, "manual">,
  sourceId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ occurredOn: transactions.occurredOn })
    .from(transactions)
    .where(and(eq(transactions.source, source), eq(transactions.sourceId, sourceId)));
  return row?.occurredOn ?? null;
}

const sign = (amount: string) => (amount.trim().startsWith("-") ? -1 : 1);

/** Kept here for the ledger's sources that import it with the posting rules. */
export { companyDay } from "../../platform/company-day";
