import { RECEIPT_MAX_BYTES, RECEIPT_TYPES } from "@shared/fuel/fuel.schema";
import { addDays, cents, money, type PayPeriod, settlementFigures } from "@shared/settlements/pay";
import {
  type AddLineValues,
  ESCROW_RETURN_DAYS,
  type EscrowDue,
  type PaySettings,
  RECEIPT_KINDS,
  SETTLEMENT_MESSAGES,
  type Settlement,
  type StandingDeduction,
  type StandingDeductionValues,
} from "@shared/settlements/settlements.schema";
import type { Tx } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { chosenFile, readStored } from "../../http/files";
import { recordAudit } from "../../platform/audit/audit";
import { companyDay } from "../accounting/ledger-posting";
import {
  carriedShortfalls,
  escrowHeld,
  fuelCardPurchases,
  insertStandingDeduction,
  listStandingDeductions,
  paidCitations,
  standingDue,
  updateStandingDeduction,
} from "./deductions.repo";
import { readSettlement, visibleSettlement } from "./settlement-detail";
import { auditSettlement, lockDraft } from "./settlement-guards";
import {
  deleteFile,
  deleteLine,
  findLine,
  findSettlement,
  insertLines,
  lineAmounts,
  type NewLine,
  receiptOf,
  recomputeTotals,
  settledBefore,
  updateLine,
} from "./settlements.repo";

/**
 * The lines a new draft starts with beyond its loads: standing deductions due (each capped by what
 * is left of its total), owner-operators' fuel-card purchases, charged-back citations, and the
 * shortfall carried from the driver's last settlement.
 */
export async function openingLines(
  tx: Tx,
  settlementId: string,
  driver: { id: string; workerType: string },
  period: PayPeriod,
  settings: PaySettings,
  timeZone: string,
  userId: string | null,
) {
  const standing = await standingDue(tx, driver.id, period.end);
  const rows: NewLine[] = standing.map((s, i) => ({
    settlementId,
    section: "deduction" as const,
    kind: s.kind as NewLine["kind"],
    description: s.description,
    amount: s.take,
    standingDeductionId: s.id,
    position: 100 + i,
    createdBy: userId,
  }));
  if (settings.deductFuelCard && driver.workerType === "contractor") {
    const fuel = await fuelCardPurchases(tx, driver.id, period, timeZone);
    fuel.forEach((f, i) => {
      rows.push({
        settlementId,
        section: "deduction",
        kind: "fuel_card",
        description: `${f.day} ${f.location}`.slice(0, 200),
        amount: f.total_amount,
        fuelEntryId: f.id,
        position: 200 + i,
        createdBy: userId,
      });
    });
  }
  if (settings.chargeBackCitations) {
    const paid = await paidCitations(tx, driver.id, period);
    paid.forEach((c, i) => {
      rows.push({
        settlementId,
        section: "deduction",
        kind: "citation",
        description: c.label.trim().slice(0, 200),
        amount: c.amount,
        citationId: c.id,
        position: 300 + i,
        createdBy: userId,
      });
    });
  }
  // The carry-forward line is a negative deduction: the next settlement deducts its opposite.
  const carried = await carriedShortfalls(tx, driver.id, period.start);
  carried.forEach((c, i) => {
    rows.push({
      settlementId,
      section: "deduction",
      kind: "carried_over",
      description: c.number,
      amount: c.amount,
      carriedFromLineId: c.id,
      position: i,
      createdBy: userId,
    });
  });
  await insertLines(tx, rows);
}

/**
 * A draft's additions and deductions by hand (with the carry-forward confirmation and the
 * reimbursement's receipt), the standing deductions, and the escrow due back to drivers who left.
 */
