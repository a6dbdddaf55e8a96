import { z } from "@hono/zod-openapi";
import {
  COMPANY_DOCUMENT_TYPES,
  DOCUMENT_MAX_BYTES,
  DRIVER_UPLOAD_KINDS,
  documentListQuerySchema,
  documentPageSchema,
  documentParamsSchema,
  documentSchema,
} from "@shared/documents/documents.schema";
import type { Deps } from "../../deps";
import { actorOf } from "../../http/context";
import { binary, fileResponse, optionalFileField, uploadBodyLimit } from "../../http/files";
import { defineRoute, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createDocumentsService } from "./documents.service";

const tags = ["Documents"];
const READ = "documents:read";
const WRITE = "documents:write";

/** The multipart form as sent; the service validates it with the shared schema (the spec's message). */
const companyForm = z.object({
  name: z.string().optional(),
  type: z
    .string()
    .optional()
    .openapi({ enum: [...COMPANY_DOCUMENT_TYPES] }),
  expiresOn: z.string().optional().openapi({ format: "date" }),
  visibleToDrivers: z.string().optional().openapi({ description: '"true" shows it to every driver' }),
  notes: z.string().optional(),
  file: optionalFileField("The document: PDF, JPEG, PNG, WebP or HEIC (checked by content)"),
});

export function documentsRoutes(deps: Deps) {
  const documents = createDocumentsService(deps);
  const t = routeTable({ tags, access: READ });
  t.list(
    "/api/documents",
    {
      summary:
        "Every document the caller may see — the company's, drivers', vehicles', trailers' and loads' — " +
        "with search, owner, type and expiry filters, sort (expiry first by default), pages, and the " +
        "expired and expiring counts. A driver: their own, their assets', their loads' and the company's " +
        "marked for drivers",
      query: documentListQuerySchema,
      response: documentPageSchema,
    },
    ({ actor, query }) => documents.list(actor, query),
  );
  t.upload(
    "/api/documents",
    {
      summary:
        'Upload a company document (multipart): "Document upload needs a name and a file." (400); 415 ' +
        "for a file that is not a PDF or image",
      access: WRITE,
      form: companyForm,
      response: documentSchema,
      described: "Stored",
      maxBytes: DOCUMENT_MAX_BYTES,
    },
    ({ actor, form }) => documents.create(actor, form),
  );
  t.upload(
    "/api/documents/mine",
    {
      summary:
        "A driver files one of their own documents (medical card, insurance card, other; multipart with the " +
        "date it shows); it waits for the office to confirm it",
      access: "documents:upload",
      form: z.object({
        kind: z
          .string()
          .optional()
          .openapi({ enum: [...DRIVER_UPLOAD_KINDS] }),
        expiresOn: z.string().optional().openapi({ format: "date" }),
        file: optionalFileField("The document: PDF or photo (checked by content)"),
      }),
      response: documentSchema,
      described: "Filed, waiting for confirmation",
      maxBytes: DOCUMENT_MAX_BYTES,
    },
    ({ actor, form }) => documents.uploadOwn(actor, form),
  );
  t.json(
    "post",
    "/api/documents/driver/{id}/confirm",
    {
      summary:
        "Confirm a driver's own upload; a dated medical or insurance card becomes the driver's expiry date",
      access: "documents:confirm",
      params: uuidParams,
      response: documentSchema,
    },
    ({ actor, id }) => documents.confirm(actor, id),
  );
  t.json(
    "put",
    "/api/documents/company/{id}",
    {
      summary: "Edit a company document (multipart); a new file replaces the old one",
      access: WRITE,
      params: uuidParams,
      form: companyForm,
      response: documentSchema,
      middleware: [uploadBodyLimit(DOCUMENT_MAX_BYTES)],
    },
    ({ actor, id, form }) => documents.update(actor, id, form),
  );
  t.remove(
    "/api/documents/company/{id}",
    { summary: "Delete a company document and its file", access: WRITE },
    ({ actor, id }) => documents.remove(actor, id),
  );
  // The query chooses the disposition, which a file shape fixes: declared by hand.
  t.route(
    defineRoute({
      method: "get",
      path: "/api/documents/{owner}/{id}/file",
      tags,
      summary:
        "A document's file (`?disposition=inline` for the viewer). 404 DOCUMENT_UNAVAILABLE, " +
        '"The document data is not available.", when its bytes are gone',
      access: READ,
      request: {
        params: documentParamsSchema,
        query: z.object({ disposition: z.enum(["attachment", "inline"]).default("attachment") }),
      },
      responses: { 200: binary(["application/pdf", "image/*"], "The file") },
    }),
    async (c) => {
      const { owner, id } = c.req.valid("param");
      const f = await documents.file(actorOf(c), owner, id);
      const disposition = c.req.valid("query").disposition;
      // Shown in the viewer's frame: our own pages may frame it, nothing in it runs.
      if (disposition === "inline") c.set("framable", true);
      return fileResponse(
        c,
        { bytes: f.bytes, contentType: f.contentType, fileName: f.fileName },
        disposition,
      );
    },
  );
  return t.app;
}
