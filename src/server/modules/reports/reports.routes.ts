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
import { PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { routeTable } from "../../http/route-table";
import { createReportsService } from "./reports.service";

export function reportsRoutes(deps: Deps) {
  const reports = createReportsService(deps);
  const t = routeTable({ tags: ["Reports"], access: "reports:read" });
  t.list(
    "/api/reports",
    {
      summary: "The reports the caller's role opens (the money reports need the ledger's roles too)",
      response: reportListSchema,
    },
    async ({ actor }) => reports.list(actor),
  );
  // Fixed paths before /api/reports/{reportId}.
  t.list(
    "/api/reports/ifta/rates",
    {
      summary: "The IFTA tax rates entered for a quarter",
      query: iftaRatesQuerySchema,
      response: iftaRatesSchema,
    },
    ({ query }) => reports.iftaRates(query.quarter),
  );
  t.json(
    "put",
    "/api/reports/ifta/rates",
    {
      summary: "Replace a quarter's IFTA tax rates (per gallon, per jurisdiction)",
      access: "iftaRates:write",
      query: iftaRatesQuerySchema,
      body: iftaRatesInputSchema,
      response: iftaRatesSchema,
    },
    ({ actor, query, body }) => reports.saveIftaRates(actor, query.quarter, body),
  );
  t.download(
    "/api/reports/{reportId}/export",
    {
      summary:
        "The report as PDF (company header, charts, tables) or its tables as CSV or Excel, in the reader's language",
      params: reportParamsSchema,
      query: reportExportQuerySchema,
      types: [PDF_TYPE, ...SHEET_TYPES],
    },
    ({ actor, params, query }) => reports.file(actor, params.reportId, query),
  );
  t.get(
    "/api/reports/{reportId}",
    {
      summary:
        "A report for a period (this week, month, quarter or year, the last ones, or a custom range) compared with the previous period: KPI figures, tables and the charts drawn from them, each figure linking to its rows",
      params: reportParamsSchema,
      query: reportQuerySchema,
      response: reportSchema,
    },
    ({ actor, params, query }) => reports.build(actor, params.reportId, query),
  );
  return t.app;
}
