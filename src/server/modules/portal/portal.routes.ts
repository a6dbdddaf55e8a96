import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import {
  createLoadRequestSchema,
  loadRequestPageSchema,
  loadRequestSchema,
  myLoadRequestQuerySchema,
} from "@shared/portal/load-requests.schema";
import {
  portalLoadDetailSchema,
  portalLoadExportQuerySchema,
  portalLoadListQuerySchema,
  portalLoadPageSchema,
  portalSummarySchema,
} from "@shared/portal/portal.schema";
import { portalTrackingLinkSchema } from "@shared/public/tracking.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createTrackingLinksService } from "../loads/tracking-links.service";
import { createLoadRequestsService } from "./load-requests.service";
import { createPortalService } from "./portal.service";

const tags = ["Customer portal"];
const PORTAL = "portal:use";

const fileParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  fileId: z.uuid({ message: "Invalid id." }),
});

const summary = defineRoute({
  method: "get",
  path: "/api/portal/summary",
  tags,
  summary: "The signed-in customer's company, active and recent loads, pending requests",
  access: PORTAL,
  responses: { 200: jsonContent(portalSummarySchema) },
});
const listLoads = defineRoute({
  method: "get",
  path: "/api/portal/loads",
  tags,
  summary: "The customer's own loads (status, route, ETA, delivered time) — no rates, pay or notes",
  access: PORTAL,
  request: { query: portalLoadListQuerySchema },
  responses: { 200: jsonContent(portalLoadPageSchema) },
});
const exportLoads = defineRoute({
  method: "get",
  path: "/api/portal/loads/export",
  tags,
  summary: "The customer's filtered loads as CSV or Excel",
  access: PORTAL,
  request: { query: portalLoadExportQuerySchema },
  responses: {
    200: binary(
      ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      "The file",
    ),
  },
});
const getLoad = defineRoute({
  method: "get",
  path: "/api/portal/loads/{id}",
  tags,
  summary: "One of the customer's loads with stops, status history and BOL/POD documents (404 otherwise)",
  access: PORTAL,
  request: { params: uuidParams },
  responses: { 200: jsonContent(portalLoadDetailSchema) },
});
const downloadFile = defineRoute({
  method: "get",
  path: "/api/portal/loads/{id}/files/{fileId}",
  tags,
  summary: "A BOL or POD of the customer's own load, as an attachment",
  access: PORTAL,
  request: { params: fileParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The file") },
});
const trackingLink = defineRoute({
  method: "post",
  path: "/api/portal/loads/{id}/tracking-link",
  tags,
  summary:
    "A private tracking link for one of the customer's own loads, to pass on (the full public view, no " +
    "rates); it replaces the link they made before. The URL is shown only here. 404 for another's load",
  access: PORTAL,
  request: { params: uuidParams },
  responses: {
    201: jsonContent(portalTrackingLinkSchema, "Created"),
    404: jsonContent(apiErrorSchema, "Not one of the customer's loads"),
  },
});
const listRequests = defineRoute({
  method: "get",
  path: "/api/portal/load-requests",
  tags,
  summary: "The customer's own load requests, newest first",
  access: PORTAL,
  request: { query: myLoadRequestQuerySchema },
  responses: { 200: jsonContent(loadRequestPageSchema) },
});
const createRequest = defineRoute({
  method: "post",
  path: "/api/portal/load-requests",
  tags,
  summary: "Request a load: pending until dispatch accepts (a load is created) or declines it",
  access: PORTAL,
  request: { body: jsonBody(createLoadRequestSchema) },
  responses: { 201: jsonContent(loadRequestSchema, "Created") },
});

export function portalRoutes(deps: Deps) {
  const portal = createPortalService(deps);
  const requests = createLoadRequestsService(deps);
  const tracking = createTrackingLinksService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(summary, async (c) => c.json(await portal.summary(actorOf(c)), 200))
    .openapi(exportLoads, async (c) => {
      const file = await portal.exportLoads(actorOf(c), c.req.valid("query"));
      return fileResponse(c, file);
    })
    .openapi(listLoads, async (c) => c.json(await portal.listLoads(actorOf(c), c.req.valid("query")), 200))
    .openapi(getLoad, async (c) => c.json(await portal.getLoad(actorOf(c), c.req.valid("param").id), 200))
    .openapi(downloadFile, async (c) => {
      const { id, fileId } = c.req.valid("param");
      const file = await portal.downloadFile(actorOf(c), id, fileId);
      return fileResponse(c, file);
    })
    .openapi(trackingLink, async (c) =>
      c.json(await tracking.forCustomer(actorOf(c), c.req.valid("param").id), 201),
    )
    .openapi(listRequests, async (c) =>
      c.json(await requests.listMine(actorOf(c), c.req.valid("query")), 200),
    )
    .openapi(createRequest, async (c) => c.json(await requests.create(actorOf(c), c.req.valid("json")), 201));
}
