import { OpenAPIHono } from "@hono/zod-openapi";
import { paymentListQuerySchema, paymentPageSchema } from "@shared/accounting/payments.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { createPaymentsService } from "./payments.service";

const list = defineRoute({
  method: "get",
  path: "/api/payments",
  tags: ["Accounting"],
  summary:
    "What is owed and what was paid, in one list: open bills and open customer invoices (pending, or overdue " +
    "past the due date), bill and invoice payments (paid). Views all / pending / paid, direction, period, " +
    "search (bill, invoice number, payee, reference), sort, pages, and the filtered set's sums",
  access: "ledger:read",
  request: { query: paymentListQuerySchema },
  responses: { 200: jsonContent(paymentPageSchema) },
});

export function paymentsRoutes(deps: Deps) {
  const payments = createPaymentsService(deps);
  return new OpenAPIHono<AppEnv>().openapi(list, async (c) =>
    c.json(await payments.list(c.req.valid("query")), 200),
  );
}
