import { pageSchema } from "@shared/api/api.schema";
import {
  assignAssetsSchema,
  assignmentListQuerySchema,
  assignmentSchema,
} from "@shared/assignments/assignments.schema";
import type { Deps } from "../../deps";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createAssignmentsService } from "./assignments.service";

export function assignmentsRoutes(deps: Deps) {
  const assignments = createAssignmentsService(deps);
  const t = routeTable({ tags: ["Assignments"], access: "assignments:write" });
  t.list(
    "/api/assignments",
    {
      summary: "Asset assignments: current, past or all; search by driver, unit number, trailer or notes",
      access: "assignments:read",
      query: assignmentListQuerySchema,
      response: pageSchema(assignmentSchema),
    },
    ({ query: { page, pageSize, ...filter } }) => assignments.list(filter, { page, pageSize }),
  );
  t.create(
    "/api/assignments",
    {
      summary:
        "Assign a vehicle and/or trailer to a driver, ending the driver's current assignment; 409 when another driver holds one",
      body: assignAssetsSchema,
      response: assignmentSchema,
      described: "Assigned",
      notFound: "The driver named does not exist (NOT_FOUND)",
    },
    ({ actor, body }) => assignments.assign(actor, body),
  );
  t.json(
    "post",
    "/api/assignments/{id}/end",
    {
      summary: "End a current assignment (409 when it already ended)",
      params: uuidParams,
      response: assignmentSchema,
    },
    ({ actor, id }) => assignments.end(actor, id),
  );
  return t.app;
}
