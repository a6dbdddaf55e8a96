import { z } from "@hono/zod-openapi";
import { apiErrorSchema, pageSchema } from "@shared/api/api.schema";
import { driverLoadsQuerySchema } from "@shared/drivers/management.schema";
import {
  assignLoadSchema,
  bolUploadLinkSchema,
  changeStatusSchema,
  createBolUploadLinkSchema,
  createdBolUploadLinkSchema,
  createLoadSchema,
  DRIVER_ACTIONS,
  driverActionResultSchema,
  driverActionSchema,
  LOAD_FILE_KINDS,
  LOAD_FILE_MAX_BYTES,
  loadDetailSchema,
  loadExportQuerySchema,
  loadFileSchema,
  loadListItemSchema,
  loadListQuerySchema,
  loadPageSchema,
  nextLoadNumberSchema,
  updateLoadSchema,
} from "@shared/loads/loads.schema";
import {
  loadMilesSchema,
  milesOverrideSchema,
  milesPreviewInputSchema,
  milesPreviewSchema,
} from "@shared/loads/miles.schema";
import { savedViewInputSchema, savedViewSchema } from "@shared/loads/saved-views.schema";
import { stateMilesInputSchema, stateMilesSchema } from "@shared/loads/state-miles.schema";
import {
  checkInSchema,
  correctCheckInSchema,
  detentionDecisionSchema,
} from "@shared/loads/stop-requests.schema";
import {
  createdTrackingLinkSchema,
  createTrackingLinkSchema,
  trackingLinksSchema,
} from "@shared/public/tracking.schema";
import type { Deps } from "../../deps";
import { jsonContent, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createBolLinksService } from "./bol-links.service";
import { exportLoads } from "./load-export";
import { createLoadFilesService } from "./load-files.service";
import { createLoadsService } from "./loads.service";
import { createMilesService } from "./miles.service";
import { createSavedViewsService } from "./saved-views.service";
import { createStateMilesService } from "./state-miles.service";
import { createStopCheckInsService } from "./stop-check-ins.service";
import { createTrackingLinksService } from "./tracking-links.service";

const WRITE = "loads:write";

const fileParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  fileId: z.uuid({ message: "Invalid id." }),
});
const linkParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  linkId: z.uuid({ message: "Invalid id." }),
});
const actionParams = z.object({ id: z.uuid({ message: "Invalid id." }), action: z.enum(DRIVER_ACTIONS) });
const stopParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  stopId: z.uuid({ message: "Invalid id." }),
});
const uploadSchema = z.object({
  file: z.instanceof(File, { message: "Choose a file." }).openapi({ type: "string", format: "binary" }),
  kind: z.enum(LOAD_FILE_KINDS, { message: "Choose the kind of document." }),
});

