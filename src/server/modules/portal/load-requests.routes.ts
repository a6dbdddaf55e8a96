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
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createLoadRequestsService } from "./load-requests.service";

export function loadRequestsRoutes(deps: Deps) {
  const requests = createLoadRequestsService(deps);
  const t = routeTable({ tags: ["Load requests"], access: "loadRequests:review" });
  t.export(
    "/api/load-requests/export",
    { summary: "The filtered requests as CSV or Excel", query: loadRequestExportQuerySchema },
    ({ query }) => requests.export(query),
  );
  t.list(
    "/api/load-requests",
    {
      summary:
        "Customers' load requests: search (number, customer, city), status and customer filters, sort, pages",
      query: loadRequestListQuerySchema,
      response: staffLoadRequestPageSchema,
    },
    ({ query }) => requests.list(query),
  );
  t.get(
    "/api/load-requests/{id}",
    { summary: "One load request", response: staffLoadRequestSchema },
    ({ id }) => requests.get(id),
  );
  t.json(
    "post",
    "/api/load-requests/{id}/accept",
    {
      summary:
        "Accept a pending request: a pending load is created from it with the rate given (the customer is " +
        "notified). 409 ALREADY_REVIEWED otherwise",
      params: uuidParams,
      body: acceptLoadRequestSchema,
      response: acceptedLoadRequestSchema,
    },
    ({ actor, id, body }) => requests.accept(actor, id, body),
  );
  t.json(
    "post",
    "/api/load-requests/{id}/decline",
    {
      summary: "Decline a pending request with a reason the customer sees",
      conflict: "ALREADY_REVIEWED: the request was accepted or declined already",
      params: uuidParams,
      body: declineLoadRequestSchema,
      response: staffLoadRequestSchema,
    },
    ({ actor, id, body }) => requests.decline(actor, id, body),
  );
  return t.app;
}
