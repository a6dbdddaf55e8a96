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
import { PDF_TYPE } from "../../http/files";
import { rateLimitedByAddress } from "../../http/rate-limited";
import { jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createContractSigningService, type Visitor } from "./contract-signing.service";

const invalid = jsonContent(
  apiErrorSchema,
  "Unknown, expired, replaced or withdrawn link, or one that signed and is asked to sign (INVALID_LINK)",
);
const gone = jsonContent(apiErrorSchema, "The contract is past its expiry date (CONTRACT_EXPIRED)");

const visitorOf = (c: Context<AppEnv>): Visitor => ({
  ip: c.get("ip") ?? null,
  userAgent: (c.req.header("user-agent") ?? "").slice(0, 500) || null,
});

export function contractSigningRoutes(deps: Deps) {
  const signing = createContractSigningService(deps);
  const viewLimit = rateLimitedByAddress(deps.db, "contractView", CONTRACT_RATE_LIMITS.view);
  const signLimit = rateLimitedByAddress(deps.db, "contractSign", CONTRACT_RATE_LIMITS.sign);
  const t = routeTable({
    tags: ["Public"],
    access: "public",
    rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
  });
  const link = { params: contractTokenParamsSchema };
  t.get(
    "/api/public/contracts/{token}",
    {
      summary:
        "The contract a signing link is for, with the SHA-256 of exactly what is shown; the first opening is " +
        "recorded. Once signed, the same link (until it expires) shows the signed copy: signature, signer, " +
        "time, the signed PDF. Rate-limited per address",
      ...link,
      response: publicContractSchema,
      responses: { 404: invalid, 410: gone },
      middleware: [viewLimit],
    },
    ({ c, params }) => signing.view(params.token, visitorOf(c)),
  );
  t.download(
    "/api/public/contracts/{token}/attachment",
    {
      summary: "The contract's attachment, while the link shows the contract",
      ...link,
      types: [PDF_TYPE, "image/*"],
      described: "The attachment",
      disposition: "inline",
      responses: { 404: invalid, 410: gone },
      middleware: [viewLimit],
    },
    async ({ c, params }) => {
      const file = await signing.attachment(params.token);
      c.set("framable", true);
      return file;
    },
  );
  t.download(
    "/api/public/contracts/{token}/signed-pdf",
    {
      summary: "The signed PDF with its signing record, for the signer reopening the link that signed it",
      ...link,
      types: [PDF_TYPE],
      described: "The signed PDF",
      responses: { 404: invalid, 410: gone },
      middleware: [viewLimit],
    },
    ({ params }) => signing.signedPdf(params.token),
  );
  t.json(
    "post",
    "/api/public/contracts/{token}/sign",
    {
      summary:
        'Sign: consent, typed full name, drawn signature (PNG data URL; "Please provide a signature." when ' +
        "empty) and the SHA-256 shown (409 CONTRACT_CHANGED if the content changed). Records time, address and " +
        "browser; the contract becomes read-only; both sides get the signed PDF",
      ...link,
      body: signContractSchema,
      response: signedContractSchema,
      responses: { 404: invalid, 410: gone },
      middleware: [signLimit],
    },
    ({ c, params, body }) => signing.sign(params.token, body, visitorOf(c)),
  );
  t.json(
    "post",
    "/api/public/contracts/{token}/account",
    {
      summary:
        "Right after signing, a driver without a sign-in account sets a password: the account's email is the " +
        "contract's, the role driver, linked to the contract's driver. Once per driver (409 ACCOUNT_EXISTS)",
      ...link,
      body: contractAccountSchema,
      response: contractAccountResultSchema,
      status: 201,
      responses: { 404: invalid },
      middleware: [signLimit],
    },
    ({ c, params, body }) => signing.createAccount(params.token, body.password, visitorOf(c)),
  );
  return t.app;
}
