import { z } from "@hono/zod-openapi";
import { apiErrorSchema, createdIdSchema, itemsSchema } from "@shared/api/api.schema";
import { RECEIPT_MAX_BYTES } from "@shared/fuel/fuel.schema";
import {
  addLineSchema,
  addLoadSchema,
  adjustableSettlementSchema,
  driverSettlementSchema,
  escrowDueSchema,
  generateResultSchema,
  generateSchema,
  paidStatementExportSchema,
  paidStatementPageSchema,
  paidStatementQuerySchema,
  paySettingsInputSchema,
  paySettingsSchema,
  paySettlementSchema,
  settlementListQuerySchema,
  settlementNotesSchema,
  settlementPageSchema,
  settlementSchema,
  standingDeductionInputSchema,
  standingDeductionQuerySchema,
  standingDeductionSchema,
  unsettledLoadSchema,
  voidSettlementSchema,
} from "@shared/settlements/settlements.schema";
import type { Deps } from "../../deps";
import { optionalFileField, PDF_TYPE } from "../../http/files";
import { jsonContent, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { companyDay } from "../accounting/ledger-posting";
import { createDeductionsService } from "./deductions.service";
import { createGenerationService } from "./generation.service";
import { exportPaidStatements, listPaidStatements } from "./paid-statements";
import { createPayRulesService } from "./pay-rules.service";
import { createPayoutService } from "./payout.service";
import { PDF_LANGUAGES } from "./settlement-pdf";
import { createSettlementsService } from "./settlements.service";

const READ = "settlements:read";
const WRITE = "settlements:write";
const APPROVE = "settlements:approve";
/** Staff, and a driver for their own approved and paid settlements (404 for any other). */
const READ_OR_OWN = [READ, "settlements:own"] as const;
const pdfQuery = z.object({ lang: z.enum(PDF_LANGUAGES).default("en") });
const lineParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  lineId: z.uuid({ message: "Invalid id." }),
});

const receiptForm = z.object({ receipt: optionalFileField("The receipt: PDF, JPEG, PNG, WebP or HEIC") });

