import { pageQuerySchema, pageSchema } from "@shared/api/api.schema";
import {
  reviewTimeOffSchema,
  timeOffFilterSchema,
  timeOffRequestSchema,
  timeOffSchema,
} from "@shared/calendar/time-off.schema";
import type { Deps } from "../../deps";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createTimeOffService } from "./time-off.service";

export function timeOffRoutes(deps: Deps) {
  const timeOff = createTimeOffService(deps);
  const t = routeTable({ tags: ["Time off"], access: "timeOff:review" });
  t.list(
    "/api/time-off",
    {
      summary: "Time-off requests (filter by status or driver); a driver sees only their own",
      access: "timeOff:read",
      query: pageQuerySchema.extend(timeOffFilterSchema.shape),
      response: pageSchema(timeOffSchema),
    },
    ({ actor, query: { page, pageSize, ...filter } }) => timeOff.list(actor, filter, { page, pageSize }),
  );
  t.create(
    "/api/time-off",
    {
      summary:
        "A driver requests time off (dates and reason); 409 when it overlaps their pending or approved request",
      access: "timeOff:request",
      body: timeOffRequestSchema,
      response: timeOffSchema,
      described: "Requested; admins and managers are notified",
    },
    ({ actor, body }) => timeOff.request(actor, body),
  );
  t.json(
    "post",
    "/api/time-off/{id}/review",
    {
      summary: "Approve or deny a pending request (409 otherwise); the driver is notified",
      params: uuidParams,
      body: reviewTimeOffSchema,
      response: timeOffSchema,
    },
    ({ actor, id, body }) => timeOff.review(actor, id, body.decision, body.note),
  );
  t.json(
    "post",
    "/api/time-off/{id}/cancel",
    {
      summary:
        "Cancel: a driver their own pending or not-yet-started request (another's is a 404); a reviewer any pending or unfinished one",
      access: ["timeOff:request", "timeOff:review"],
      conflict: "TIME_OFF_NOT_CANCELLABLE: the request is already decided, cancelled or under way",
      params: uuidParams,
      response: timeOffSchema,
    },
    ({ actor, id }) => timeOff.cancel(actor, id),
  );
  return t.app;
}
