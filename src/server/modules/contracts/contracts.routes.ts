import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema, okSchema } from "@shared/api/api.schema";
import {
  CONTRACT_ATTACHMENT_MAX_BYTES,
  CONTRACT_TYPES,
  contractDetailSchema,
  contractInputSchema,
  contractListQuerySchema,
  contractPageSchema,
  contractSchema,
  contractTemplateInputSchema,
  contractTemplateSchema,
  contractTemplatesSchema,
  mergedTemplateSchema,
  mergeQuerySchema,
  renewContractSchema,
  sentContractSchema,
} from "@shared/contracts/contracts.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileField, fileResponse, PDF_TYPE, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createContractsService } from "./contracts.service";

const tags = ["Contracts"];
const MANAGE = "contracts:manage";

const list = defineRoute({
  method: "get",
  path: "/api/contracts",
  tags,
  summary:
    "Contracts with search (title, signer), status and type filters, sort, pages and counts per status",
  access: MANAGE,
  request: { query: contractListQuerySchema },
  responses: { 200: jsonContent(contractPageSchema) },
});
const detail = defineRoute({
  method: "get",
  path: "/api/contracts/{id}",
  tags,
  summary: "A contract with its trail (created, sent, viewed, signed — time, address, browser)",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(contractDetailSchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/contracts",
  tags,
  summary:
    "A draft contract: title, type, driver (optional), signer's name and email, dates, content; an expiry " +
    "date before today is refused (400)",
  access: MANAGE,
  request: { body: jsonBody(contractInputSchema) },
  responses: { 201: jsonContent(contractSchema, "Created as a draft") },
});
const update = defineRoute({
  method: "put",
  path: "/api/contracts/{id}",
  tags,
  summary:
    "Edit a draft (409 CONTRACT_NOT_DRAFT once sent or signed, CONTRACT_EXPIRED past its expiry date; an " +
    "expiry date before today is refused, 400)",
  access: MANAGE,
  request: { params: uuidParams, body: jsonBody(contractInputSchema) },
  responses: { 200: jsonContent(contractSchema), 409: jsonContent(apiErrorSchema, "Not a draft") },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/contracts/{id}",
  tags,
  summary: "Delete a draft, or a contract that expired without being sent",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema), 409: jsonContent(apiErrorSchema, "Sent or signed") },
});
const attach = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/contracts/{id}/attachment",
    tags,
    summary: "Attach a PDF or image to a draft (replaces the previous one; checked by content)",
    access: MANAGE,
    request: {
      params: uuidParams,
      body: {
        required: true,
        content: { "multipart/form-data": { schema: z.object({ file: fileField }) } },
      },
    },
    responses: { 200: jsonContent(contractSchema) },
  }),
  uploadBodyLimit(CONTRACT_ATTACHMENT_MAX_BYTES),
);
const detach = defineRoute({
  method: "delete",
  path: "/api/contracts/{id}/attachment",
  tags,
  summary: "Remove a draft's attachment",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(contractSchema) },
});
const file = defineRoute({
  method: "get",
  path: "/api/contracts/{id}/{which}",
  tags,
  summary: "The attachment, or the signed PDF with its signing record",
  access: MANAGE,
  request: {
    params: uuidParams.extend({ which: z.enum(["attachment-file", "signed-pdf"]) }),
  },
  responses: { 200: binary([PDF_TYPE, "image/*"], "The file") },
});
const send = defineRoute({
  method: "post",
  path: "/api/contracts/{id}/send",
  tags,
  summary:
    "Send (or re-send) the signing link by email: a new 256-bit token, stored hashed, valid 14 days; the " +
    "previous link stops working. The link is answered once, here. A contract past its expiry date is " +
    "refused (400 CONTRACT_EXPIRED: renew it), a signed one too (409 CONTRACT_CLOSED)",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(sentContractSchema), 409: jsonContent(apiErrorSchema, "Signed") },
});
const renew = defineRoute({
  method: "post",
  path: "/api/contracts/{id}/renew",
  tags,
  summary:
    "Renew a signed or expired contract: a new draft with the same title, type, driver, signer, content " +
    "and attachment and new dates (the expiry not before today); both trails name the other contract",
  access: MANAGE,
  request: { params: uuidParams, body: jsonBody(renewContractSchema) },
  responses: {
    201: jsonContent(contractSchema, "The new draft"),
    409: jsonContent(apiErrorSchema, "Neither signed nor expired (CONTRACT_NOT_RENEWABLE)"),
  },
});
const withdraw = defineRoute({
  method: "post",
  path: "/api/contracts/{id}/withdraw",
  tags,
  summary: "Withdraw a sent contract: the link stops working and the contract is a draft again",
  access: MANAGE,
  conflict: "CONTRACT_NOT_SENT unless sent; CONTRACT_EXPIRED past its expiry date",
  request: { params: uuidParams },
  responses: { 200: jsonContent(contractSchema) },
});
const templates = defineRoute({
  method: "get",
  path: "/api/contract-templates",
  tags,
  summary: "The template of each contract type (the built-in one until the company saves its own)",
  access: MANAGE,
  responses: { 200: jsonContent(contractTemplatesSchema) },
});
const saveTemplate = defineRoute({
  method: "put",
  path: "/api/contract-templates/{type}",
  tags,
  summary: "Save a type's template; {{driver_name}}, {{company_name}}, {{pay_rate}}, … are filled on use",
  access: MANAGE,
  request: {
    params: z.object({ type: z.enum(CONTRACT_TYPES) }),
    body: jsonBody(contractTemplateInputSchema),
  },
  responses: { 200: jsonContent(contractTemplateSchema) },
});
const merge = defineRoute({
  method: "get",
  path: "/api/contract-templates/merge",
  tags,
  summary: "A type's template with its merge fields filled for a driver or a signer and a start date",
  access: MANAGE,
  request: { query: mergeQuerySchema },
  responses: { 200: jsonContent(mergedTemplateSchema) },
});

export function contractsRoutes(deps: Deps) {
  const contracts = createContractsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await contracts.list(c.req.valid("query")), 200))
    .openapi(templates, async (c) => c.json({ items: await contracts.templates() }, 200))
    .openapi(merge, async (c) => c.json(await contracts.merge(c.req.valid("query")), 200))
    .openapi(saveTemplate, async (c) =>
      c.json(
        await contracts.saveTemplate(actorOf(c), c.req.valid("param").type, c.req.valid("json").content),
        200,
      ),
    )
    .openapi(detail, async (c) => c.json(await contracts.detail(c.req.valid("param").id), 200))
    .openapi(create, async (c) => c.json(await contracts.create(actorOf(c), c.req.valid("json")), 201))
    .openapi(update, async (c) =>
      c.json(await contracts.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(remove, async (c) => {
      await contracts.remove(actorOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(attach, async (c) =>
      c.json(await contracts.attach(actorOf(c), c.req.valid("param").id, c.req.valid("form")), 200),
    )
    .openapi(detach, async (c) => c.json(await contracts.detach(actorOf(c), c.req.valid("param").id), 200))
    .openapi(file, async (c) => {
      const { id, which } = c.req.valid("param");
      const f = await contracts.file(id, which === "signed-pdf" ? "signed" : "attachment");
      return fileResponse(c, f);
    })
    .openapi(send, async (c) => c.json(await contracts.send(actorOf(c), c.req.valid("param").id), 200))
    .openapi(withdraw, async (c) =>
      c.json(await contracts.withdraw(actorOf(c), c.req.valid("param").id), 200),
    )
    .openapi(renew, async (c) =>
      c.json(await contracts.renew(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
    );
}
