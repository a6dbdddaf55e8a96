import { z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
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
import { fileField, PDF_TYPE } from "../../http/files";
import { jsonContent, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createContractsService } from "./contracts.service";

export function contractsRoutes(deps: Deps) {
  const contracts = createContractsService(deps);
  const t = routeTable({ tags: ["Contracts"], access: "contracts:manage" });
  t.list(
    "/api/contracts",
    {
      summary:
        "Contracts with search (title, signer), status and type filters, sort, pages and counts per status",
      query: contractListQuerySchema,
      response: contractPageSchema,
    },
    ({ query }) => contracts.list(query),
  );
  t.list(
    "/api/contract-templates",
    {
      summary: "The template of each contract type (the built-in one until the company saves its own)",
      response: contractTemplatesSchema,
    },
    async () => ({ items: await contracts.templates() }),
  );
  t.list(
    "/api/contract-templates/merge",
    {
      summary: "A type's template with its merge fields filled for a driver or a signer and a start date",
      query: mergeQuerySchema,
      response: mergedTemplateSchema,
    },
    ({ query }) => contracts.merge(query),
  );
  t.update(
    "/api/contract-templates/{type}",
    {
      summary: "Save a type's template; {{driver_name}}, {{company_name}}, {{pay_rate}}, … are filled on use",
      params: z.object({ type: z.enum(CONTRACT_TYPES) }),
      body: contractTemplateInputSchema,
      response: contractTemplateSchema,
    },
    ({ actor, params, body }) => contracts.saveTemplate(actor, params.type, body.content),
  );
  t.get(
    "/api/contracts/{id}",
    {
      summary: "A contract with its trail (created, sent, viewed, signed — time, address, browser)",
      response: contractDetailSchema,
    },
    ({ id }) => contracts.detail(id),
  );
  t.create(
    "/api/contracts",
    {
      summary:
        "A draft contract: title, type, driver (optional), signer's name and email, dates, content; an expiry " +
        "date before today is refused (400)",
      body: contractInputSchema,
      response: contractSchema,
      described: "Created as a draft",
    },
    ({ actor, body }) => contracts.create(actor, body),
  );
  t.update(
    "/api/contracts/{id}",
    {
      summary:
        "Edit a draft (409 CONTRACT_NOT_DRAFT once sent or signed, CONTRACT_EXPIRED past its expiry date; an " +
        "expiry date before today is refused, 400)",
      body: contractInputSchema,
      response: contractSchema,
      responses: { 409: jsonContent(apiErrorSchema, "Not a draft") },
    },
    ({ actor, id, body }) => contracts.update(actor, id, body),
  );
  t.remove(
    "/api/contracts/{id}",
    {
      summary: "Delete a draft, or a contract that expired without being sent",
      responses: { 409: jsonContent(apiErrorSchema, "Sent or signed") },
    },
    ({ actor, id }) => contracts.remove(actor, id),
  );
  t.upload(
    "/api/contracts/{id}/attachment",
    {
      summary: "Attach a PDF or image to a draft (replaces the previous one; checked by content)",
      params: uuidParams,
      form: z.object({ file: fileField }),
      response: contractSchema,
      status: 200,
      described: "OK",
      maxBytes: CONTRACT_ATTACHMENT_MAX_BYTES,
    },
    ({ actor, id, form }) => contracts.attach(actor, id, form),
  );
  t.json(
    "delete",
    "/api/contracts/{id}/attachment",
    { summary: "Remove a draft's attachment", params: uuidParams, response: contractSchema },
    ({ actor, id }) => contracts.detach(actor, id),
  );
  t.download(
    "/api/contracts/{id}/{which}",
    {
      summary: "The attachment, or the signed PDF with its signing record",
      params: uuidParams.extend({ which: z.enum(["attachment-file", "signed-pdf"]) }),
      types: [PDF_TYPE, "image/*"],
    },
    ({ id, params }) => contracts.file(id, params.which === "signed-pdf" ? "signed" : "attachment"),
  );
  t.json(
    "post",
    "/api/contracts/{id}/send",
    {
      summary:
        "Send (or re-send) the signing link by email: a new 256-bit token, stored hashed, valid 14 days; the " +
        "previous link stops working. The link is answered once, here. A contract past its expiry date is " +
        "refused (400 CONTRACT_EXPIRED: renew it), a signed one too (409 CONTRACT_CLOSED)",
      params: uuidParams,
      response: sentContractSchema,
      responses: { 409: jsonContent(apiErrorSchema, "Signed") },
    },
    ({ actor, id }) => contracts.send(actor, id),
  );
  t.json(
    "post",
    "/api/contracts/{id}/withdraw",
    {
      summary: "Withdraw a sent contract: the link stops working and the contract is a draft again",
      conflict: "CONTRACT_NOT_SENT unless sent; CONTRACT_EXPIRED past its expiry date",
      params: uuidParams,
      response: contractSchema,
    },
    ({ actor, id }) => contracts.withdraw(actor, id),
  );
  t.create(
    "/api/contracts/{id}/renew",
    {
      summary:
        "Renew a signed or expired contract: a new draft with the same title, type, driver, signer, content " +
        "and attachment and new dates (the expiry not before today); both trails name the other contract",
      params: uuidParams,
      body: renewContractSchema,
      response: contractSchema,
      described: "The new draft",
      responses: { 409: jsonContent(apiErrorSchema, "Neither signed nor expired (CONTRACT_NOT_RENEWABLE)") },
    },
    ({ actor, id, body }) => contracts.renew(actor, id, body),
  );
  return t.app;
}