export function loadsRoutes(deps: Deps) {
  const loads = createLoadsService(deps);
  const files = createLoadFilesService(deps);
  const links = createBolLinksService(deps);
  const tracking = createTrackingLinksService(deps);
  const miles = createStateMilesService(deps);
  const checkIns = createStopCheckInsService(deps);
  const savedViews = createSavedViewsService(deps);
  const loadMiles = createMilesService(deps);
  const t = routeTable({ tags: ["Loads"], access: "loads:read" });
  // Fixed paths before /api/loads/{id}.
  t.export(
    "/api/loads/export",
    {
      summary:
        "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE). Drivers: own loads, no customer rate",
      query: loadExportQuerySchema,
    },
    ({ actor, query }) => exportLoads(deps, actor, query),
  );
  // A driver's profile lists their loads; the loads module answers it, under the driver's address.
  t.get(
    "/api/drivers/{id}/loads",
    {
      summary: "The driver's loads, newest pickup first",
      tags: ["Drivers"],
      access: "drivers:read",
      query: driverLoadsQuerySchema,
      response: pageSchema(loadListItemSchema),
    },
    ({ id, query }) => loads.ofDriver(id, query),
  );
  t.list(
    "/api/loads/views",
    { summary: "My saved views of the loads list (per user)", response: z.array(savedViewSchema) },
    ({ actor }) => savedViews.list(actor),
  );
  t.json(
    "post",
    "/api/loads/views",
    {
      summary: "Save a view of the loads list (the same name replaces it; at most 20: 409 TOO_MANY_VIEWS)",
      body: savedViewInputSchema,
      response: savedViewSchema,
    },
    ({ actor, body }) => savedViews.save(actor, body),
  );
  t.remove(
    "/api/loads/views/{id}",
    { summary: "Delete one of my saved views (someone else's: 404)" },
    ({ actor, id }) => savedViews.remove(actor, id),
  );
  t.list(
    "/api/loads/next-number",
    {
      summary: "The number the next new load would get (a preview; taken only on save)",
      access: WRITE,
      response: nextLoadNumberSchema,
    },
    async () => ({ loadNumber: await loads.nextNumber() }),
  );
  t.list(
    "/api/loads",
    {
      summary:
        "Loads: search (number, customer, city), filters, sort, pages. Drivers get only their own. " +
        "Past 10,000 matches `total` is an estimate (`totalIsEstimate`)",
      query: loadListQuerySchema,
      response: loadPageSchema,
    },
    ({ actor, query }) => loads.list(actor, query),
  );
  t.create(
    "/api/loads",
    {
      summary:
        "Create a load; the number is generated when empty (409 DUPLICATE_LOAD_NUMBER when taken). " +
        "With a driver it starts assigned",
      access: WRITE,
      body: createLoadSchema,
      response: loadDetailSchema,
    },
    ({ actor, body }) => loads.create(actor, body),
  );
  t.get(
    "/api/loads/{id}",
    {
      summary: "A load with stops, timeline, files and what the caller may do next (drivers: own loads only)",
      response: loadDetailSchema,
    },
    ({ actor, id }) => loads.get(actor, id),
  );
  t.json(
    "post",
    "/api/loads/miles-preview",
    {
      summary:
        "The offline miles estimate for a form's stops (loaded, and the driver's empty miles from their previous delivery); unplaced stops listed",
      access: WRITE,
      body: milesPreviewInputSchema,
      response: milesPreviewSchema,
    },
    ({ body }) => loadMiles.preview(body),
  );
  t.get(
    "/api/loads/{id}/miles",
    {
      summary:
        "The load's loaded and empty miles, where they come from (estimated, routed, override with its reason) and its miles by state (drivers: own loads)",
      response: loadMilesSchema,
    },
    ({ actor, id }) => loadMiles.view(actor, id),
  );
  t.update(
    "/api/loads/{id}/miles",
    {
      summary:
        "Override the load's loaded and/or empty miles with a reason (kept through edits until cleared; a completed load's too, until its pay is approved); per-mile pay follows",
      access: WRITE,
      conflict:
        "LOAD_LOCKED: a cancelled load keeps its miles; LOAD_SETTLED: a completed load whose pay is on an approved or paid settlement keeps them",
      body: milesOverrideSchema,
      response: loadMilesSchema,
    },
    ({ actor, id, body }) => loadMiles.override(actor, id, body),
  );
  t.remove(
    "/api/loads/{id}/miles/override",
    {
      summary: "Clear the override: the miles are computed from the stops again",
      access: WRITE,
      conflict:
        "LOAD_LOCKED: a completed or cancelled load keeps its miles; NOT_OVERRIDDEN: nothing to clear",
    },
    ({ actor, id }) => loadMiles.clearOverride(actor, id),
  );
  t.get(
    "/api/loads/{id}/state-miles",
    {
      summary:
        "The load's miles by state or province (IFTA) and whether the caller may change them (drivers: own loads)",
      response: stateMilesSchema,
    },
    ({ actor, id }) => miles.get(actor, id),
  );
  t.update(
    "/api/loads/{id}/state-miles",
    {
      summary: "Record the load's miles by state or province (replaces them); staff or the load's driver",
      access: "loads:stateMiles",
      conflict: "LOAD_CANCELLED: a cancelled load keeps no state miles",
      body: stateMilesInputSchema,
      response: stateMilesSchema,
    },
    ({ actor, id, body }) => miles.save(actor, id, body),
  );
  t.update(
    "/api/loads/{id}",
    {
      summary:
        "Edit a load (stops replaced, totals and pay recomputed); completed and cancelled loads answer 409",
      access: WRITE,
      body: updateLoadSchema,
      response: loadDetailSchema,
    },
    ({ actor, id, body }) => loads.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/loads/{id}/status",
    {
      summary:
        "Change status along the transition table (409 INVALID_TRANSITION otherwise; 409 LOAD_INVOICED to reopen a billed load); cancel = cancelled",
      access: WRITE,
      params: uuidParams,
      body: changeStatusSchema,
      response: loadDetailSchema,
    },
    ({ actor, id, body }) => loads.changeStatus(actor, id, body.status, body.note),
  );
  t.json(
    "post",
    "/api/loads/{id}/actions/{action}",
    {
      summary:
        "The assigned driver accepts, declines (dispatch is notified), starts or delivers (409 BOL_REQUIRED " +
        "without a BOL or POD file; 409 POD_REQUIRED without a POD when the company completes loads on it)",
      access: "loads:driverActions",
      params: actionParams,
      body: driverActionSchema,
      optionalBody: true,
      response: driverActionResultSchema,
      replayable: true,
    },
    ({ actor, params, body, occurredAt, receivedAt }) =>
      loads.driverAction(actor, params.id, params.action, body, { occurredAt, receivedAt }),
  );
  t.json(
    "post",
    "/api/loads/{id}/stops/{stopId}/check-in",
    {
      summary:
        "The assigned driver checks in at a stop: arrived, done (loaded/unloaded), departed — in order (409 " +
        "CHECK_IN_ORDER). The first departure starts the trip; the last departure delivers (409 BOL_REQUIRED " +
        "without a BOL or POD) — or, when the company completes loads on the POD, the last unload with the " +
        "POD on file; a departure (the last one too) past the customer's free time proposes detention. `at` " +
        "records when it happened (the geofence time: 400 in the future or before the trip started or out of " +
        "order); `geofenceEventId` confirms the phone's proposal (400 not this stop's, 409 GEOFENCE_DECIDED)",
      access: "loads:driverActions",
      params: stopParams,
      body: checkInSchema,
      response: loadDetailSchema,
      replayable: true,
    },
    ({ actor, params, body, occurredAt, receivedAt }) =>
      checkIns.checkIn(actor, params.id, params.stopId, body, { occurredAt, receivedAt }),
  );
  t.update(
    "/api/loads/{id}/stops/{stopId}/check-in",
    {
      summary: "Staff correct a check-in time, with a reason (kept on the timeline); detention is recomputed",
      access: WRITE,
      params: stopParams,
      body: correctCheckInSchema,
      response: loadDetailSchema,
    },
    ({ actor, params, body }) => checkIns.correct(actor, params.id, params.stopId, body),
  );
  t.json(
    "post",
    "/api/loads/{id}/stops/{stopId}/detention",
    {
      summary:
        "Accept the proposed detention onto the load's charges (the invoice and percentage pay follow) or " +
        "dismiss it (409 NO_DETENTION when none is proposed, LOAD_INVOICED when billed)",
      access: WRITE,
      params: stopParams,
      body: detentionDecisionSchema,
      response: loadDetailSchema,
    },
    ({ actor, params, body }) =>
      checkIns.decideDetention(actor, params.id, params.stopId, body.decision, body.note),
  );
  t.json(
    "post",
    "/api/loads/{id}/assign",
    {
      summary:
        "Assign a driver to a pending or assigned load (takes it off the board; the driver is notified)",
      conflict:
        "INVALID_TRANSITION: the load's status takes no driver now; DRIVER_DOCUMENT_EXPIRED: the driver's license or medical card has expired",
      access: WRITE,
      params: uuidParams,
      body: assignLoadSchema,
      response: loadDetailSchema,
    },
    ({ actor, id, body }) => loads.assign(actor, id, body.driverId),
  );
  t.upload(
    "/api/loads/{id}/files",
    {
      summary:
        "Attach a PDF or image (checked by content; 413/415). Staff: any kind; the assigned driver: bol or pod. " +
        "A POD delivers a load in progress once unloaded when the company completes loads on the POD",
      params: uuidParams,
      form: uploadSchema,
      response: loadFileSchema,
      described: "Stored",
      maxBytes: LOAD_FILE_MAX_BYTES,
      replayable: true,
    },
    ({ actor, id, form, occurredAt, receivedAt }) =>
      files.upload(actor, id, form.file, form.kind, { occurredAt, receivedAt }),
  );
  t.download(
    "/api/loads/{id}/files/{fileId}",
    { summary: "A load's file, as an attachment", params: fileParams, types: ["application/pdf", "image/*"] },
    ({ actor, params }) => files.download(actor, params.id, params.fileId),
  );
  t.remove(
    "/api/loads/{id}/files/{fileId}",
    { summary: "Remove a file from a load", access: WRITE, params: fileParams },
    ({ actor, params }) => files.remove(actor, params.id, params.fileId),
  );
  t.get(
    "/api/loads/{id}/bol-links",
    {
      summary: "Public BOL upload links of a load (tokens are never shown again)",
      access: "bolLinks:manage",
      response: z.array(bolUploadLinkSchema),
    },
    ({ id }) => links.list(id),
  );
  t.create(
    "/api/loads/{id}/bol-links",
    {
      summary:
        "Create a public BOL upload link (1–30 days, default 7); the URL with its token is shown only here",
      access: "bolLinks:manage",
      params: uuidParams,
      body: createBolUploadLinkSchema,
      optionalBody: true,
      response: createdBolUploadLinkSchema,
    },
    ({ actor, id, body }) => links.create(actor, id, body.expiresInDays),
  );
  t.remove(
    "/api/loads/{id}/bol-links/{linkId}",
    { summary: "Revoke a BOL upload link", access: "bolLinks:manage", params: linkParams },
    ({ actor, params }) => links.revoke(actor, params.id, params.linkId),
  );
  t.get(
    "/api/loads/{id}/tracking-links",
    {
      summary:
        "The load's private tracking links (dispatch's and the portal's; tokens are never shown again) and " +
        "the customer's contact email they can be sent to",
      access: WRITE,
      response: trackingLinksSchema,
      responses: { 404: jsonContent(apiErrorSchema, "No such load") },
    },
    ({ id }) => tracking.list(id),
  );
  t.create(
    "/api/loads/{id}/tracking-links",
    {
      summary:
        "A new private tracking link for the shipper (`/track/{token}`), replacing dispatch's previous one; " +
        "`email: true` sends it to the customer's contact with the sender's signature. The URL is shown only here",
      access: WRITE,
      params: uuidParams,
      body: createTrackingLinkSchema,
      optionalBody: true,
      response: createdTrackingLinkSchema,
      responses: {
        404: jsonContent(apiErrorSchema, "No such load"),
        409: jsonContent(
          apiErrorSchema,
          "`email: true` but the customer has no contact email (NO_CONTACT_EMAIL)",
        ),
      },
    },
    ({ actor, id, body }) => tracking.create(actor, id, body),
  );
  t.remove(
    "/api/loads/{id}/tracking-links/{linkId}",
    {
      summary: "Revoke a tracking link (dispatch's or the portal's): it opens nothing any more",
      access: WRITE,
      params: linkParams,
      responses: { 404: jsonContent(apiErrorSchema, "No such load, or no such link on it") },
    },
    ({ actor, params }) => tracking.revoke(actor, params.id, params.linkId),
  );
  return t.app;
}
