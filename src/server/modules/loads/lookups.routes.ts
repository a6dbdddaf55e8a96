import { OpenAPIHono, z } from "@hono/zod-openapi";
import { customerOptionSchema, driverOptionSchema, lookupQuerySchema } from "@shared/loads/loads.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { defineRoute, jsonContent } from "../../http/route";
import { createLookupsService } from "./lookups.service";

const tags = ["Lookups"];

const drivers = defineRoute({
  method: "get",
  path: "/api/lookups/drivers",
  tags,
  summary: "Driver picker: status, default pay and current vehicle/trailer (first 50 by name)",
  access: "dispatch:lookups",
  request: { query: lookupQuerySchema },
  responses: { 200: jsonContent(z.array(driverOptionSchema)) },
});
const customers = defineRoute({
  method: "get",
  path: "/api/lookups/customers",
  tags,
  summary: "Customer picker (first 50 by company name)",
  access: "dispatch:lookups",
  request: { query: lookupQuerySchema },
  responses: { 200: jsonContent(z.array(customerOptionSchema)) },
});

export function lookupsRoutes(deps: Deps) {
  const lookups = createLookupsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(drivers, async (c) => c.json(await lookups.drivers(c.req.valid("query").q), 200))
    .openapi(customers, async (c) => c.json(await lookups.customers(c.req.valid("query").q), 200));
}
