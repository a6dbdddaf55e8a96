import { OpenAPIHono } from "@hono/zod-openapi";
import {
  acceptedLoadRequestSchema,
  acceptLoadRequestSchema,
  declineLoadRequestSchema,
  loadRequestExportQuerySchema,
  loadRequestListQuerySchema,
  staffLoadRequestPageSchema,
  staffLoadRequestSchema,
} from "@shared/portal/load-requests.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, SHEET_TYPES } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createLoadRequestsService } from "./load-requests.service";

const tags = ["Load requests"];
const REVIEW = "loadRequests:review";

const list = defineRoute({
  method: "get",
  path: "/api/load-requests",
  tags,
  summary:
    "Customers' load requests: search (number, customer, city), status and customer filters, sort, pages",
  access: REVIEW,
  request: { query: loadRequestListQuerySchema },
  responses: { 200: jsonContent(staffLoadRequestPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/load-requests/export",
  tags,
  summary: "The filtered requests as CSV or Excel",
  access: REVIEW,
  request: { query: loadRequestExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const get = defineRoute({
  method: "get",
  path: "/api/load-requests/{id}",
  tags,
  summary: "One load request",
  access: REVIEW,
  request: { params: uuidParams },
  responses: { 200: jsonContent(staffLoadRequestSchema) },
});
const accept = defineRoute({
  method: "post",
  path: "/api/load-requests/{id}/accept",
  tags,
  summary:
    "Accept a pending request: a pending load is created from it with the rate given (the customer is " +
    "notified). 409 ALREADY_REVIEWED otherwise",
  access: REVIEW,
  request: { params: uuidParams, body: jsonBody(acceptLoadRequestSchema) },
  responses: { 200: jsonContent(acceptedLoadRequestSchema) },
});
const decline = defineRoute({
  method: "post",
  path: "/api/load-requests/{id}/decline",
  tags,
  summary: "Decline a pending request with a reason the customer sees",
  access: REVIEW,
  conflict: "ALREADY_REVIEWED: the request was accepted or declined already",
  request: { params: uuidParams, body: jsonBody(declineLoadRequestSchema) },
  responses: { 200: jsonContent(staffLoadRequestSchema) },
});

export function loadRequestsRoutes(deps: Deps) {
  const requests = createLoadRequestsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(exportList, async (c) => {
      const file = await requests.export(c.req.valid("query"));
      return fileResponse(c, file);
    })
    .openapi(list, async (c) => c.json(await requests.list(c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await requests.get(c.req.valid("param").id), 200))
    .openapi(accept, async (c) =>
      c.json(await requests.accept(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(decline, async (c) =>
      c.json(await requests.decline(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    );
}
