import { lineEffect } from "@shared/settlements/pay";
import type { SettlementLine, SettlementStatus } from "@shared/settlements/settlements.schema";
import { formatDate, formatMoney } from "../../../lib/format";

export const STATUS_TONES: Record<SettlementStatus, "neutral" | "info" | "success" | "danger"> = {
  draft: "neutral",
  approved: "info",
  paid: "success",
  void: "danger",
};

/** "Nov 23, 2026 – Nov 29, 2026": a pay period in the reader's date format. */
export const periodLabel = (p: { start: string; end: string }) =>
  `${formatDate(p.start)} – ${formatDate(p.end)}`;

/**
 * A line's amount as the statement prints it: earnings and additions as they are, deductions with
 * their sign — "−$120.40" deducted, "+$99,738.20" for the part carried to the next settlement.
 */
export function lineAmount(line: SettlementLine): string {
  const effect = lineEffect(line);
  if (effect.startsWith("-")) return `−${formatMoney(effect.slice(1))}`;
  return line.section === "deduction" ? `+${formatMoney(effect)}` : formatMoney(effect);
}