export function createDeductionsService({ db, config, storage }: Deps) {
  const get = (actor: Actor, id: string) => readSettlement(db, actor, id);

  return {
    async addLine(
      actor: Actor,
      id: string,
      input: AddLineValues,
      receiptFileId: string | null = null,
    ): Promise<Settlement> {
      await db.transaction(async (tx) => {
        const s = await lockDraft(tx, id);
        if (input.adjustsSettlementId) {
          const original = await findSettlement(tx, input.adjustsSettlementId);
          if (
            !original ||
            original.driverId !== s.driverId ||
            (original.status !== "approved" && original.status !== "paid") ||
            original.periodEnd >= s.periodStart
          ) {
            throw badRequest(SETTLEMENT_MESSAGES.adjustsOwn, {
              fields: { adjustsSettlementId: SETTLEMENT_MESSAGES.adjustsOwn },
            });
          }
        }
        if (input.section === "deduction" && !input.allowCarryForward) {
          // A deduction the settlement cannot take in full (a typo of 100,000 for 1,000 looks just
          // like this) is carried to the next settlement only when someone confirms it.
          const current = await lineAmounts(tx, id);
          const before = settlementFigures(current);
          const after = settlementFigures([
            ...current,
            { section: "deduction", kind: input.kind, amount: input.amount },
          ]);
          if (cents(after.carriedForward) > cents(before.carriedForward)) {
            throw conflict(SETTLEMENT_MESSAGES.carryForward, "CARRY_FORWARD_UNCONFIRMED", {
              gross: before.gross,
              net: before.net,
              carriedForward: after.carriedForward,
            });
          }
        }
        await insertLines(tx, [
          {
            settlementId: id,
            section: input.section,
            kind: input.kind,
            description: input.description,
            amount: input.amount,
            adjustsSettlementId: input.adjustsSettlementId,
            receiptFileId,
            position: 500,
            createdBy: actor.userId,
          },
        ]);
        await recomputeTotals(tx, [id]);
        await auditSettlement(tx, actor, "settlement.changed", s, { kind: input.kind, amount: input.amount });
      });
      return get(actor, id);
    },

    async removeLine(actor: Actor, id: string, lineId: string): Promise<Settlement> {
      const oldKey = await db.transaction(async (tx) => {
        const s = await lockDraft(tx, id);
        const line = await findLine(tx, id, lineId);
        if (!line) throw notFound("The line");
        if (line.kind === "carry_forward") throw conflict(SETTLEMENT_MESSAGES.systemLine, "SYSTEM_LINE");
        await deleteLine(tx, lineId);
        await recomputeTotals(tx, [id]);
        await auditSettlement(tx, actor, "settlement.changed", s, { kind: line.kind, amount: line.amount });
        return line.receiptFileId ? deleteFile(tx, line.receiptFileId) : null;
      });
      if (oldKey) await storage.remove(oldKey);
      return get(actor, id);
    },

    /**
     * Attaches the driver's receipt (a PDF or photo, checked by its content) to a reimbursement on a
     * draft; a new one replaces the old. Approved lines are frozen, receipts included.
     */
    async attachReceipt(actor: Actor, id: string, lineId: string, upload: unknown): Promise<Settlement> {
      const file = chosenFile(upload);
      if (!file) {
        throw badRequest(SETTLEMENT_MESSAGES.receiptRequired, {
          fields: { receipt: SETTLEMENT_MESSAGES.receiptRequired },
        });
      }
      const oldKey = await db.transaction(async (tx) => {
        const s = await lockDraft(tx, id);
        const line = await findLine(tx, id, lineId);
        if (!line) throw notFound("The line");
        if (!RECEIPT_KINDS.includes(line.kind)) {
          throw badRequest(SETTLEMENT_MESSAGES.receiptKindOnly, {
            fields: { receipt: SETTLEMENT_MESSAGES.receiptKindOnly },
          });
        }
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: RECEIPT_MAX_BYTES, allowedTypes: RECEIPT_TYPES },
          actor.userId,
        );
        await updateLine(tx, lineId, { receiptFileId: stored.id });
        await auditSettlement(tx, actor, "settlement.changed", s, {
          kind: line.kind,
          receipt: stored.fileName,
        });
        return line.receiptFileId ? deleteFile(tx, line.receiptFileId) : null;
      });
      if (oldKey) await storage.remove(oldKey);
      return get(actor, id);
    },

    /** A line's receipt, for whoever may read the settlement (a driver their own approved ones). */
    async receipt(actor: Actor, id: string, lineId: string) {
      await visibleSettlement(db, actor, id);
      const row = await receiptOf(db, id, lineId);
      if (!row) throw notFound("The receipt");
      return {
        bytes: await readStored(storage, row.storageKey, "The receipt's content"),
        fileName: row.fileName,
        contentType: row.contentType,
      };
    },

    /** Earlier approved or paid settlements of the same driver, which an adjustment may correct. */
    async adjustable(id: string): Promise<Array<{ id: string; number: string; periodEnd: string }>> {
      const s = await findSettlement(db, id);
      if (!s) throw notFound("The settlement");
      return settledBefore(db, s.driverId, s.periodStart);
    },

    // ---- Standing deductions

    async deductions(query: { driverId?: string; active?: "true" | "false" }): Promise<StandingDeduction[]> {
      const rows = await listStandingDeductions(db, query);
      return rows.map((r) => ({
        id: r.id,
        driverId: r.driver_id,
        driverName: r.full_name,
        kind: r.kind,
        description: r.description,
        perPeriod: r.per_period,
        total: r.total,
        taken: r.taken,
        remaining: r.total === null ? null : money(cents(r.total) - cents(r.taken)),
        source: r.source,
        startsOn: r.starts_on,
        active: r.active,
      }));
    },

    async saveDeduction(actor: Actor, id: string | null, input: StandingDeductionValues) {
      return db.transaction(async (tx) => {
        const values = {
          driverId: input.driverId,
          kind: input.kind,
          description: input.description,
          perPeriod: input.perPeriod,
          total: input.total,
          source: input.source,
          startsOn: input.startsOn,
          active: input.active,
          updatedAt: new Date(),
        };
        let savedId = id;
        if (id) {
          if (!(await updateStandingDeduction(tx, id, values))) throw notFound("The deduction");
        } else {
          savedId = await insertStandingDeduction(tx, values, actor.userId);
        }
        await recordAudit(tx, actor, {
          action: id ? "standing_deduction.updated" : "standing_deduction.created",
          targetType: "standing_deduction",
          targetId: savedId ?? undefined,
          targetLabel: input.kind,
          details: {
            kind: input.kind,
            amount: input.perPeriod,
            total: input.total,
            driverId: input.driverId,
          },
        });
        return { id: savedId as string };
      });
    },

    /** Terminated drivers whose escrow the company still holds, with the day it is due back (45 days). */
    async escrowDue(): Promise<EscrowDue[]> {
      const rows = await escrowHeld(db, config.company.timeZone);
      const day = companyDay(new Date(), config.company.timeZone);
      return rows.map((r) => {
        const dueBy = addDays(r.terminated_on, ESCROW_RETURN_DAYS);
        return {
          driverId: r.id,
          driverName: r.full_name,
          balance: r.balance,
          terminatedOn: r.terminated_on,
          dueBy,
          overdue: dueBy < day,
        };
      });
    },
  };
}
