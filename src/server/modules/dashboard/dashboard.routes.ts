import { OpenAPIHono } from "@hono/zod-openapi";
import { staffDashboardSchema } from "@shared/dashboard/dashboard.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { createDashboardService } from "./dashboard.service";

const dashboard = defineRoute({
  method: "get",
  path: "/api/dashboard",
  tags: ["Dashboard"],
  summary:
    "The staff dashboard: dispatch figures (today's pickups and deliveries, loads by status, unassigned, drivers, load board, requests), money (revenue this week and month against the last, overdue receivables, bills due in the next 7 days, settlements to approve), safety (expiring documents, open citations and claims, failed inspections, overdue maintenance) — each for the roles it concerns — and the last 7 days' activity the role may see",
  access: "dashboard:read",
  responses: { 200: jsonContent(staffDashboardSchema) },
});

export function dashboardRoutes(deps: Deps) {
  const service = createDashboardService(deps);
  return new OpenAPIHono<AppEnv>().openapi(dashboard, async (c) =>
    c.json(await service.get(actorOf(c)), 200),
  );
}
