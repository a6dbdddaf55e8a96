import { OpenAPIHono } from "@hono/zod-openapi";
import {
  issueResultSchema,
  issueTaxFormsSchema,
  taxFormPdfQuerySchema,
  taxYearQuerySchema,
  taxYearSchema,
} from "@shared/tax-forms/tax-forms.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, PDF_TYPE, SHEET_TYPES } from "../../http/files";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createTaxFormsService } from "./tax-forms.service";

const tags = ["Tax forms"];
const READ = "taxForms:read";
const WRITE = "taxForms:write";

const year = defineRoute({
  method: "get",
  path: "/api/tax-forms",
  tags,
  summary:
    "A tax year's 1099-NEC picture: every independent-contractor driver paid in it (box 1 by payment date, box 4), " +
    "the year's threshold and deadline, e-filing rules, the payer, and what blocks each form (TIN, address, payer EIN)",
  access: READ,
  request: { query: taxYearQuerySchema },
  responses: { 200: jsonContent(taxYearSchema) },
});
const pdf = defineRoute({
  method: "get",
  path: "/api/tax-forms/pdf",
  tags,
  summary:
    "Form 1099-NEC, Copy B (recipient TIN masked): one driver's, or every form that can be produced in one PDF. " +
    "409 PAYER_TIN_MISSING without the company's EIN, 409 NOTHING_TO_PRODUCE when every form is blocked",
  access: READ,
  request: { query: taxFormPdfQuerySchema },
  responses: { 200: binary([PDF_TYPE], "The PDF") },
});
const issue = defineRoute({
  method: "post",
  path: "/api/tax-forms/issue",
  tags,
  summary:
    "Issue the year's forms: record each producible one (a changed one again as CORRECTED) and email Copy B to " +
    "the drivers who consented to electronic delivery",
  access: WRITE,
  request: { body: jsonBody(issueTaxFormsSchema) },
  responses: { 200: jsonContent(issueResultSchema) },
});
const iris = defineRoute({
  method: "get",
  path: "/api/tax-forms/iris",
  tags,
  summary:
    "The producible forms as a CSV in the column layout of the IRS IRIS 1099-NEC bulk-upload template (whole TINs: " +
    "roles that may read tax ids only)",
  access: "drivers:taxId",
  request: { query: taxYearQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The CSV") },
});

export function taxFormsRoutes(deps: Deps) {
  const taxForms = createTaxFormsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(year, async (c) => c.json(await taxForms.year(actorOf(c), c.req.valid("query").year), 200))
    .openapi(pdf, async (c) => {
      const { year: taxYear, driverId } = c.req.valid("query");
      const file = await taxForms.pdf(actorOf(c), taxYear, driverId);
      return fileResponse(c, { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName });
    })
    .openapi(issue, async (c) => c.json(await taxForms.issue(actorOf(c), c.req.valid("json").year), 200))
    .openapi(iris, async (c) => fileResponse(c, await taxForms.iris(actorOf(c), c.req.valid("query").year)));
}
