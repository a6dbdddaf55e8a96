import { z } from "@hono/zod-openapi";
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
import { jsonContent, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createTrackingLinksService } from "../loads/tracking-links.service";
import { createLoadRequestsService } from "./load-requests.service";
import { createPortalService } from "./portal.service";

const fileParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  fileId: z.uuid({ message: "Invalid id." }),
});

export function portalRoutes(deps: Deps) {
  const portal = createPortalService(deps);
  const requests = createLoadRequestsService(deps);
  const tracking = createTrackingLinksService(deps);
  const t = routeTable({ tags: ["Customer portal"], access: "portal:use" });
  t.list(
    "/api/portal/summary",
    {
      summary: "The signed-in customer's company, active and recent loads, pending requests",
      response: portalSummarySchema,
    },
    ({ actor }) => portal.summary(actor),
  );
  t.export(
    "/api/portal/loads/export",
    { summary: "The customer's filtered loads as CSV or Excel", query: portalLoadExportQuerySchema },
    ({ actor, query }) => portal.exportLoads(actor, query),
  );
  t.list(
    "/api/portal/loads",
    {
      summary: "The customer's own loads (status, route, ETA, delivered time) — no rates, pay or notes",
      query: portalLoadListQuerySchema,
      response: portalLoadPageSchema,
    },
    ({ actor, query }) => portal.listLoads(actor, query),
  );
  t.get(
    "/api/portal/loads/{id}",
    {
      summary:
        "One of the customer's loads with stops, status history and BOL/POD documents, and while it is in progress " +
        "the truck's coarse position and ETA (never the driver); 404 otherwise",
      response: portalLoadDetailSchema,
    },
    ({ actor, id }) => portal.getLoad(actor, id),
  );
  t.download(
    "/api/portal/loads/{id}/files/{fileId}",
    {
      summary: "A BOL or POD of the customer's own load, as an attachment",
      params: fileParams,
      types: ["application/pdf", "image/*"],
    },
    ({ actor, params }) => portal.downloadFile(actor, params.id, params.fileId),
  );
  t.create(
    "/api/portal/loads/{id}/tracking-link",
    {
      summary:
        "A private tracking link for one of the customer's own loads, to pass on (the full public view, no " +
        "rates); it replaces the link they made before. The URL is shown only here. 404 for another's load",
      params: uuidParams,
      response: portalTrackingLinkSchema,
      responses: { 404: jsonContent(apiErrorSchema, "Not one of the customer's loads") },
    },
    ({ actor, id }) => tracking.forCustomer(actor, id),
  );
  t.list(
    "/api/portal/load-requests",
    {
      summary: "The customer's own load requests, newest first",
      query: myLoadRequestQuerySchema,
      response: loadRequestPageSchema,
    },
    ({ actor, query }) => requests.listMine(actor, query),
  );
  t.create(
    "/api/portal/load-requests",
    {
      summary: "Request a load: pending until dispatch accepts (a load is created) or declines it",
      body: createLoadRequestSchema,
      response: loadRequestSchema,
    },
    ({ actor, body }) => requests.create(actor, body),
  );
  return t.app;
}
