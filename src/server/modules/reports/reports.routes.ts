import { OpenAPIHono } from "@hono/zod-openapi";
import {
  iftaRatesInputSchema,
  iftaRatesQuerySchema,
  iftaRatesSchema,
  reportExportQuerySchema,
  reportListSchema,
  reportParamsSchema,
  reportQuerySchema,
  reportSchema,
} from "@shared/reports/reports.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createReportsService } from "./reports.service";

const tags = ["Reports"];
const READ = "reports:read";

const list = defineRoute({
  method: "get",
  path: "/api/reports",
  tags,
  summary: "The reports the caller's role opens (the money reports need the ledger's roles too)",
  access: READ,
  responses: { 200: jsonContent(reportListSchema) },
});
const report = defineRoute({
  method: "get",
  path: "/api/reports/{reportId}",
  tags,
  summary:
    "A report for a period (this week, month, quarter or year, the last ones, or a custom range) compared with the previous period: KPI figures, tables and the charts drawn from them, each figure linking to its rows",
  access: READ,
  request: { params: reportParamsSchema, query: reportQuerySchema },
  responses: { 200: jsonContent(reportSchema) },
});
const reportExport = defineRoute({
  method: "get",
  path: "/api/reports/{reportId}/export",
  tags,
  summary:
    "The report as PDF (company header, charts, tables) or its tables as CSV or Excel, in the reader's language",
  access: READ,
  request: { params: reportParamsSchema, query: reportExportQuerySchema },
  responses: { 200: binary([PDF_TYPE, ...SHEET_TYPES], "The file") },
});
const iftaRates = defineRoute({
  method: "get",
  path: "/api/reports/ifta/rates",
  tags,
  summary: "The IFTA tax rates entered for a quarter",
  access: READ,
  request: { query: iftaRatesQuerySchema },
  responses: { 200: jsonContent(iftaRatesSchema) },
});
const saveIftaRates = defineRoute({
  method: "put",
  path: "/api/reports/ifta/rates",
  tags,
  summary: "Replace a quarter's IFTA tax rates (per gallon, per jurisdiction)",
  access: "iftaRates:write",
  request: { query: iftaRatesQuerySchema, body: jsonBody(iftaRatesInputSchema) },
  responses: { 200: jsonContent(iftaRatesSchema) },
});

export function reportsRoutes(deps: Deps) {
  const reports = createReportsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, (c) => c.json(reports.list(actorOf(c)), 200))
    .openapi(iftaRates, async (c) => c.json(await reports.iftaRates(c.req.valid("query").quarter), 200))
    .openapi(saveIftaRates, async (c) =>
      c.json(await reports.saveIftaRates(actorOf(c), c.req.valid("query").quarter, c.req.valid("json")), 200),
    )
    .openapi(reportExport, async (c) =>
      fileResponse(c, await reports.file(actorOf(c), c.req.valid("param").reportId, c.req.valid("query"))),
    )
    .openapi(report, async (c) =>
      c.json(await reports.build(actorOf(c), c.req.valid("param").reportId, c.req.valid("query")), 200),
    );
}
