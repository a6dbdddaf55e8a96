import { OpenAPIHono } from "@hono/zod-openapi";
import { searchAnswerSchema, searchQuerySchema } from "@shared/search/search.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { createSearchService } from "./search.service";

const search = defineRoute({
  method: "get",
  path: "/api/search",
  tags: ["Search"],
  summary:
    "Loads, drivers, customers, vehicles and trailers by name or number — only the kinds whose page the caller may open, a driver only their own loads (the command palette)",
  access: "authenticated",
  request: { query: searchQuerySchema },
  responses: { 200: jsonContent(searchAnswerSchema) },
});

export function searchRoutes(deps: Deps) {
  const service = createSearchService(deps);
  return new OpenAPIHono<AppEnv>().openapi(search, async (c) =>
    c.json(await service.search(actorOf(c), c.req.valid("query").q), 200),
  );
}
