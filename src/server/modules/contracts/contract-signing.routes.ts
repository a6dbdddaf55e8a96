import { OpenAPIHono } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import {
  CONTRACT_RATE_LIMITS,
  contractAccountResultSchema,
  contractAccountSchema,
  contractTokenParamsSchema,
  publicContractSchema,
  signContractSchema,
  signedContractSchema,
} from "@shared/contracts/contracts.schema";
import type { Context } from "hono";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { binary, fileResponse, PDF_TYPE, withMiddleware } from "../../http/files";
import { rateLimitedByAddress } from "../../http/rate-limited";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createContractSigningService, type Visitor } from "./contract-signing.service";

const tags = ["Public"];
const invalid = jsonContent(
  apiErrorSchema,
  "Unknown, expired, replaced or withdrawn link, or one that signed and is asked to sign (INVALID_LINK)",
);
const gone = jsonContent(apiErrorSchema, "The contract is past its expiry date (CONTRACT_EXPIRED)");

const view = defineRoute({
  method: "get",
  path: "/api/public/contracts/{token}",
  tags,
  summary:
    "The contract a signing link is for, with the SHA-256 of exactly what is shown; the first opening is " +
    "recorded. Once signed, the same link (until it expires) shows the signed copy: signature, signer, " +
    "time, the signed PDF. Rate-limited per address",
  access: "public",
  rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
  request: { params: contractTokenParamsSchema },
  responses: { 200: jsonContent(publicContractSchema), 404: invalid, 410: gone },
});
const attachment = defineRoute({
  method: "get",
  path: "/api/public/contracts/{token}/attachment",
  tags,
  summary: "The contract's attachment, while the link shows the contract",
  access: "public",
  rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
  request: { params: contractTokenParamsSchema },
  responses: { 200: binary([PDF_TYPE, "image/*"], "The attachment"), 404: invalid, 410: gone },
});
const signedPdf = defineRoute({
  method: "get",
  path: "/api/public/contracts/{token}/signed-pdf",
  tags,
  summary: "The signed PDF with its signing record, for the signer reopening the link that signed it",
  access: "public",
  rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
  request: { params: contractTokenParamsSchema },
  responses: { 200: binary([PDF_TYPE], "The signed PDF"), 404: invalid, 410: gone },
});
const sign = defineRoute({
  method: "post",
  path: "/api/public/contracts/{token}/sign",
  tags,
  summary:
    'Sign: consent, typed full name, drawn signature (PNG data URL; "Please provide a signature." when ' +
    "empty) and the SHA-256 shown (409 CONTRACT_CHANGED if the content changed). Records time, address and " +
    "browser; the contract becomes read-only; both sides get the signed PDF",
  access: "public",
  rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
  request: { params: contractTokenParamsSchema, body: jsonBody(signContractSchema) },
  responses: { 200: jsonContent(signedContractSchema), 404: invalid, 410: gone },
});
const account = defineRoute({
  method: "post",
  path: "/api/public/contracts/{token}/account",
  tags,
  summary:
    "Right after signing, a driver without a sign-in account sets a password: the account's email is the " +
    "contract's, the role driver, linked to the contract's driver. Once per driver (409 ACCOUNT_EXISTS)",
  access: "public",
  rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
  request: { params: contractTokenParamsSchema, body: jsonBody(contractAccountSchema) },
  responses: { 201: jsonContent(contractAccountResultSchema), 404: invalid },
});

const visitorOf = (c: Context<AppEnv>): Visitor => ({
  ip: c.get("ip") ?? null,
  userAgent: (c.req.header("user-agent") ?? "").slice(0, 500) || null,
});

export function contractSigningRoutes(deps: Deps) {
  const signing = createContractSigningService(deps);
  const viewLimit = rateLimitedByAddress(deps.db, "contractView", CONTRACT_RATE_LIMITS.view);
  const signLimit = rateLimitedByAddress(deps.db, "contractSign", CONTRACT_RATE_LIMITS.sign);
  return new OpenAPIHono<AppEnv>()
    .openapi(withMiddleware(view, viewLimit), async (c) =>
      c.json(await signing.view(c.req.valid("param").token, visitorOf(c)), 200),
    )
    .openapi(withMiddleware(attachment, viewLimit), async (c) => {
      const f = await signing.attachment(c.req.valid("param").token);
      c.set("framable", true);
      return fileResponse(c, f, "inline");
    })
    .openapi(withMiddleware(signedPdf, viewLimit), async (c) =>
      fileResponse(c, await signing.signedPdf(c.req.valid("param").token)),
    )
    .openapi(withMiddleware(sign, signLimit), async (c) =>
      c.json(await signing.sign(c.req.valid("param").token, c.req.valid("json"), visitorOf(c)), 200),
    )
    .openapi(withMiddleware(account, signLimit), async (c) =>
      c.json(
        await signing.createAccount(c.req.valid("param").token, c.req.valid("json").password, visitorOf(c)),
        201,
      ),
    );
}
