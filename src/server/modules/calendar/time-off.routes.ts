import { OpenAPIHono } from "@hono/zod-openapi";
import { pageQuerySchema, pageSchema } from "@shared/api/api.schema";
import {
  reviewTimeOffSchema,
  timeOffFilterSchema,
  timeOffRequestSchema,
  timeOffSchema,
} from "@shared/calendar/time-off.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createTimeOffService } from "./time-off.service";

const tags = ["Time off"];

const list = defineRoute({
  method: "get",
  path: "/api/time-off",
  tags,
  summary: "Time-off requests (filter by status or driver); a driver sees only their own",
  access: "timeOff:read",
  request: { query: pageQuerySchema.extend(timeOffFilterSchema.shape) },
  responses: { 200: jsonContent(pageSchema(timeOffSchema)) },
});

const request = defineRoute({
  method: "post",
  path: "/api/time-off",
  tags,
  summary:
    "A driver requests time off (dates and reason); 409 when it overlaps their pending or approved request",
  access: "timeOff:request",
  request: { body: jsonBody(timeOffRequestSchema) },
  responses: { 201: jsonContent(timeOffSchema, "Requested; admins and managers are notified") },
});

const review = defineRoute({
  method: "post",
  path: "/api/time-off/{id}/review",
  tags,
  summary: "Approve or deny a pending request (409 otherwise); the driver is notified",
  access: "timeOff:review",
  request: { params: uuidParams, body: jsonBody(reviewTimeOffSchema) },
  responses: { 200: jsonContent(timeOffSchema) },
});

const cancel = defineRoute({
  method: "post",
  path: "/api/time-off/{id}/cancel",
  tags,
  summary:
    "Cancel: a driver their own pending or not-yet-started request (another's is a 404); a reviewer any pending or unfinished one",
  access: ["timeOff:request", "timeOff:review"],
  request: { params: uuidParams },
  responses: { 200: jsonContent(timeOffSchema) },
});

export function timeOffRoutes(deps: Deps) {
  const timeOff = createTimeOffService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => {
      const { page, pageSize, ...filter } = c.req.valid("query");
      return c.json(await timeOff.list(actorOf(c), filter, { page, pageSize }), 200);
    })
    .openapi(request, async (c) => c.json(await timeOff.request(actorOf(c), c.req.valid("json")), 201))
    .openapi(review, async (c) => {
      const { decision, note } = c.req.valid("json");
      return c.json(await timeOff.review(actorOf(c), c.req.valid("param").id, decision, note), 200);
    })
    .openapi(cancel, async (c) => c.json(await timeOff.cancel(actorOf(c), c.req.valid("param").id), 200));
}
