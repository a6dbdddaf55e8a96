import { OpenAPIHono, z } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
import {
  CERTIFICATE_MAX_BYTES,
  certificateInputSchema,
  certificateListQuerySchema,
  certificatePageSchema,
  certificateSchema,
  holderListQuerySchema,
  holderPageSchema,
  holderRequestInputSchema,
  holderRequestSchema,
  sendCertificateResultSchema,
} from "@shared/certificates/certificates.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileField, fileResponse, PDF_TYPE, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createCertificatesService } from "./certificates.service";

const tags = ["Certificates of insurance"];
const MANAGE = "certificates:manage";
const fileBody = {
  required: true,
  content: { "multipart/form-data": { schema: z.object({ file: fileField }) } },
};
const fileAnswer = binary([PDF_TYPE, "image/*"], "The file");

const list = defineRoute({
  method: "get",
  path: "/api/certificates",
  tags,
  summary:
    "Certificates of insurance — the company's and those received from owner-operators and vendors — " +
    "with search, direction and expiry (expired, lapsing within 30 days, valid) filters, sort and counts",
  access: MANAGE,
  request: { query: certificateListQuerySchema },
  responses: { 200: jsonContent(certificatePageSchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/certificates",
  tags,
  summary:
    "Record a certificate: producer, insurers (letter, name, NAIC), policies (kind, number, dates, limits)",
  access: MANAGE,
  request: { body: jsonBody(certificateInputSchema) },
  responses: { 201: jsonContent(certificateSchema, "Recorded") },
});
const update = defineRoute({
  method: "put",
  path: "/api/certificates/{id}",
  tags,
  summary: "Edit a certificate (a renewal: new policy dates)",
  access: MANAGE,
  request: { params: uuidParams, body: jsonBody(certificateInputSchema) },
  responses: { 200: jsonContent(certificateSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/certificates/{id}",
  tags,
  summary: "Delete a certificate (holders' requests keep their own issued certificate)",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const attach = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/certificates/{id}/file",
    tags,
    summary: "Attach the certificate's scan (PDF or image, checked by content)",
    access: MANAGE,
    request: { params: uuidParams, body: fileBody },
    responses: { 200: jsonContent(certificateSchema) },
  }),
  uploadBodyLimit(CERTIFICATE_MAX_BYTES),
);
const certificateFile = defineRoute({
  method: "get",
  path: "/api/certificates/{id}/file",
  tags,
  summary: "The certificate's scan",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: fileAnswer },
});
const requests = defineRoute({
  method: "get",
  path: "/api/certificate-requests",
  tags,
  summary:
    "Certificate holders' requests with search, status and lapsing filters: which holders hold a " +
    "certificate that expires within 30 days or has expired",
  access: MANAGE,
  request: { query: holderListQuerySchema },
  responses: { 200: jsonContent(holderPageSchema) },
});
const createRequest = defineRoute({
  method: "post",
  path: "/api/certificate-requests",
  tags,
  summary: "Record a holder's request (a customer or broker asking for a certificate naming them)",
  access: MANAGE,
  request: { body: jsonBody(holderRequestInputSchema) },
  responses: { 201: jsonContent(holderRequestSchema, "Recorded") },
});
const updateRequest = defineRoute({
  method: "put",
  path: "/api/certificate-requests/{id}",
  tags,
  summary: "Edit a holder's request",
  access: MANAGE,
  request: { params: uuidParams, body: jsonBody(holderRequestInputSchema) },
  responses: { 200: jsonContent(holderRequestSchema) },
});
const removeRequest = defineRoute({
  method: "delete",
  path: "/api/certificate-requests/{id}",
  tags,
  summary: "Delete a holder's request",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const issue = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/certificate-requests/{id}/file",
    tags,
    summary: "Attach the certificate the agent issued naming this holder (the request becomes issued)",
    access: MANAGE,
    request: { params: uuidParams, body: fileBody },
    responses: { 200: jsonContent(holderRequestSchema) },
  }),
  uploadBodyLimit(CERTIFICATE_MAX_BYTES),
);
const requestFile = defineRoute({
  method: "get",
  path: "/api/certificate-requests/{id}/file",
  tags,
  summary: "The certificate issued to this holder",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: fileAnswer },
});
const send = defineRoute({
  method: "post",
  path: "/api/certificate-requests/{id}/send",
  tags,
  summary:
    'Email the issued certificate to the holder through the mail service ("No Email Found" when the ' +
    "holder has no email; 400 until a certificate is attached)",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(sendCertificateResultSchema) },
});

export function certificatesRoutes(deps: Deps) {
  const certificates = createCertificatesService(deps);
  const id = (c: { req: { valid(t: "param"): { id: string } } }) => c.req.valid("param").id;
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await certificates.list(c.req.valid("query")), 200))
    .openapi(create, async (c) => c.json(await certificates.create(actorOf(c), c.req.valid("json")), 201))
    .openapi(update, async (c) =>
      c.json(await certificates.update(actorOf(c), id(c), c.req.valid("json")), 200),
    )
    .openapi(remove, async (c) => {
      await certificates.remove(actorOf(c), id(c));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(attach, async (c) =>
      c.json(await certificates.attach(actorOf(c), id(c), c.req.valid("form")), 200),
    )
    .openapi(certificateFile, async (c) => fileResponse(c, await certificates.certificateFile(id(c))))
    .openapi(requests, async (c) => c.json(await certificates.requests(c.req.valid("query")), 200))
    .openapi(createRequest, async (c) =>
      c.json(await certificates.createRequest(actorOf(c), c.req.valid("json")), 201),
    )
    .openapi(updateRequest, async (c) =>
      c.json(await certificates.updateRequest(actorOf(c), id(c), c.req.valid("json")), 200),
    )
    .openapi(removeRequest, async (c) => {
      await certificates.removeRequest(actorOf(c), id(c));
      return c.json({ ok: true as const }, 200);
    })
    .openapi(issue, async (c) =>
      c.json(await certificates.issue(actorOf(c), id(c), c.req.valid("form")), 200),
    )
    .openapi(requestFile, async (c) => fileResponse(c, await certificates.requestFile(id(c))))
    .openapi(send, async (c) => c.json(await certificates.send(actorOf(c), id(c)), 200));
}
