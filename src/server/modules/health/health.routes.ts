import { z } from "@hono/zod-openapi";
import type { Deps } from "../../deps";
import { defineRoute, jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { databaseAnswers } from "./health.service";

const healthSchema = z.object({ status: z.enum(["ok", "unavailable"]) });

export function healthRoutes({ db }: Deps) {
  const t = routeTable({ tags: ["Health"], access: "public" });
  // Two answers (200, 503): by hand.
  t.route(
    defineRoute({
      method: "get",
      path: "/api/health",
      tags: ["Health"],
      summary: "200 when the database answers, 503 otherwise",
      access: "public",
      responses: { 200: jsonContent(healthSchema), 503: jsonContent(healthSchema, "Database unavailable") },
    }),
    async (c) =>
      (await databaseAnswers(db)) ? c.json({ status: "ok" }, 200) : c.json({ status: "unavailable" }, 503),
  );
  return t.app;
}
