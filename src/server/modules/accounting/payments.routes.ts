import { paymentListQuerySchema, paymentPageSchema } from "@shared/accounting/payments.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createPaymentsService } from "./payments.service";

export function paymentsRoutes(deps: Deps) {
  const payments = createPaymentsService(deps);
  const t = routeTable({ tags: ["Accounting"], access: "ledger:read" });
  t.list(
    "/api/payments",
    {
      summary:
        "What is owed and what was paid, in one list: open bills and open customer invoices (pending, or overdue " +
        "past the due date), bill and invoice payments (paid). Views all / pending / paid, direction, period, " +
        "search (bill, invoice number, payee, reference), sort, pages, and the filtered set's sums",
      query: paymentListQuerySchema,
      response: paymentPageSchema,
    },
    ({ query }) => payments.list(query),
  );
  return t.app;
}
