import { OpenAPIHono, z } from "@hono/zod-openapi";
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
import { type AppEnv, actorOf } from "../../http/context";
import {
  binary,
  fileResponse,
  optionalFileField,
  PDF_TYPE,
  SHEET_TYPES,
  uploadBodyLimit,
  withMiddleware,
} from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { companyDay } from "../accounting/ledger-posting";
import { createDeductionsService } from "./deductions.service";
import { createGenerationService } from "./generation.service";
import { exportPaidStatements, listPaidStatements } from "./paid-statements";
import { createPayRulesService } from "./pay-rules.service";
import { createPayoutService } from "./payout.service";
import { PDF_LANGUAGES } from "./settlement-pdf";
import { createSettlementsService } from "./settlements.service";

const tags = ["Settlements"];
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

const list = defineRoute({
  method: "get",
  path: "/api/settlements",
  tags,
  summary:
    "Settlements: search (number, driver), status (void ones only when asked), driver and period filters, " +
    "sort, pages; with the drafts and approved counts, what is approved and unpaid, paid this month, and " +
    "the current pay period",
  access: READ,
  request: { query: settlementListQuerySchema },
  responses: { 200: jsonContent(settlementPageSchema) },
});
const generate = defineRoute({
  method: "post",
  path: "/api/settlements/generate",
  tags,
  summary:
    "Drafts for one pay period: every driver with completed loads in it that no settlement holds (or a " +
    "shortfall carried from an earlier one), with standing deductions, owner-operators' fuel-card purchases " +
    "and charged-back citations. An existing draft gains new loads; running it twice adds nothing",
  access: WRITE,
  request: { body: jsonBody(generateSchema) },
  responses: { 200: jsonContent(generateResultSchema) },
});
const get = defineRoute({
  method: "get",
  path: "/api/settlements/{id}",
  tags,
  summary:
    "One settlement with its lines and how each load's pay was computed, escrow and year-to-date gross",
  access: READ_OR_OWN,
  request: { params: uuidParams },
  responses: { 200: jsonContent(settlementSchema) },
});
const addLoad = defineRoute({
  method: "post",
  path: "/api/settlements/{id}/loads",
  tags,
  summary:
    "Add one of the driver's completed loads to a draft. 409 LOAD_ALREADY_SETTLED when another holds it",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(addLoadSchema) },
  responses: { 200: jsonContent(settlementSchema) },
});
const addLine = defineRoute({
  method: "post",
  path: "/api/settlements/{id}/lines",
  tags,
  summary:
    "Add an addition or a deduction to a draft (an adjustment names the earlier settlement it corrects). A " +
    "deduction larger than what the settlement still pays answers 409 CARRY_FORWARD_UNCONFIRMED (with " +
    "`details.carriedForward`) unless `allowCarryForward` confirms carrying the rest to the next settlement",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(addLineSchema) },
  responses: {
    200: jsonContent(settlementSchema),
    409: jsonContent(
      apiErrorSchema,
      "CARRY_FORWARD_UNCONFIRMED: the deduction needs `allowCarryForward`; SETTLEMENT_LOCKED: not a draft",
    ),
  },
});
const removeLine = defineRoute({
  method: "delete",
  path: "/api/settlements/{id}/lines/{lineId}",
  tags,
  summary: "Take a line off a draft (a load taken off is free for another settlement)",
  access: WRITE,
  request: { params: lineParams },
  responses: { 200: jsonContent(settlementSchema) },
});
const attachReceipt = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/settlements/{id}/lines/{lineId}/receipt",
    tags,
    summary:
      "Attach the driver's receipt to a reimbursement on a draft (multipart; a PDF or photo checked by " +
      "content, 415 otherwise; replaces an earlier one)",
    access: WRITE,
    request: {
      params: lineParams,
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({ receipt: optionalFileField("The receipt: PDF, JPEG, PNG, WebP or HEIC") }),
          },
        },
      },
    },
    responses: { 200: jsonContent(settlementSchema) },
  }),
  uploadBodyLimit(RECEIPT_MAX_BYTES),
);
const receipt = defineRoute({
  method: "get",
  path: "/api/settlements/{id}/lines/{lineId}/receipt",
  tags,
  summary:
    "A reimbursement's receipt, as an attachment (a driver: on their own approved or paid settlements)",
  access: READ_OR_OWN,
  request: { params: lineParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The receipt") },
});
const refresh = defineRoute({
  method: "post",
  path: "/api/settlements/{id}/refresh",
  tags,
  summary: "Recompute a draft's load pay from the loads and the driver as they are now",
  access: WRITE,
  conflict: "SETTLEMENT_LOCKED unless it is a draft",
  request: { params: uuidParams },
  responses: { 200: jsonContent(settlementSchema) },
});
const notes = defineRoute({
  method: "put",
  path: "/api/settlements/{id}/notes",
  tags,
  summary: "A draft's notes (printed on the statement)",
  access: WRITE,
  conflict: "SETTLEMENT_LOCKED unless it is a draft",
  request: { params: uuidParams, body: jsonBody(settlementNotesSchema) },
  responses: { 200: jsonContent(settlementSchema) },
});
const unsettled = defineRoute({
  method: "get",
  path: "/api/settlements/{id}/unsettled-loads",
  tags,
  summary: "The driver's completed loads that no live settlement holds (newest first, at most 100)",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(itemsSchema(unsettledLoadSchema)) },
});
const adjustable = defineRoute({
  method: "get",
  path: "/api/settlements/{id}/adjustable",
  tags,
  summary: "The driver's earlier approved or paid settlements, which an adjustment line may correct",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(itemsSchema(adjustableSettlementSchema)) },
});
const approve = defineRoute({
  method: "post",
  path: "/api/settlements/{id}/approve",
  tags,
  summary:
    "Approve a draft: it is locked from here on (the database refuses changes). 409 MISSING_PAY while a load " +
    "has no driver pay; 409 SETTLEMENT_LOCKED unless it is a draft",
  access: APPROVE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(settlementSchema) },
});
const pay = defineRoute({
  method: "post",
  path: "/api/settlements/{id}/pay",
  tags,
  summary:
    "Pay an approved settlement: date, method and reference; posts the driver-pay expense to the ledger. " +
    "409 SETTLEMENT_ALREADY_PAID the second time, 409 SETTLEMENT_NOT_APPROVED for a draft",
  access: APPROVE,
  request: { params: uuidParams, body: jsonBody(paySettlementSchema) },
  responses: { 200: jsonContent(settlementSchema) },
});
const voidOne = defineRoute({
  method: "post",
  path: "/api/settlements/{id}/void",
  tags,
  summary: "Void an unpaid settlement with a reason; its loads are free for another. A paid one answers 409",
  access: APPROVE,
  request: { params: uuidParams, body: jsonBody(voidSettlementSchema) },
  responses: { 200: jsonContent(settlementSchema) },
});
const pdf = defineRoute({
  method: "get",
  path: "/api/settlements/{id}/pdf",
  tags,
  summary:
    "The settlement statement as a PDF in the reader's language (en, es, fr): each load with its route and " +
    "pay computation, additions, deductions, escrow, year-to-date gross. A driver: their own approved or paid ones",
  access: READ_OR_OWN,
  request: { params: uuidParams, query: pdfQuery },
  responses: { 200: binary([PDF_TYPE], "The PDF") },
});
const paidStatements = defineRoute({
  method: "get",
  path: "/api/paid-statements",
  tags,
  summary:
    "Paid statements: one per paid settlement (driver, month, statement date, loads included, total paid) " +
    "with the driver's year-to-date gross and paid; search (number, driver), driver, month and date filters, " +
    "sort, pages, totals",
  access: "paidStatements:read",
  request: { query: paidStatementQuerySchema },
  responses: { 200: jsonContent(paidStatementPageSchema) },
});
const exportPaid = defineRoute({
  method: "get",
  path: "/api/paid-statements/export",
  tags,
  summary: "The filtered paid statements as CSV or Excel",
  access: "paidStatements:read",
  request: { query: paidStatementExportSchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const mine = defineRoute({
  method: "get",
  path: "/api/driver-settlements",
  tags,
  summary: "The signed-in driver's approved and paid settlements, newest first (their dashboard)",
  access: "settlements:own",
  responses: { 200: jsonContent(itemsSchema(driverSettlementSchema)) },
});
const getSettings = defineRoute({
  method: "get",
  path: "/api/pay-settings",
  tags,
  summary:
    "The company's pay rules: period, period-end weekday, percentage base, charge-backs, payer EIN (masked unless allowed)",
  access: READ,
  responses: { 200: jsonContent(paySettingsSchema) },
});
const putSettings = defineRoute({
  method: "put",
  path: "/api/pay-settings",
  tags,
  summary: "Change the pay rules (drafts already generated keep their periods)",
  access: APPROVE,
  request: { body: jsonBody(paySettingsInputSchema) },
  responses: { 200: jsonContent(paySettingsSchema) },
});
const listDeductions = defineRoute({
  method: "get",
  path: "/api/standing-deductions",
  tags,
  summary:
    "Standing deductions (escrow, lease, insurance, ELD, advances) with what is taken and what remains",
  access: READ,
  request: { query: standingDeductionQuerySchema },
  responses: { 200: jsonContent(itemsSchema(standingDeductionSchema)) },
});
const createDeduction = defineRoute({
  method: "post",
  path: "/api/standing-deductions",
  tags,
  summary: "Add a standing deduction; an advance needs its source, amount and per-period cap",
  access: APPROVE,
  request: { body: jsonBody(standingDeductionInputSchema) },
  responses: { 201: jsonContent(createdIdSchema, "Added") },
});
const updateDeduction = defineRoute({
  method: "put",
  path: "/api/standing-deductions/{id}",
  tags,
  summary: "Edit or stop a standing deduction (lines already on settlements stay)",
  access: APPROVE,
  request: { params: uuidParams, body: jsonBody(standingDeductionInputSchema) },
  responses: { 200: jsonContent(createdIdSchema) },
});
const escrowDue = defineRoute({
  method: "get",
  path: "/api/escrow-due",
  tags,
  summary: "Terminated drivers whose escrow is still held, with the day it must be returned by (45 days)",
  access: READ,
  responses: { 200: jsonContent(itemsSchema(escrowDueSchema)) },
});

export function settlementsRoutes(deps: Deps) {
  const settlements = createSettlementsService(deps);
  const payRules = createPayRulesService(deps);
  const generation = createGenerationService(deps);
  const deductions = createDeductionsService(deps);
  const payout = createPayoutService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await settlements.list(c.req.valid("query")), 200))
    .openapi(generate, async (c) => c.json(await generation.generate(actorOf(c), c.req.valid("json")), 200))
    .openapi(paidStatements, async (c) =>
      c.json(await listPaidStatements(deps.db, c.req.valid("query")), 200),
    )
    .openapi(exportPaid, async (c) =>
      fileResponse(
        c,
        await exportPaidStatements(
          deps.db,
          c.req.valid("query"),
          companyDay(new Date(), deps.config.company.timeZone),
        ),
      ),
    )
    .openapi(mine, async (c) => c.json({ items: await settlements.mine(actorOf(c)) }, 200))
    .openapi(getSettings, async (c) => c.json(await payRules.settings(actorOf(c)), 200))
    .openapi(putSettings, async (c) =>
      c.json(await payRules.updateSettings(actorOf(c), c.req.valid("json")), 200),
    )
    .openapi(listDeductions, async (c) =>
      c.json({ items: await deductions.deductions(c.req.valid("query")) }, 200),
    )
    .openapi(createDeduction, async (c) =>
      c.json(await deductions.saveDeduction(actorOf(c), null, c.req.valid("json")), 201),
    )
    .openapi(updateDeduction, async (c) =>
      c.json(await deductions.saveDeduction(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(escrowDue, async (c) => c.json({ items: await deductions.escrowDue() }, 200))
    .openapi(get, async (c) => c.json(await settlements.get(actorOf(c), c.req.valid("param").id), 200))
    .openapi(pdf, async (c) => {
      const file = await payout.pdf(actorOf(c), c.req.valid("param").id, c.req.valid("query").lang);
      return fileResponse(c, { body: file.bytes, contentType: PDF_TYPE, fileName: file.fileName });
    })
    .openapi(addLoad, async (c) =>
      c.json(await generation.addLoad(actorOf(c), c.req.valid("param").id, c.req.valid("json").loadId), 200),
    )
    .openapi(addLine, async (c) =>
      c.json(await deductions.addLine(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(removeLine, async (c) => {
      const { id, lineId } = c.req.valid("param");
      return c.json(await deductions.removeLine(actorOf(c), id, lineId), 200);
    })
    .openapi(attachReceipt, async (c) => {
      const { id, lineId } = c.req.valid("param");
      const upload = c.req.valid("form").receipt;
      return c.json(await deductions.attachReceipt(actorOf(c), id, lineId, upload), 200);
    })
    .openapi(receipt, async (c) => {
      const { id, lineId } = c.req.valid("param");
      const file = await deductions.receipt(actorOf(c), id, lineId);
      return fileResponse(c, { body: file.bytes, contentType: file.contentType, fileName: file.fileName });
    })
    .openapi(refresh, async (c) => c.json(await generation.refresh(actorOf(c), c.req.valid("param").id), 200))
    .openapi(notes, async (c) =>
      c.json(await generation.setNotes(actorOf(c), c.req.valid("param").id, c.req.valid("json").notes), 200),
    )
    .openapi(unsettled, async (c) =>
      c.json({ items: await generation.unsettledLoads(c.req.valid("param").id) }, 200),
    )
    .openapi(adjustable, async (c) =>
      c.json({ items: await deductions.adjustable(c.req.valid("param").id) }, 200),
    )
    .openapi(approve, async (c) => c.json(await payout.approve(actorOf(c), c.req.valid("param").id), 200))
    .openapi(pay, async (c) =>
      c.json(await payout.pay(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(voidOne, async (c) =>
      c.json(await payout.void(actorOf(c), c.req.valid("param").id, c.req.valid("json").reason), 200),
    );
}
