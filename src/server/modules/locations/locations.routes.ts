import {
  locationInputSchema,
  locationListQuerySchema,
  locationPageSchema,
  locationSchema,
} from "@shared/locations/locations.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createLocationsService } from "./locations.service";

export function locationsRoutes(deps: Deps) {
  const locations = createLocationsService(deps);
  const t = routeTable({ tags: ["Locations"], access: "loads:write" });
  t.list(
    "/api/locations",
    {
      summary:
        "The address book of shippers and receivers: search; with customerId, that customer's usual places first",
      access: "dispatch:lookups",
      query: locationListQuerySchema,
      response: locationPageSchema,
    },
    ({ query }) => locations.list(query),
  );
  t.create(
    "/api/locations",
    {
      summary: "Save a location (409 DUPLICATE_LOCATION for the same name and address)",
      body: locationInputSchema,
      response: locationSchema,
      described: "Saved",
    },
    ({ actor, body }) => locations.create(actor, body),
  );
  t.update(
    "/api/locations/{id}",
    {
      summary: "Edit a saved location (stops already picked from it keep their copy)",
      body: locationInputSchema,
      response: locationSchema,
    },
    ({ actor, id, body }) => locations.update(actor, id, body),
  );
  t.remove("/api/locations/{id}", { summary: "Delete a saved location" }, ({ actor, id }) =>
    locations.remove(actor, id),
  );
  return t.app;
}
