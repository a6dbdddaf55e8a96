import { calendarEventsSchema, calendarQuerySchema } from "@shared/calendar/time-off.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createCalendarService } from "./calendar.service";

export function calendarRoutes(deps: Deps) {
  const calendar = createCalendarService(deps);
  const t = routeTable({ tags: ["Calendar"], access: "calendar:read" });
  t.list(
    "/api/calendar/events",
    {
      summary:
        "Pickups, deliveries (cancelled loads left out) and approved time off between two dates, at most 62 days; drivers see only their own",
      query: calendarQuerySchema,
      response: calendarEventsSchema,
    },
    ({ actor, query }) => calendar.events(actor, query),
  );
  return t.app;
}
