import type { SettlementStatus } from "@shared/settlements/settlements.schema";
import { formatDate } from "../../../lib/format";

export const STATUS_TONES: Record<SettlementStatus, "neutral" | "info" | "success" | "danger"> = {
  draft: "neutral",
  approved: "info",
  paid: "success",
  void: "danger",
};

/** "Nov 23, 2026 – Nov 29, 2026": a pay period in the reader's date format. */
export const periodLabel = (p: { start: string; end: string }) =>
  `${formatDate(p.start)} – ${formatDate(p.end)}`;
