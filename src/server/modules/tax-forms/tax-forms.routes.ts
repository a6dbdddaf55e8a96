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
import { PDF_TYPE } from "../../http/files";
import { jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createTaxFormsService } from "./tax-forms.service";

const WRITE = "taxForms:write";

const sendErrors = (what: string) => ({
  409: jsonContent(apiErrorSchema, `PAYER_TIN_MISSING without the company's EIN; ${what}`),
});

export function taxFormsRoutes(deps: Deps) {
  const taxForms = createTaxFormsService(deps);
  const t = routeTable({ tags: ["Tax forms"], access: "taxForms:read" });
  t.list(
    "/api/tax-forms",
    {
      summary:
        "A tax year's 1099-NEC picture: every independent-contractor driver paid in it (box 1 by payment date, box 4), " +
        "the year's threshold and deadline, e-filing rules, the payer, and what blocks each form (TIN, address, payer EIN)",
      query: taxYearQuerySchema,
      response: taxYearSchema,
    },
    ({ actor, query }) => taxForms.year(actor, query.year),
  );
  t.file(
    "get",
    "/api/tax-forms/pdf",
    {
      summary:
        "Form 1099-NEC, Copy B (recipient TIN masked in its own shape, SSN ***-**-1234 or EIN **-***1234): one driver's, or every form that can be produced in one PDF. " +
        "409 PAYER_TIN_MISSING without the company's EIN, 409 NOTHING_TO_PRODUCE when every form is blocked",
      query: taxFormPdfQuerySchema,
      types: [PDF_TYPE],
      described: "The PDF",
    },
    async ({ actor, query }) => {
      const file = await taxForms.pdf(actor, query.year, query.driverId);
      return { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName };
    },
  );
  t.list(
    "/api/tax-forms/issue-preview",
    {
      summary:
        "What issuing (`action=issue`) or correcting (`action=correct`) the year's forms would send, sending nothing: " +
        "each driver with boxes 1 and 4, the masked address Copy B would be emailed to (null: by mail), who is left " +
        "out and why, and whether the year is not over yet (then the action needs `early` with a reason)",
      access: WRITE,
      query: issuePreviewQuerySchema,
      response: issuePreviewSchema,
    },
    ({ query }) => taxForms.preview(query.year, query.action),
  );
  t.json(
    "post",
    "/api/tax-forms/issue",
    {
      summary:
        "Issue the year's new forms: record each producible one never issued and email Copy B to the drivers who " +
        "consented to electronic delivery. A year not over yet (company time zone) needs `early: true` and a " +
        "`reason` (400 ISSUE_EARLY_REQUIRED; the reason is stored and audited). Never re-issues: an issued form " +
        "whose amounts changed is a correction (`/api/tax-forms/correct`)",
      access: WRITE,
      body: issueTaxFormsSchema,
      response: issueResultSchema,
      responses: sendErrors(
        "CORRECTION_REQUIRED when nothing is new but issued forms changed (use correct); NOTHING_TO_ISSUE",
      ),
    },
    ({ actor, body }) => taxForms.issue(actor, body),
  );
  t.json(
    "post",
    "/api/tax-forms/correct",
    {
      summary:
        "Send CORRECTED forms for the issued ones whose amounts changed since, by email to the drivers who " +
        "consented. A year not over yet needs `early: true` and a `reason` (400 ISSUE_EARLY_REQUIRED)",
      access: WRITE,
      body: issueTaxFormsSchema,
      response: issueResultSchema,
      responses: sendErrors("NOTHING_TO_CORRECT"),
    },
    ({ actor, body }) => taxForms.correct(actor, body),
  );
  t.export(
    "/api/tax-forms/iris",
    {
      summary:
        "The producible forms as a CSV in the column layout of the IRS IRIS 1099-NEC bulk-upload template (whole TINs: " +
        "roles that may read tax ids only; data for the IRS, so values are written as they are, without a spreadsheet's " +
        "formula guard)",
      access: "drivers:taxId",
      query: taxYearQuerySchema,
      described: "The CSV",
    },
    ({ actor, query }) => taxForms.iris(actor, query.year),
  );
  return t.app;
}
