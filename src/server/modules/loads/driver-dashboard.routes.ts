import { driverDashboardSchema } from "@shared/loads/loads.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createDriverDashboardService } from "./driver-dashboard.service";

export function driverDashboardRoutes(deps: Deps) {
  const dashboard = createDriverDashboardService(deps);
  const t = routeTable({ tags: ["Driver dashboard"], access: "loads:driverActions" });
  t.list(
    "/api/driver-dashboard",
    {
      summary:
        "The signed-in driver's current load, upcoming loads, activity of the last 7 days, time off and assets",
      response: driverDashboardSchema,
    },
    ({ actor }) => dashboard.get(actor),
  );
  return t.app;
}
