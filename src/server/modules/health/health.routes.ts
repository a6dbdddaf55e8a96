import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { databaseAnswers } from "./health.service";

const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]) });

const health = defineRoute({
  method: "get",
  path: "/api/health",
  tags: ["Health"],
  summary: "200 when the database answers, 503 otherwise",
  access: "public",
  responses: { 200: jsonContent(healthSchema), 503: jsonContent(healthSchema, "Database unavailable") },
});

export function healthRoutes({ db }: Deps) {
  return new OpenAPIHono<AppEnv>().openapi(health, async (c) => {
    if (await databaseAnswers(db)) return c.json({ status: "ok" as const }, 200);
    return c.json({ status: "unavailable" as const }, 503);
  });
}
