import { OpenAPIHono } from "@hono/zod-openapi";
import { calendarEventsSchema, calendarQuerySchema } from "@shared/calendar/time-off.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { createCalendarService } from "./calendar.service";

const events = defineRoute({
  method: "get",
  path: "/api/calendar/events",
  tags: ["Calendar"],
  summary:
    "Pickups, deliveries (cancelled loads left out) and approved time off between two dates, at most 62 days; drivers see only their own",
  access: "calendar:read",
  request: { query: calendarQuerySchema },
  responses: { 200: jsonContent(calendarEventsSchema) },
});

export function calendarRoutes(deps: Deps) {
  const calendar = createCalendarService(deps);
  return new OpenAPIHono<AppEnv>().openapi(events, async (c) =>
    c.json(await calendar.events(actorOf(c), c.req.valid("query")), 200),
  );
}
