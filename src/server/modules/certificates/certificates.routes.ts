import { z } from "@hono/zod-openapi";
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
import { fileField, PDF_TYPE } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createCertificatesService } from "./certificates.service";

/** An attached scan: a 200 with the record, not a 201 (the record already existed). */
const scan = {
  params: uuidParams,
  form: z.object({ file: fileField }),
  status: 200,
  described: "OK",
  maxBytes: CERTIFICATE_MAX_BYTES,
} as const;
const fileTypes = [PDF_TYPE, "image/*"];

export function certificatesRoutes(deps: Deps) {
  const certificates = createCertificatesService(deps);
  const t = routeTable({ tags: ["Certificates of insurance"], access: "certificates:manage" });
  t.list(
    "/api/certificates",
    {
      summary:
        "Certificates of insurance — the company's and those received from owner-operators and vendors — " +
        "with search, direction and expiry (expired, lapsing within 30 days, valid) filters, sort and counts",
      query: certificateListQuerySchema,
      response: certificatePageSchema,
    },
    ({ query }) => certificates.list(query),
  );
  t.create(
    "/api/certificates",
    {
      summary:
        "Record a certificate: producer, insurers (letter, name, NAIC), policies (kind, number, dates, limits)",
      body: certificateInputSchema,
      response: certificateSchema,
      described: "Recorded",
    },
    ({ actor, body }) => certificates.create(actor, body),
  );
  t.update(
    "/api/certificates/{id}",
    {
      summary: "Edit a certificate (a renewal: new policy dates)",
      body: certificateInputSchema,
      response: certificateSchema,
    },
    ({ actor, id, body }) => certificates.update(actor, id, body),
  );
  t.remove(
    "/api/certificates/{id}",
    { summary: "Delete a certificate (holders' requests keep their own issued certificate)" },
    ({ actor, id }) => certificates.remove(actor, id),
  );
  t.upload(
    "/api/certificates/{id}/file",
    {
      summary: "Attach the certificate's scan (PDF or image, checked by content)",
      ...scan,
      response: certificateSchema,
    },
    ({ actor, id, form }) => certificates.attach(actor, id, form),
  );
  t.download(
    "/api/certificates/{id}/file",
    { summary: "The certificate's scan", types: fileTypes },
    ({ id }) => certificates.certificateFile(id),
  );
  t.list(
    "/api/certificate-requests",
    {
      summary:
        "Certificate holders' requests with search, status and lapsing filters: which holders hold a " +
        "certificate that expires within 30 days or has expired",
      query: holderListQuerySchema,
      response: holderPageSchema,
    },
    ({ query }) => certificates.requests(query),
  );
  t.create(
    "/api/certificate-requests",
    {
      summary: "Record a holder's request (a customer or broker asking for a certificate naming them)",
      body: holderRequestInputSchema,
      response: holderRequestSchema,
      described: "Recorded",
    },
    ({ actor, body }) => certificates.createRequest(actor, body),
  );
  t.update(
    "/api/certificate-requests/{id}",
    { summary: "Edit a holder's request", body: holderRequestInputSchema, response: holderRequestSchema },
    ({ actor, id, body }) => certificates.updateRequest(actor, id, body),
  );
  t.remove("/api/certificate-requests/{id}", { summary: "Delete a holder's request" }, ({ actor, id }) =>
    certificates.removeRequest(actor, id),
  );
  t.upload(
    "/api/certificate-requests/{id}/file",
    {
      summary: "Attach the certificate the agent issued naming this holder (the request becomes issued)",
      ...scan,
      response: holderRequestSchema,
    },
    ({ actor, id, form }) => certificates.issue(actor, id, form),
  );
  t.download(
    "/api/certificate-requests/{id}/file",
    { summary: "The certificate issued to this holder", types: fileTypes },
    ({ id }) => certificates.requestFile(id),
  );
  t.json(
    "post",
    "/api/certificate-requests/{id}/send",
    {
      summary:
        'Email the issued certificate to the holder through the mail service ("No Email Found" when the ' +
        "holder has no email; 400 until a certificate is attached)",
      params: uuidParams,
      response: sendCertificateResultSchema,
    },
    ({ actor, id }) => certificates.send(actor, id),
  );
  return t.app;
}
