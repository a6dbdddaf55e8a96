import { staffDashboardSchema } from "@shared/dashboard/dashboard.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createDashboardService } from "./dashboard.service";

export function dashboardRoutes(deps: Deps) {
  const service = createDashboardService(deps);
  const t = routeTable({ tags: ["Dashboard"], access: "dashboard:read" });
  t.list(
    "/api/dashboard",
    {
      summary:
        "The staff dashboard: dispatch figures (today's pickups and deliveries, loads by status, unassigned, drivers, load board, requests), money (revenue this week and month against the last, overdue receivables, bills due in the next 7 days, settlements to approve), safety (expiring documents, open citations and claims, failed inspections, overdue maintenance) — each for the roles it concerns — and the last 7 days' activity the role may see",
      response: staffDashboardSchema,
    },
    ({ actor }) => service.get(actor),
  );
  return t.app;
}
