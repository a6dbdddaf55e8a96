import { z } from "@hono/zod-openapi";
import {
  SAFETY_OPTION_KINDS,
  safetyOptionSchema,
  safetyOptionsQuerySchema,
} from "@shared/accidents/accidents.schema";
import { itemsSchema } from "@shared/api/api.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createSafetyLookupsService } from "./safety-lookups.service";

export function safetyLookupsRoutes(deps: Deps) {
  const lookups = createSafetyLookupsService(deps);
  const t = routeTable({ tags: ["Safety"], access: "safety:lookups" });
  t.get(
    "/api/safety/options/{kind}",
    {
      summary:
        "Pickers of the citation and accident forms: drivers (with their assigned truck and trailer), vehicles or trailers; first 50 matching `q`",
      params: z.object({ kind: z.enum(SAFETY_OPTION_KINDS, { message: "Unknown list." }) }),
      query: safetyOptionsQuerySchema,
      response: itemsSchema(safetyOptionSchema),
    },
    async ({ params, query }) => ({ items: await lookups[params.kind](query.q) }),
  );
  return t.app;
}
