import { OpenAPIHono } from "@hono/zod-openapi";
import { driverDashboardSchema } from "@shared/loads/loads.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { createDriverDashboardService } from "./driver-dashboard.service";

const get = defineRoute({
  method: "get",
  path: "/api/driver-dashboard",
  tags: ["Driver dashboard"],
  summary:
    "The signed-in driver's current load, upcoming loads, activity of the last 7 days, time off and assets",
  access: "loads:driverActions",
  responses: { 200: jsonContent(driverDashboardSchema) },
});

export function driverDashboardRoutes(deps: Deps) {
  const dashboard = createDriverDashboardService(deps);
  return new OpenAPIHono<AppEnv>().openapi(get, async (c) => c.json(await dashboard.get(actorOf(c)), 200));
}