export function settlementsRoutes(deps: Deps) {
  const settlements = createSettlementsService(deps);
  const payRules = createPayRulesService(deps);
  const generation = createGenerationService(deps);
  const deductions = createDeductionsService(deps);
  const payout = createPayoutService(deps);
  const t = routeTable({ tags: ["Settlements"], access: READ });
  // Fixed paths before /api/settlements/{id}.
  t.list(
    "/api/settlements",
    {
      summary:
        "Settlements: search (number, driver), status (void ones only when asked), driver and period filters, " +
        "sort, pages; with the drafts and approved counts, what is approved and unpaid, paid this month, and " +
        "the current pay period",
      query: settlementListQuerySchema,
      response: settlementPageSchema,
    },
    ({ query }) => settlements.list(query),
  );
  t.json(
    "post",
    "/api/settlements/generate",
    {
      summary:
        "Drafts for one pay period: every driver with completed loads in it that no settlement holds (or a " +
        "shortfall carried from an earlier one), with standing deductions, owner-operators' fuel-card purchases " +
        "and charged-back citations. An existing draft gains new loads; running it twice adds nothing",
      access: WRITE,
      body: generateSchema,
      response: generateResultSchema,
    },
    ({ actor, body }) => generation.generate(actor, body),
  );
  t.list(
    "/api/paid-statements",
    {
      summary:
        "Paid statements: one per paid settlement (driver, month, statement date, loads included, total paid) " +
        "with the driver's year-to-date gross and paid; search (number, driver), driver, month and date filters, " +
        "sort, pages, totals",
      access: "paidStatements:read",
      query: paidStatementQuerySchema,
      response: paidStatementPageSchema,
    },
    ({ query }) => listPaidStatements(deps.db, query),
  );
  t.export(
    "/api/paid-statements/export",
    {
      summary: "The filtered paid statements as CSV or Excel",
      access: "paidStatements:read",
      query: paidStatementExportSchema,
    },
    ({ query }) => exportPaidStatements(deps.db, query, companyDay(new Date(), deps.config.company.timeZone)),
  );
  t.list(
    "/api/driver-settlements",
    {
      summary: "The signed-in driver's approved and paid settlements, newest first (their dashboard)",
      access: "settlements:own",
      response: itemsSchema(driverSettlementSchema),
    },
    async ({ actor }) => ({ items: await settlements.mine(actor) }),
  );
  t.list(
    "/api/pay-settings",
    {
      summary:
        "The company's pay rules: period, period-end weekday, percentage base, charge-backs, payer EIN (masked unless allowed)",
      response: paySettingsSchema,
    },
    ({ actor }) => payRules.settings(actor),
  );
  t.json(
    "put",
    "/api/pay-settings",
    {
      summary: "Change the pay rules (drafts already generated keep their periods)",
      access: APPROVE,
      body: paySettingsInputSchema,
      response: paySettingsSchema,
    },
    ({ actor, body }) => payRules.updateSettings(actor, body),
  );
  t.list(
    "/api/standing-deductions",
    {
      summary:
        "Standing deductions (escrow, lease, insurance, ELD, advances) with what is taken and what remains",
      query: standingDeductionQuerySchema,
      response: itemsSchema(standingDeductionSchema),
    },
    async ({ query }) => ({ items: await deductions.deductions(query) }),
  );
  t.create(
    "/api/standing-deductions",
    {
      summary: "Add a standing deduction; an advance needs its source, amount and per-period cap",
      access: APPROVE,
      body: standingDeductionInputSchema,
      response: createdIdSchema,
      described: "Added",
    },
    ({ actor, body }) => deductions.saveDeduction(actor, null, body),
  );
  t.update(
    "/api/standing-deductions/{id}",
    {
      summary: "Edit or stop a standing deduction (lines already on settlements stay)",
      access: APPROVE,
      body: standingDeductionInputSchema,
      response: createdIdSchema,
    },
    ({ actor, id, body }) => deductions.saveDeduction(actor, id, body),
  );
  t.list(
    "/api/escrow-due",
    {
      summary: "Terminated drivers whose escrow is still held, with the day it must be returned by (45 days)",
      response: itemsSchema(escrowDueSchema),
    },
    async () => ({ items: await deductions.escrowDue() }),
  );
  t.get(
    "/api/settlements/{id}",
    {
      summary:
        "One settlement with its lines and how each load's pay was computed, escrow and year-to-date gross",
      access: READ_OR_OWN,
      response: settlementSchema,
    },
    ({ actor, id }) => settlements.get(actor, id),
  );
  t.download(
    "/api/settlements/{id}/pdf",
    {
      summary:
        "The settlement statement as a PDF in the reader's language (en, es, fr): each load with its route and " +
        "pay computation, additions, deductions, escrow, year-to-date gross. A driver: their own approved or paid ones",
      access: READ_OR_OWN,
      query: pdfQuery,
      types: [PDF_TYPE],
      described: "The PDF",
    },
    async ({ actor, id, query }) => {
      const file = await payout.pdf(actor, id, query.lang);
      return { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName };
    },
  );
  t.json(
    "post",
    "/api/settlements/{id}/loads",
    {
      summary:
        "Add one of the driver's completed loads to a draft. 409 LOAD_ALREADY_SETTLED when another holds it",
      access: WRITE,
      params: uuidParams,
      body: addLoadSchema,
      response: settlementSchema,
    },
    ({ actor, id, body }) => generation.addLoad(actor, id, body.loadId),
  );
  t.json(
    "post",
    "/api/settlements/{id}/lines",
    {
      summary:
        "Add an addition or a deduction to a draft (an adjustment names the earlier settlement it corrects). A " +
        "deduction larger than what the settlement still pays answers 409 CARRY_FORWARD_UNCONFIRMED (with " +
        "`details.carriedForward`) unless `allowCarryForward` confirms carrying the rest to the next settlement",
      access: WRITE,
      params: uuidParams,
      body: addLineSchema,
      response: settlementSchema,
      responses: {
        409: jsonContent(
          apiErrorSchema,
          "CARRY_FORWARD_UNCONFIRMED: the deduction needs `allowCarryForward`; SETTLEMENT_LOCKED: not a draft",
        ),
      },
    },
    ({ actor, id, body }) => deductions.addLine(actor, id, body),
  );
  t.json(
    "delete",
    "/api/settlements/{id}/lines/{lineId}",
    {
      summary: "Take a line off a draft (a load taken off is free for another settlement)",
      access: WRITE,
      params: lineParams,
      response: settlementSchema,
    },
    ({ actor, params }) => deductions.removeLine(actor, params.id, params.lineId),
  );
  t.upload(
    "/api/settlements/{id}/lines/{lineId}/receipt",
    {
      summary:
        "Attach the driver's receipt to a reimbursement on a draft (multipart; a PDF or photo checked by " +
        "content, 415 otherwise; replaces an earlier one)",
      access: WRITE,
      params: lineParams,
      form: receiptForm,
      response: settlementSchema,
      status: 200,
      described: "OK",
      maxBytes: RECEIPT_MAX_BYTES,
    },
    ({ actor, params, form }) => deductions.attachReceipt(actor, params.id, params.lineId, form.receipt),
  );
  t.download(
    "/api/settlements/{id}/lines/{lineId}/receipt",
    {
      summary:
        "A reimbursement's receipt, as an attachment (a driver: on their own approved or paid settlements)",
      access: READ_OR_OWN,
      params: lineParams,
      types: ["application/pdf", "image/*"],
      described: "The receipt",
    },
    async ({ actor, params }) => {
      const file = await deductions.receipt(actor, params.id, params.lineId);
      return { body: file.bytes, contentType: file.contentType, fileName: file.fileName };
    },
  );
  t.json(
    "post",
    "/api/settlements/{id}/refresh",
    {
      summary: "Recompute a draft's load pay from the loads and the driver as they are now",
      access: WRITE,
      conflict: "SETTLEMENT_LOCKED unless it is a draft",
      params: uuidParams,
      response: settlementSchema,
    },
    ({ actor, id }) => generation.refresh(actor, id),
  );
  t.update(
    "/api/settlements/{id}/notes",
    {
      summary: "A draft's notes (printed on the statement)",
      access: WRITE,
      conflict: "SETTLEMENT_LOCKED unless it is a draft",
      body: settlementNotesSchema,
      response: settlementSchema,
    },
    ({ actor, id, body }) => generation.setNotes(actor, id, body.notes),
  );
  t.get(
    "/api/settlements/{id}/unsettled-loads",
    {
      summary: "The driver's completed loads that no live settlement holds (newest first, at most 100)",
      access: WRITE,
      response: itemsSchema(unsettledLoadSchema),
    },
    async ({ id }) => ({ items: await generation.unsettledLoads(id) }),
  );
  t.get(
    "/api/settlements/{id}/adjustable",
    {
      summary: "The driver's earlier approved or paid settlements, which an adjustment line may correct",
      access: WRITE,
      response: itemsSchema(adjustableSettlementSchema),
    },
    async ({ id }) => ({ items: await deductions.adjustable(id) }),
  );
  t.json(
    "post",
    "/api/settlements/{id}/approve",
    {
      summary:
        "Approve a draft: it is locked from here on (the database refuses changes). 409 MISSING_PAY while a load " +
        "has no driver pay; 409 SETTLEMENT_LOCKED unless it is a draft",
      access: APPROVE,
      params: uuidParams,
      response: settlementSchema,
    },
    ({ actor, id }) => payout.approve(actor, id),
  );
  t.json(
    "post",
    "/api/settlements/{id}/pay",
    {
      summary:
        "Pay an approved settlement: date, method and reference; posts the driver-pay expense to the ledger. " +
        "409 SETTLEMENT_ALREADY_PAID the second time, 409 SETTLEMENT_NOT_APPROVED for a draft",
      access: APPROVE,
      params: uuidParams,
      body: paySettlementSchema,
      response: settlementSchema,
    },
    ({ actor, id, body }) => payout.pay(actor, id, body),
  );
  t.json(
    "post",
    "/api/settlements/{id}/void",
    {
      summary:
        "Void an unpaid settlement with a reason; its loads are free for another. A paid one answers 409",
      access: APPROVE,
      params: uuidParams,
      body: voidSettlementSchema,
      response: settlementSchema,
    },
    ({ actor, id, body }) => payout.void(actor, id, body.reason),
  );
  return t.app;
}
