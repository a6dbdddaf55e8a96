import { z } from "@hono/zod-openapi";
import { loadPaperworkSchema } from "@shared/loads/loads.schema";
import {
  mergePaperworkSchema,
  paperworkLinkResultSchema,
  paperworkLinkSchema,
  paperworkPageSchema,
  paperworkQuerySchema,
  rejectPaperworkSchema,
  requestPaperworkSchema,
} from "@shared/paperwork/paperwork.schema";
import type { Deps } from "../../deps";
import { PDF_TYPE } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createPaperworkService } from "./paperwork.service";

const WRITE = "paperwork:write";
const fileParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  fileId: z.uuid({ message: "Invalid id." }),
});

export function paperworkRoutes(deps: Deps) {
  const paperwork = createPaperworkService(deps);
  const t = routeTable({ tags: ["BOL manager"], access: "paperwork:read" });
  t.list(
    "/api/paperwork",
    {
      summary:
        "Loads on the road or delivered with their BOL and POD: missing, received, verified or rejected; search, " +
        "status, customer, driver and delivery-date filters, sort, pages, and the count of each status",
      query: paperworkQuerySchema,
      response: paperworkPageSchema,
    },
    ({ query }) => paperwork.list(query),
  );
  t.file(
    "post",
    "/api/paperwork/merged",
    {
      summary: "The chosen loads' BOLs and PODs as one PDF (at most 50 loads)",
      conflict: "NO_PAPERWORK: none of the chosen loads has a BOL or POD on file",
      body: mergePaperworkSchema,
      types: [PDF_TYPE],
      described: "The merged PDF",
    },
    async ({ body }) => {
      const pdf = await paperwork.merged(body);
      return { contentType: PDF_TYPE, fileName: pdf.fileName, body: pdf.bytes };
    },
  );
  t.download(
    "/api/paperwork/{id}/files/{fileId}",
    {
      summary: "A load's BOL or POD, shown inline (PDF or image)",
      params: fileParams,
      types: ["application/pdf", "image/*"],
      described: "The document",
      disposition: "inline",
    },
    async ({ c, params }) => {
      const file = await paperwork.file(params.id, params.fileId);
      c.set("framable", true);
      return file;
    },
  );
  t.json(
    "post",
    "/api/paperwork/{id}/verify",
    {
      summary: "Verify the load's BOL and POD (409 NO_PAPERWORK when none is on file)",
      access: WRITE,
      params: uuidParams,
      response: loadPaperworkSchema,
    },
    ({ actor, id }) => paperwork.verify(actor, id),
  );
  t.json(
    "post",
    "/api/paperwork/{id}/reject",
    {
      summary: "Reject the load's BOL and POD with a reason; the driver is notified to upload again",
      access: WRITE,
      params: uuidParams,
      body: rejectPaperworkSchema,
      response: loadPaperworkSchema,
    },
    ({ actor, id, body }) => paperwork.reject(actor, id, body.reason),
  );
  t.json(
    "post",
    "/api/paperwork/{id}/request",
    {
      summary:
        "Ask the load's driver for the BOL and POD (a notification that opens the load); 409 NO_DRIVER_ACCOUNT " +
        "when the load has no driver who signs in",
      access: WRITE,
      params: uuidParams,
      body: requestPaperworkSchema,
      response: loadPaperworkSchema,
    },
    ({ actor, id, body }) => paperwork.request(actor, id, body.note),
  );
  t.create(
    "/api/paperwork/{id}/upload-link",
    {
      summary:
        "A new public BOL upload link for the load (shown once), emailed when an address is given (e.g. the receiver)",
      access: WRITE,
      params: uuidParams,
      body: paperworkLinkSchema,
      response: paperworkLinkResultSchema,
    },
    ({ actor, id, body }) => paperwork.uploadLink(actor, id, body),
  );
  return t.app;
}
