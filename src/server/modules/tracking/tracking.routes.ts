import { z } from "@hono/zod-openapi";
import {
  consentInputSchema,
  geofenceEventSchema,
  loadTrackingSchema,
  mapQuerySchema,
  mapResponseSchema,
  positionBatchResultSchema,
  positionBatchSchema,
  sharingStateSchema,
} from "@shared/tracking/tracking.schema";
import type { Deps } from "../../deps";
import { routeTable } from "../../http/route-table";
import { createPositionsService } from "./positions.service";
import { createTrackingService } from "./tracking.service";

const eventParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  eventId: z.uuid({ message: "Invalid id." }),
});

/** Live tracking (issue 40, decision 052): the phone's positions, the dispatch map, a load's panel. */
export function trackingRoutes(deps: Deps) {
  const positions = createPositionsService(deps);
  const tracking = createTrackingService(deps);
  const t = routeTable({ tags: ["Tracking"], access: "tracking:view" });
  t.json(
    "post",
    "/api/tracking/positions",
    {
      summary:
        "The driver's phone sends a batch of fixes (device time; at most 500). Stored idempotently (a replayed " +
        "point counts as a duplicate); a point more than 2 minutes ahead or 72 hours old is refused alone. 409 " +
        "NO_CONSENT before the driver agreed to share, NOT_SHARING off duty or with no load on its way (nothing " +
        "is stored). A new geofence proposal at the next stop comes back as the prompt",
      access: "tracking:share",
      conflict: "NO_CONSENT: the driver has not agreed to share; NOT_SHARING: off duty or no load on its way",
      body: positionBatchSchema,
      response: positionBatchResultSchema,
    },
    ({ actor, body }) => positions.ingest(actor, body),
  );
  t.list(
    "/api/tracking/sharing",
    {
      summary:
        "Whether the driver's phone shares now (consent given, a load on its way, on duty), how often, the " +
        "next stop and an unanswered geofence proposal",
      access: "tracking:share",
      response: sharingStateSchema,
    },
    ({ actor }) => positions.sharing(actor),
  );
  t.json(
    "put",
    "/api/tracking/consent",
    {
      summary: "The driver agrees to share their location while on a load, or withdraws (audited)",
      access: "tracking:share",
      conflict: "NOT_SHARING: the account has no driver record",
      body: consentInputSchema,
      response: sharingStateSchema,
    },
    ({ actor, body, c }) => positions.consent(actor, body, c.req.header("user-agent") ?? ""),
  );
  t.list(
    "/api/tracking/map",
    {
      summary:
        "The dispatch map: each truck on an assigned or in-progress load, or with a driver on duty — its last " +
        "fix and its age, driver, load, next stop, ETA and whether it runs late; filters: status, driver, " +
        "customer, words, stale (last fix older than 30 minutes)",
      query: mapQuerySchema,
      response: mapResponseSchema,
    },
    ({ query }) => tracking.map(query),
  );
  t.get(
    "/api/loads/{id}/tracking",
    {
      summary:
        "A load's tracking panel: the breadcrumb (at most 500 points), the planned route, the last fix, the " +
        "ETA and the geofence proposals. Staff who see the map, and the load's own driver (404 for anyone else)",
      access: ["tracking:view", "tracking:share"],
      response: loadTrackingSchema,
    },
    ({ actor, id }) => tracking.loadTracking(actor, id),
  );
  t.json(
    "post",
    "/api/loads/{id}/geofence-events/{eventId}/confirm",
    {
      summary:
        "Dispatch confirms a proposed arrival or departure: the stop's time becomes the geofence's (the " +
        "correction path: order checked, detention recomputed). 409 GEOFENCE_DECIDED when already answered",
      access: "loads:write",
      conflict: "GEOFENCE_DECIDED: the proposal was already confirmed or dismissed",
      params: eventParams,
      response: geofenceEventSchema,
    },
    ({ actor, params }) => tracking.decide(actor, params.id, params.eventId, "confirm"),
  );
  t.json(
    "post",
    "/api/loads/{id}/geofence-events/{eventId}/dismiss",
    {
      summary:
        "Dispatch, or the load's own driver, dismisses a geofence proposal (not proposed again at that stop). " +
        "409 GEOFENCE_DECIDED when already answered",
      access: ["loads:write", "tracking:share"],
      conflict: "GEOFENCE_DECIDED: the proposal was already confirmed or dismissed",
      params: eventParams,
      response: geofenceEventSchema,
    },
    ({ actor, params }) => tracking.decide(actor, params.id, params.eventId, "dismiss"),
  );
  return t.app;
}
