import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { PERMISSIONS } from "../../../shared/access";
import {
  assetOptionsQuerySchema,
  trailerInputSchema,
  trailerOptionSchema,
  vehicleInputSchema,
  vehicleOptionSchema,
} from "../../../shared/fleet/fleet.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { defineRoute, jsonBody, jsonContent } from "../../http/route";
import { createFleetService } from "./fleet.service";

// Minimal vehicle and trailer records for dispatch; the fleet screens complete them later.
const tags = ["Fleet"];

const vehicleOptions = defineRoute({
  method: "get",
  path: "/api/fleet/vehicles/options",
  tags,
  summary: "Vehicles for pickers (up to 50), each with the driver it is assigned to",
  access: PERMISSIONS["dispatch:lookups"],
  request: { query: assetOptionsQuerySchema },
  responses: { 200: jsonContent(z.object({ items: z.array(vehicleOptionSchema) })) },
});

const trailerOptions = defineRoute({
  method: "get",
  path: "/api/fleet/trailers/options",
  tags,
  summary: "Trailers and containers for pickers (up to 50), each with the driver it is assigned to",
  access: PERMISSIONS["dispatch:lookups"],
  request: { query: assetOptionsQuerySchema },
  responses: { 200: jsonContent(z.object({ items: z.array(trailerOptionSchema) })) },
});

const createVehicle = defineRoute({
  method: "post",
  path: "/api/fleet/vehicles",
  tags,
  summary: "Add a vehicle (unit number unique, 409 otherwise)",
  access: PERMISSIONS["assignments:write"],
  request: { body: jsonBody(vehicleInputSchema) },
  responses: { 201: jsonContent(vehicleOptionSchema, "Created") },
});

const createTrailer = defineRoute({
  method: "post",
  path: "/api/fleet/trailers",
  tags,
  summary: "Add a trailer or container (identifier unique, 409 otherwise)",
  access: PERMISSIONS["assignments:write"],
  request: { body: jsonBody(trailerInputSchema) },
  responses: { 201: jsonContent(trailerOptionSchema, "Created") },
});

export function fleetRoutes(deps: Deps) {
  const fleet = createFleetService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(vehicleOptions, async (c) =>
      c.json({ items: await fleet.vehicleOptions(c.req.valid("query").q) }, 200),
    )
    .openapi(trailerOptions, async (c) =>
      c.json({ items: await fleet.trailerOptions(c.req.valid("query").q) }, 200),
    )
    .openapi(createVehicle, async (c) => c.json(await fleet.createVehicle(c.req.valid("json")), 201))
    .openapi(createTrailer, async (c) => c.json(await fleet.createTrailer(c.req.valid("json")), 201));
}
