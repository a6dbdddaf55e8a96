import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  SAFETY_OPTION_KINDS,
  safetyOptionSchema,
  safetyOptionsQuerySchema,
} from "@shared/accidents/accidents.schema";
import { itemsSchema } from "@shared/api/api.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { createSafetyLookupsService } from "./safety-lookups.service";

const options = defineRoute({
  method: "get",
  path: "/api/safety/options/{kind}",
  tags: ["Safety"],
  summary:
    "Pickers of the citation and accident forms: drivers (with their assigned truck and trailer), vehicles or trailers; first 50 matching `q`",
  access: "safety:lookups",
  request: {
    params: z.object({ kind: z.enum(SAFETY_OPTION_KINDS, { message: "Unknown list." }) }),
    query: safetyOptionsQuerySchema,
  },
  responses: { 200: jsonContent(itemsSchema(safetyOptionSchema)) },
});

export function safetyLookupsRoutes(deps: Deps) {
  const lookups = createSafetyLookupsService(deps);
  return new OpenAPIHono<AppEnv>().openapi(options, async (c) => {
    const { kind } = c.req.valid("param");
    const { q } = c.req.valid("query");
    return c.json({ items: await lookups[kind](q) }, 200);
  });
}
