import { OpenAPIHono, z } from "@hono/zod-openapi";
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
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, PDF_TYPE } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createPaperworkService } from "./paperwork.service";

const tags = ["BOL manager"];
const READ = "paperwork:read";
const WRITE = "paperwork:write";
const fileParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  fileId: z.uuid({ message: "Invalid id." }),
});

const list = defineRoute({
  method: "get",
  path: "/api/paperwork",
  tags,
  summary:
    "Loads on the road or delivered with their BOL and POD: missing, received, verified or rejected; search, " +
    "status, customer, driver and delivery-date filters, sort, pages, and the count of each status",
  access: READ,
  request: { query: paperworkQuerySchema },
  responses: { 200: jsonContent(paperworkPageSchema) },
});
const file = defineRoute({
  method: "get",
  path: "/api/paperwork/{id}/files/{fileId}",
  tags,
  summary: "A load's BOL or POD, shown inline (PDF or image)",
  access: READ,
  request: { params: fileParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The document") },
});
const verify = defineRoute({
  method: "post",
  path: "/api/paperwork/{id}/verify",
  tags,
  summary: "Verify the load's BOL and POD (409 NO_PAPERWORK when none is on file)",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(loadPaperworkSchema) },
});
const reject = defineRoute({
  method: "post",
  path: "/api/paperwork/{id}/reject",
  tags,
  summary: "Reject the load's BOL and POD with a reason; the driver is notified to upload again",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(rejectPaperworkSchema) },
  responses: { 200: jsonContent(loadPaperworkSchema) },
});
const request = defineRoute({
  method: "post",
  path: "/api/paperwork/{id}/request",
  tags,
  summary:
    "Ask the load's driver for the BOL and POD (a notification that opens the load); 409 NO_DRIVER_ACCOUNT " +
    "when the load has no driver who signs in",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(requestPaperworkSchema) },
  responses: { 200: jsonContent(loadPaperworkSchema) },
});
const link = defineRoute({
  method: "post",
  path: "/api/paperwork/{id}/upload-link",
  tags,
  summary:
    "A new public BOL upload link for the load (shown once), emailed when an address is given (e.g. the receiver)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(paperworkLinkSchema) },
  responses: { 201: jsonContent(paperworkLinkResultSchema, "Created") },
});
const merged = defineRoute({
  method: "post",
  path: "/api/paperwork/merged",
  tags,
  summary: "The chosen loads' BOLs and PODs as one PDF (at most 50 loads)",
  access: READ,
  request: { body: jsonBody(mergePaperworkSchema) },
  responses: { 200: binary([PDF_TYPE], "The merged PDF") },
});

export function paperworkRoutes(deps: Deps) {
  const paperwork = createPaperworkService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await paperwork.list(c.req.valid("query")), 200))
    .openapi(merged, async (c) => {
      const pdf = await paperwork.merged(c.req.valid("json"));
      return fileResponse(c, { contentType: PDF_TYPE, fileName: pdf.fileName, body: pdf.bytes });
    })
    .openapi(file, async (c) => {
      const { id, fileId } = c.req.valid("param");
      const file = await paperwork.file(id, fileId);
      c.set("framable", true);
      return fileResponse(c, file, "inline");
    })
    .openapi(verify, async (c) => c.json(await paperwork.verify(actorOf(c), c.req.valid("param").id), 200))
    .openapi(reject, async (c) =>
      c.json(await paperwork.reject(actorOf(c), c.req.valid("param").id, c.req.valid("json").reason), 200),
    )
    .openapi(request, async (c) =>
      c.json(await paperwork.request(actorOf(c), c.req.valid("param").id, c.req.valid("json").note), 200),
    )
    .openapi(link, async (c) =>
      c.json(await paperwork.uploadLink(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
    );
}
