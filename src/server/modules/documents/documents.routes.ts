import { OpenAPIHono, z } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
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
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, optionalFileField, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
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
const companyBody = { required: true, content: { "multipart/form-data": { schema: companyForm } } };

const list = defineRoute({
  method: "get",
  path: "/api/documents",
  tags,
  summary:
    "Every document the caller may see — the company's, drivers', vehicles', trailers' and loads' — " +
    "with search, owner, type and expiry filters, sort (expiry first by default), pages, and the " +
    "expired and expiring counts. A driver: their own, their assets', their loads' and the company's " +
    "marked for drivers",
  access: READ,
  request: { query: documentListQuerySchema },
  responses: { 200: jsonContent(documentPageSchema) },
});
const create = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/documents",
    tags,
    summary:
      'Upload a company document (multipart): "Document upload needs a name and a file." (400); 415 ' +
      "for a file that is not a PDF or image",
    access: WRITE,
    request: { body: companyBody },
    responses: { 201: jsonContent(documentSchema, "Stored") },
  }),
  uploadBodyLimit(DOCUMENT_MAX_BYTES),
);
const update = withMiddleware(
  defineRoute({
    method: "put",
    path: "/api/documents/company/{id}",
    tags,
    summary: "Edit a company document (multipart); a new file replaces the old one",
    access: WRITE,
    request: { params: uuidParams, body: companyBody },
    responses: { 200: jsonContent(documentSchema) },
  }),
  uploadBodyLimit(DOCUMENT_MAX_BYTES),
);
const remove = defineRoute({
  method: "delete",
  path: "/api/documents/company/{id}",
  tags,
  summary: "Delete a company document and its file",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const uploadOwn = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/documents/mine",
    tags,
    summary:
      "A driver files one of their own documents (medical card, insurance card, other; multipart with the " +
      "date it shows); it waits for the office to confirm it",
    access: "documents:upload",
    request: {
      body: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: z.object({
              kind: z
                .string()
                .optional()
                .openapi({ enum: [...DRIVER_UPLOAD_KINDS] }),
              expiresOn: z.string().optional().openapi({ format: "date" }),
              file: optionalFileField("The document: PDF or photo (checked by content)"),
            }),
          },
        },
      },
    },
    responses: { 201: jsonContent(documentSchema, "Filed, waiting for confirmation") },
  }),
  uploadBodyLimit(DOCUMENT_MAX_BYTES),
);
const confirm = defineRoute({
  method: "post",
  path: "/api/documents/driver/{id}/confirm",
  tags,
  summary:
    "Confirm a driver's own upload; a dated medical or insurance card becomes the driver's expiry date",
  access: "documents:confirm",
  request: { params: uuidParams },
  responses: { 200: jsonContent(documentSchema) },
});
const file = defineRoute({
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
});

export function documentsRoutes(deps: Deps) {
  const documents = createDocumentsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await documents.list(actorOf(c), c.req.valid("query")), 200))
    .openapi(create, async (c) => c.json(await documents.create(actorOf(c), c.req.valid("form")), 201))
    .openapi(uploadOwn, async (c) => c.json(await documents.uploadOwn(actorOf(c), c.req.valid("form")), 201))
    .openapi(confirm, async (c) => c.json(await documents.confirm(actorOf(c), c.req.valid("param").id), 200))
    .openapi(update, async (c) =>
      c.json(await documents.update(actorOf(c), c.req.valid("param").id, c.req.valid("form")), 200),
    )
    .openapi(remove, async (c) => {
      await documents.remove(actorOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(file, async (c) => {
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
    });
}
