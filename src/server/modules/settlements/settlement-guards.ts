import { SETTLEMENT_MESSAGES } from "@shared/settlements/settlements.schema";
import type { Tx } from "../../db/client";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { lockSettlement, type SettlementRow } from "./settlements.repo";

/** The settlement locked for a change of status; 404 when missing. */
export async function lockAny(tx: Tx, id: string): Promise<SettlementRow> {
  const row = await lockSettlement(tx, id);
  if (!row) throw notFound("The settlement");
  return row;
}

/**
 * The settlement locked for a change of its lines or notes; 404 when missing, 409 unless it is a
 * draft (the database refuses the change too: trigger, SQLSTATE LMS01).
 */
export async function lockDraft(tx: Tx, id: string): Promise<SettlementRow> {
  const row = await lockAny(tx, id);
  if (row.status !== "draft") throw conflict(SETTLEMENT_MESSAGES.locked, "SETTLEMENT_LOCKED");
  return row;
}

export async function auditSettlement(
  tx: Tx,
  actor: Actor,
  action: "settlement.approved" | "settlement.paid" | "settlement.voided" | "settlement.changed",
  row: { id: string; number: string },
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, actor, {
    action,
    targetType: "settlement",
    targetId: row.id,
    targetLabel: row.number,
    details,
  });
}
