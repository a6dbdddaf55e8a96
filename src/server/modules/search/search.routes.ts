import { searchAnswerSchema, searchQuerySchema } from "@shared/search/search.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createSearchService } from "./search.service";

export function searchRoutes(deps: Deps) {
  const service = createSearchService(deps);
  const t = routeTable({ tags: ["Search"], access: "authenticated" });
  t.list(
    "/api/search",
    {
      summary:
        "Loads, drivers, customers, vehicles and trailers by name or number — only the kinds whose page the caller may open, a driver only their own loads (the command palette)",
      query: searchQuerySchema,
      response: searchAnswerSchema,
    },
    ({ actor, query }) => service.search(actor, query.q),
  );
  return t.app;
}
