import { z } from "@hono/zod-openapi";
import {
  billInputSchema,
  billListQuerySchema,
  billPageSchema,
  billRemovedSchema,
  billSchema,
  payBillSchema,
} from "@shared/accounting/bills.schema";
import type { Deps } from "../../deps";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createBillsService } from "./bills.service";

const WRITE = "bills:write";
const paymentParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  paymentId: z.uuid({ message: "Invalid id." }),
});

export function billsRoutes(deps: Deps) {
  const bills = createBillsService(deps);
  const t = routeTable({ tags: ["Accounting"], access: "bills:read" });
  t.list(
    "/api/bills",
    {
      summary:
        "Bills: views open / upcoming (due in the next 7 days, today included, in the company's time zone) / " +
        "overdue / paid / all, search (name, vendor, account number), type and service filters, sort, pages; " +
        "with the upcoming, overdue and paid-this-month sums",
      query: billListQuerySchema,
      response: billPageSchema,
    },
    ({ query }) => bills.list(query),
  );
  t.create(
    "/api/bills",
    {
      summary: "Add a bill: one-time, or a subscription repeating weekly, monthly, quarterly or yearly",
      access: WRITE,
      body: billInputSchema,
      response: billSchema,
      described: "Added",
    },
    ({ actor, body }) => bills.create(actor, body),
  );
  t.get("/api/bills/{id}", { summary: "One bill with its payments", response: billSchema }, ({ id }) =>
    bills.get(id),
  );
  t.update(
    "/api/bills/{id}",
    {
      summary: "Edit a bill (a new due date restarts a subscription's calendar from it)",
      access: WRITE,
      conflict: "BILL_CANCELLED: a cancelled bill does not change",
      body: billInputSchema,
      response: billSchema,
    },
    ({ actor, id, body }) => bills.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/bills/{id}/pay",
    {
      summary:
        "Mark as paid: records the current due date's payment and posts the expense to the ledger. A one-time " +
        "bill is then paid; a subscription moves to its next due date. 409 BILL_ALREADY_PAID for a paid bill or " +
        "a due date paid already",
      access: WRITE,
      params: uuidParams,
      body: payBillSchema,
      response: billSchema,
    },
    ({ actor, id, body }) => bills.pay(actor, id, body),
  );
  t.json(
    "delete",
    "/api/bills/{id}/payments/{paymentId}",
    {
      summary:
        "Take back the latest payment (recorded by mistake): the bill is due again on that date and the " +
        "ledger row is voided. 409 BILL_PAYMENT_NOT_LATEST for an earlier one",
      access: WRITE,
      params: paymentParams,
      response: billSchema,
    },
    ({ actor, params }) => bills.removePayment(actor, params.id, params.paymentId),
  );
  t.json(
    "delete",
    "/api/bills/{id}",
    {
      summary: "Delete a bill never paid; a bill with payments is cancelled instead (its payments stay)",
      access: WRITE,
      params: uuidParams,
      response: billRemovedSchema,
    },
    ({ actor, id }) => bills.remove(actor, id),
  );
  return t.app;
}
