import { OpenAPIHono } from "@hono/zod-openapi";
import {
  billFromQueueResultSchema,
  billFromQueueSchema,
  billingQueuePageSchema,
  billingQueueQuerySchema,
} from "@shared/invoices/invoices.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createBillingQueueService } from "./billing-queue.service";

const tags = ["Invoices"];

const list = defineRoute({
  method: "get",
  path: "/api/billing-queue",
  tags,
  summary:
    "Completed loads no live invoice bills, by customer, with their paperwork (rate confirmation, BOL, POD) " +
    "and the amount to bill; search, customer and paperwork (ready / held: no proof of delivery) filters, pages",
  access: "invoices:read",
  request: { query: billingQueueQuerySchema },
  responses: { 200: jsonContent(billingQueuePageSchema) },
});
const invoice = defineRoute({
  method: "post",
  path: "/api/billing-queue/invoice",
  tags,
  summary:
    "One invoice from the queue for a customer's chosen loads, through the invoices service; optionally " +
    "emailed with the merged PDF. Loads without a POD or signed BOL are held back unless overridden (the " +
    "override is audited). 409 LOAD_ALREADY_INVOICED when another user billed a load first",
  access: "invoices:write",
  request: { body: jsonBody(billFromQueueSchema) },
  responses: { 201: jsonContent(billFromQueueResultSchema, "Made (or every load held back)") },
});

export function billingQueueRoutes(deps: Deps) {
  const queue = createBillingQueueService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await queue.list(c.req.valid("query")), 200))
    .openapi(invoice, async (c) => c.json(await queue.invoice(actorOf(c), c.req.valid("json")), 201));
}
