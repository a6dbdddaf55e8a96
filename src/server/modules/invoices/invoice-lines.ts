import type { InvoiceLineKind } from "@shared/invoices/invoices.schema";
import { invoiceLinesForLoad } from "@shared/invoices/invoices.schema";
import type { loads } from "../../db/schema";
import { formatDate } from "../../platform/pdf/format";

type LoadRow = typeof loads.$inferSelect;

const LINE_LABELS: Record<InvoiceLineKind, string> = {
  line_haul: "Line haul",
  lumper: "Lumper fee",
  detention: "Detention",
  other: "Other charges",
};

/** The lines of the given loads, in invoice order (pickup, then number). */
export function linesForLoads(rows: LoadRow[]) {
  return [...rows]
    .sort((a, b) => a.pickupAt.getTime() - b.pickupAt.getTime() || a.loadNumber.localeCompare(b.loadNumber))
    .flatMap((load) =>
      invoiceLinesForLoad(load).map((line) => ({
        loadId: load.id,
        loadNumber: load.loadNumber,
        kind: line.kind,
        amount: line.amount,
        description:
          line.kind === "line_haul"
            ? `${LINE_LABELS.line_haul}: ${load.pickupCity}, ${load.pickupState} to ${load.deliveryCity}, ${load.deliveryState}` +
              (load.deliveredAt ? `, delivered ${formatDate(load.deliveredAt)}` : "")
            : LINE_LABELS[line.kind],
      })),
    );
}
