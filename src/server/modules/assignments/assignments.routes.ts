import { OpenAPIHono } from "@hono/zod-openapi";
import { pageSchema } from "@shared/api/api.schema";
import {
  assignAssetsSchema,
  assignmentListQuerySchema,
  assignmentSchema,
} from "@shared/assignments/assignments.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createAssignmentsService } from "./assignments.service";

const tags = ["Assignments"];

const list = defineRoute({
  method: "get",
  path: "/api/assignments",
  tags,
  summary: "Asset assignments: current, past or all; search by driver, unit number, trailer or notes",
  access: "assignments:read",
  request: { query: assignmentListQuerySchema },
  responses: { 200: jsonContent(pageSchema(assignmentSchema)) },
});

const assign = defineRoute({
  method: "post",
  path: "/api/assignments",
  tags,
  summary:
    "Assign a vehicle and/or trailer to a driver, ending the driver's current assignment; 409 when another driver holds one",
  access: "assignments:write",
  request: { body: jsonBody(assignAssetsSchema) },
  responses: { 201: jsonContent(assignmentSchema, "Assigned") },
});

const end = defineRoute({
  method: "post",
  path: "/api/assignments/{id}/end",
  tags,
  summary: "End a current assignment (409 when it already ended)",
  access: "assignments:write",
  request: { params: uuidParams },
  responses: { 200: jsonContent(assignmentSchema) },
});

export function assignmentsRoutes(deps: Deps) {
  const assignments = createAssignmentsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => {
      const { page, pageSize, ...filter } = c.req.valid("query");
      return c.json(await assignments.list(filter, { page, pageSize }), 200);
    })
    .openapi(assign, async (c) => c.json(await assignments.assign(actorOf(c), c.req.valid("json")), 201))
    .openapi(end, async (c) => c.json(await assignments.end(actorOf(c), c.req.valid("param").id), 200));
}
