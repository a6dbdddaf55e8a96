import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  billInputSchema,
  billListQuerySchema,
  billPageSchema,
  billRemovedSchema,
  billSchema,
  payBillSchema,
} from "@shared/accounting/bills.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createBillsService } from "./bills.service";

const tags = ["Accounting"];
const READ = "bills:read";
const WRITE = "bills:write";
const paymentParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  paymentId: z.uuid({ message: "Invalid id." }),
});

const list = defineRoute({
  method: "get",
  path: "/api/bills",
  tags,
  summary:
    "Bills: views open / upcoming (due in the next 7 days, today included, in the company's time zone) / " +
    "overdue / paid / all, search (name, vendor, account number), type and service filters, sort, pages; " +
    "with the upcoming, overdue and paid-this-month sums",
  access: READ,
  request: { query: billListQuerySchema },
  responses: { 200: jsonContent(billPageSchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/bills",
  tags,
  summary: "Add a bill: one-time, or a subscription repeating weekly, monthly, quarterly or yearly",
  access: WRITE,
  request: { body: jsonBody(billInputSchema) },
  responses: { 201: jsonContent(billSchema, "Added") },
});
const get = defineRoute({
  method: "get",
  path: "/api/bills/{id}",
  tags,
  summary: "One bill with its payments",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(billSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/bills/{id}",
  tags,
  summary: "Edit a bill (a new due date restarts a subscription's calendar from it)",
  access: WRITE,
  conflict: "BILL_CANCELLED: a cancelled bill does not change",
  request: { params: uuidParams, body: jsonBody(billInputSchema) },
  responses: { 200: jsonContent(billSchema) },
});
const pay = defineRoute({
  method: "post",
  path: "/api/bills/{id}/pay",
  tags,
  summary:
    "Mark as paid: records the current due date's payment and posts the expense to the ledger. A one-time " +
    "bill is then paid; a subscription moves to its next due date. 409 BILL_ALREADY_PAID for a paid bill or " +
    "a due date paid already",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(payBillSchema) },
  responses: { 200: jsonContent(billSchema) },
});
const removePayment = defineRoute({
  method: "delete",
  path: "/api/bills/{id}/payments/{paymentId}",
  tags,
  summary:
    "Take back the latest payment (recorded by mistake): the bill is due again on that date and the " +
    "ledger row is voided. 409 BILL_PAYMENT_NOT_LATEST for an earlier one",
  access: WRITE,
  request: { params: paymentParams },
  responses: { 200: jsonContent(billSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/bills/{id}",
  tags,
  summary: "Delete a bill never paid; a bill with payments is cancelled instead (its payments stay)",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(billRemovedSchema) },
});

export function billsRoutes(deps: Deps) {
  const bills = createBillsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await bills.list(c.req.valid("query")), 200))
    .openapi(create, async (c) => c.json(await bills.create(actorOf(c), c.req.valid("json")), 201))
    .openapi(get, async (c) => c.json(await bills.get(c.req.valid("param").id), 200))
    .openapi(update, async (c) =>
      c.json(await bills.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(pay, async (c) =>
      c.json(await bills.pay(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(removePayment, async (c) => {
      const { id, paymentId } = c.req.valid("param");
      return c.json(await bills.removePayment(actorOf(c), id, paymentId), 200);
    })
    .openapi(remove, async (c) => c.json(await bills.remove(actorOf(c), c.req.valid("param").id), 200));
}
