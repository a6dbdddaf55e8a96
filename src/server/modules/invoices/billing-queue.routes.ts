import {
  billFromQueueResultSchema,
  billFromQueueSchema,
  billingQueuePageSchema,
  billingQueueQuerySchema,
} from "@shared/invoices/invoices.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createBillingQueueService } from "./billing-queue.service";

export function billingQueueRoutes(deps: Deps) {
  const queue = createBillingQueueService(deps);
  const t = routeTable({ tags: ["Invoices"], access: "invoices:read" });
  t.list(
    "/api/billing-queue",
    {
      summary:
        "Completed loads no live invoice bills, by customer, with their paperwork (rate confirmation, BOL, POD) " +
        "and the amount to bill; search, customer and paperwork (ready / held: no proof of delivery) filters, pages",
      query: billingQueueQuerySchema,
      response: billingQueuePageSchema,
    },
    ({ query }) => queue.list(query),
  );
  t.create(
    "/api/billing-queue/invoice",
    {
      summary:
        "One invoice from the queue for a customer's chosen loads, through the invoices service; optionally " +
        "emailed with the merged PDF. Loads without a POD or signed BOL are held back unless overridden (the " +
        "override is audited). 409 LOAD_ALREADY_INVOICED when another user billed a load first",
      access: "invoices:write",
      body: billFromQueueSchema,
      response: billFromQueueResultSchema,
      described: "Made (or every load held back)",
    },
    ({ actor, body }) => queue.invoice(actor, body),
  );
  return t.app;
}
