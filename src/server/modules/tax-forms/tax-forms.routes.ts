import { OpenAPIHono } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import {
  issuePreviewQuerySchema,
  issuePreviewSchema,
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
    "Form 1099-NEC, Copy B (recipient TIN masked in its own shape, SSN ***-**-1234 or EIN **-***1234): one driver's, or every form that can be produced in one PDF. " +
    "409 PAYER_TIN_MISSING without the company's EIN, 409 NOTHING_TO_PRODUCE when every form is blocked",
  access: READ,
  request: { query: taxFormPdfQuerySchema },
  responses: { 200: binary([PDF_TYPE], "The PDF") },
});
const preview = defineRoute({
  method: "get",
  path: "/api/tax-forms/issue-preview",
  tags,
  summary:
    "What issuing (`action=issue`) or correcting (`action=correct`) the year's forms would send, sending nothing: " +
    "each driver with boxes 1 and 4, the masked address Copy B would be emailed to (null: by mail), who is left " +
    "out and why, and whether the year is not over yet (then the action needs `early` with a reason)",
  access: WRITE,
  request: { query: issuePreviewQuerySchema },
  responses: { 200: jsonContent(issuePreviewSchema) },
});
const sendErrors = (what: string) => ({
  409: jsonContent(apiErrorSchema, `PAYER_TIN_MISSING without the company's EIN; ${what}`),
});
const issue = defineRoute({
  method: "post",
  path: "/api/tax-forms/issue",
  tags,
  summary:
    "Issue the year's new forms: record each producible one never issued and email Copy B to the drivers who " +
    "consented to electronic delivery. A year not over yet (company time zone) needs `early: true` and a " +
    "`reason` (400 ISSUE_EARLY_REQUIRED; the reason is stored and audited). Never re-issues: an issued form " +
    "whose amounts changed is a correction (`/api/tax-forms/correct`)",
  access: WRITE,
  request: { body: jsonBody(issueTaxFormsSchema) },
  responses: {
    200: jsonContent(issueResultSchema),
    ...sendErrors(
      "CORRECTION_REQUIRED when nothing is new but issued forms changed (use correct); NOTHING_TO_ISSUE",
    ),
  },
});
const correct = defineRoute({
  method: "post",
  path: "/api/tax-forms/correct",
  tags,
  summary:
    "Send CORRECTED forms for the issued ones whose amounts changed since, by email to the drivers who " +
    "consented. A year not over yet needs `early: true` and a `reason` (400 ISSUE_EARLY_REQUIRED)",
  access: WRITE,
  request: { body: jsonBody(issueTaxFormsSchema) },
  responses: { 200: jsonContent(issueResultSchema), ...sendErrors("NOTHING_TO_CORRECT") },
});
const iris = defineRoute({
  method: "get",
  path: "/api/tax-forms/iris",
  tags,
  summary:
    "The producible forms as a CSV in the column layout of the IRS IRIS 1099-NEC bulk-upload template (whole TINs: " +
    "roles that may read tax ids only; data for the IRS, so values are written as they are, without a spreadsheet's " +
    "formula guard)",
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
    .openapi(preview, async (c) => {
      const { year: taxYear, action } = c.req.valid("query");
      return c.json(await taxForms.preview(taxYear, action), 200);
    })
    .openapi(issue, async (c) => c.json(await taxForms.issue(actorOf(c), c.req.valid("json")), 200))
    .openapi(correct, async (c) => c.json(await taxForms.correct(actorOf(c), c.req.valid("json")), 200))
    .openapi(iris, async (c) => fileResponse(c, await taxForms.iris(actorOf(c), c.req.valid("query").year)));
}
