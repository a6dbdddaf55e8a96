import { OpenAPIHono } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
import {
  locationInputSchema,
  locationListQuerySchema,
  locationPageSchema,
  locationSchema,
} from "@shared/locations/locations.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createLocationsService } from "./locations.service";

const tags = ["Locations"];
const READ = "dispatch:lookups";
const WRITE = "loads:write";

const list = defineRoute({
  method: "get",
  path: "/api/locations",
  tags,
  summary:
    "The address book of shippers and receivers: search; with customerId, that customer's usual places first",
  access: READ,
  request: { query: locationListQuerySchema },
  responses: { 200: jsonContent(locationPageSchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/locations",
  tags,
  summary: "Save a location (409 DUPLICATE_LOCATION for the same name and address)",
  access: WRITE,
  request: { body: jsonBody(locationInputSchema) },
  responses: { 201: jsonContent(locationSchema, "Saved") },
});
const update = defineRoute({
  method: "put",
  path: "/api/locations/{id}",
  tags,
  summary: "Edit a saved location (stops already picked from it keep their copy)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(locationInputSchema) },
  responses: { 200: jsonContent(locationSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/locations/{id}",
  tags,
  summary: "Delete a saved location",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});

export function locationsRoutes(deps: Deps) {
  const locations = createLocationsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await locations.list(c.req.valid("query")), 200))
    .openapi(create, async (c) => c.json(await locations.create(actorOf(c), c.req.valid("json")), 201))
    .openapi(update, async (c) =>
      c.json(await locations.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(remove, async (c) => {
      await locations.remove(actorOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    });
}
