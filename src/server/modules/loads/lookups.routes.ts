import { z } from "@hono/zod-openapi";
import { customerOptionSchema, driverOptionSchema, lookupQuerySchema } from "@shared/loads/loads.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createLookupsService } from "./lookups.service";

export function lookupsRoutes(deps: Deps) {
  const lookups = createLookupsService(deps);
  const t = routeTable({ tags: ["Lookups"], access: "dispatch:lookups" });
  t.list(
    "/api/lookups/drivers",
    {
      summary: "Driver picker: status, default pay and current vehicle/trailer (first 50 by name)",
      query: lookupQuerySchema,
      response: z.array(driverOptionSchema),
    },
    ({ query }) => lookups.drivers(query.q),
  );
  t.list(
    "/api/lookups/customers",
    {
      summary: "Customer picker (first 50 by company name)",
      query: lookupQuerySchema,
      response: z.array(customerOptionSchema),
    },
    ({ query }) => lookups.customers(query.q),
  );
  return t.app;
}
