import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema, okSchema, pageSchema } from "@shared/api/api.schema";
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
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse, uploadBodyLimit, withMiddleware } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createBolLinksService } from "./bol-links.service";
import { exportLoads } from "./load-export";
import { createLoadFilesService } from "./load-files.service";
import { createLoadsService } from "./loads.service";
import { createSavedViewsService } from "./saved-views.service";
import { createStateMilesService } from "./state-miles.service";
import { createStopCheckInsService } from "./stop-check-ins.service";
import { createTrackingLinksService } from "./tracking-links.service";

const tags = ["Loads"];
const READ = "loads:read";
const WRITE = "loads:write";

const optionalJsonBody = <T extends z.ZodType>(schema: T) => ({
  required: false,
  content: { "application/json": { schema } },
});
const fileParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  fileId: z.uuid({ message: "Invalid id." }),
});
const linkParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  linkId: z.uuid({ message: "Invalid id." }),
});
const actionParams = z.object({ id: z.uuid({ message: "Invalid id." }), action: z.enum(DRIVER_ACTIONS) });
const uploadSchema = z.object({
  file: z.instanceof(File, { message: "Choose a file." }).openapi({ type: "string", format: "binary" }),
  kind: z.enum(LOAD_FILE_KINDS, { message: "Choose the kind of document." }),
});

const list = defineRoute({
  method: "get",
  path: "/api/loads",
  tags,
  summary:
    "Loads: search (number, customer, city), filters, sort, pages. Drivers get only their own. " +
    "Past 10,000 matches `total` is an estimate (`totalIsEstimate`)",
  access: READ,
  request: { query: loadListQuerySchema },
  responses: { 200: jsonContent(loadPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/loads/export",
  tags,
  summary:
    "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE). Drivers: own loads, no customer rate",
  access: READ,
  request: { query: loadExportQuerySchema },
  responses: {
    200: binary(
      ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      "The file",
    ),
  },
});
const nextNumber = defineRoute({
  method: "get",
  path: "/api/loads/next-number",
  tags,
  summary: "The number the next new load would get (a preview; taken only on save)",
  access: WRITE,
  responses: { 200: jsonContent(nextLoadNumberSchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/loads",
  tags,
  summary:
    "Create a load; the number is generated when empty (409 DUPLICATE_LOAD_NUMBER when taken). " +
    "With a driver it starts assigned",
  access: WRITE,
  request: { body: jsonBody(createLoadSchema) },
  responses: { 201: jsonContent(loadDetailSchema, "Created") },
});
const get = defineRoute({
  method: "get",
  path: "/api/loads/{id}",
  tags,
  summary: "A load with stops, timeline, files and what the caller may do next (drivers: own loads only)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(loadDetailSchema) },
});
const stateMiles = defineRoute({
  method: "get",
  path: "/api/loads/{id}/state-miles",
  tags,
  summary:
    "The load's miles by state or province (IFTA) and whether the caller may change them (drivers: own loads)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(stateMilesSchema) },
});
const saveStateMiles = defineRoute({
  method: "put",
  path: "/api/loads/{id}/state-miles",
  tags,
  summary: "Record the load's miles by state or province (replaces them); staff or the load's driver",
  access: "loads:stateMiles",
  conflict: "LOAD_CANCELLED: a cancelled load keeps no state miles",
  request: { params: uuidParams, body: jsonBody(stateMilesInputSchema) },
  responses: { 200: jsonContent(stateMilesSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/loads/{id}",
  tags,
  summary:
    "Edit a load (stops replaced, totals and pay recomputed); completed and cancelled loads answer 409",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(updateLoadSchema) },
  responses: { 200: jsonContent(loadDetailSchema) },
});
const changeStatus = defineRoute({
  method: "post",
  path: "/api/loads/{id}/status",
  tags,
  summary:
    "Change status along the transition table (409 INVALID_TRANSITION otherwise; 409 LOAD_INVOICED to reopen a billed load); cancel = cancelled",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(changeStatusSchema) },
  responses: { 200: jsonContent(loadDetailSchema) },
});
const driverAction = defineRoute({
  method: "post",
  path: "/api/loads/{id}/actions/{action}",
  tags,
  summary:
    "The assigned driver accepts, declines (dispatch is notified), starts or delivers (409 BOL_REQUIRED " +
    "without a BOL or POD file; 409 POD_REQUIRED without a POD when the company completes loads on it)",
  access: "loads:driverActions",
  request: { params: actionParams, body: optionalJsonBody(driverActionSchema) },
  responses: { 200: jsonContent(driverActionResultSchema) },
});
const stopParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  stopId: z.uuid({ message: "Invalid id." }),
});
const checkIn = defineRoute({
  method: "post",
  path: "/api/loads/{id}/stops/{stopId}/check-in",
  tags,
  summary:
    "The assigned driver checks in at a stop: arrived, done (loaded/unloaded), departed — in order (409 " +
    "CHECK_IN_ORDER). The first departure starts the trip; the last departure delivers (409 BOL_REQUIRED " +
    "without a BOL or POD) — or, when the company completes loads on the POD, the last unload with the " +
    "POD on file; a departure (the last one too) past the customer's free time proposes detention",
  access: "loads:driverActions",
  request: { params: stopParams, body: jsonBody(checkInSchema) },
  responses: { 200: jsonContent(loadDetailSchema) },
});
const correctCheckIn = defineRoute({
  method: "put",
  path: "/api/loads/{id}/stops/{stopId}/check-in",
  tags,
  summary: "Staff correct a check-in time, with a reason (kept on the timeline); detention is recomputed",
  access: WRITE,
  request: { params: stopParams, body: jsonBody(correctCheckInSchema) },
  responses: { 200: jsonContent(loadDetailSchema) },
});
const decideDetention = defineRoute({
  method: "post",
  path: "/api/loads/{id}/stops/{stopId}/detention",
  tags,
  summary:
    "Accept the proposed detention onto the load's charges (the invoice and percentage pay follow) or " +
    "dismiss it (409 NO_DETENTION when none is proposed, LOAD_INVOICED when billed)",
  access: WRITE,
  request: { params: stopParams, body: jsonBody(detentionDecisionSchema) },
  responses: { 200: jsonContent(loadDetailSchema) },
});
const views = defineRoute({
  method: "get",
  path: "/api/loads/views",
  tags,
  summary: "My saved views of the loads list (per user)",
  access: READ,
  responses: { 200: jsonContent(z.array(savedViewSchema)) },
});
const saveView = defineRoute({
  method: "post",
  path: "/api/loads/views",
  tags,
  summary: "Save a view of the loads list (the same name replaces it; at most 20: 409 TOO_MANY_VIEWS)",
  access: READ,
  request: { body: jsonBody(savedViewInputSchema) },
  responses: { 200: jsonContent(savedViewSchema) },
});
const deleteView = defineRoute({
  method: "delete",
  path: "/api/loads/views/{id}",
  tags,
  summary: "Delete one of my saved views (someone else's: 404)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const assign = defineRoute({
  method: "post",
  path: "/api/loads/{id}/assign",
  tags,
  summary: "Assign a driver to a pending or assigned load (takes it off the board; the driver is notified)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(assignLoadSchema) },
  responses: { 200: jsonContent(loadDetailSchema) },
});
const uploadFile = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/loads/{id}/files",
    tags,
    summary:
      "Attach a PDF or image (checked by content; 413/415). Staff: any kind; the assigned driver: bol or pod. " +
      "A POD delivers a load in progress once unloaded when the company completes loads on the POD",
    access: READ,
    request: {
      params: uuidParams,
      body: { required: true, content: { "multipart/form-data": { schema: uploadSchema } } },
    },
    responses: { 201: jsonContent(loadFileSchema, "Stored") },
  }),
  uploadBodyLimit(LOAD_FILE_MAX_BYTES),
);
const downloadFile = defineRoute({
  method: "get",
  path: "/api/loads/{id}/files/{fileId}",
  tags,
  summary: "A load's file, as an attachment",
  access: READ,
  request: { params: fileParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The file") },
});
const deleteFile = defineRoute({
  method: "delete",
  path: "/api/loads/{id}/files/{fileId}",
  tags,
  summary: "Remove a file from a load",
  access: WRITE,
  request: { params: fileParams },
  responses: { 200: jsonContent(okSchema) },
});
const listLinks = defineRoute({
  method: "get",
  path: "/api/loads/{id}/bol-links",
  tags,
  summary: "Public BOL upload links of a load (tokens are never shown again)",
  access: "bolLinks:manage",
  request: { params: uuidParams },
  responses: { 200: jsonContent(z.array(bolUploadLinkSchema)) },
});
const createLink = defineRoute({
  method: "post",
  path: "/api/loads/{id}/bol-links",
  tags,
  summary:
    "Create a public BOL upload link (1–30 days, default 7); the URL with its token is shown only here",
  access: "bolLinks:manage",
  request: { params: uuidParams, body: optionalJsonBody(createBolUploadLinkSchema) },
  responses: { 201: jsonContent(createdBolUploadLinkSchema, "Created") },
});
const revokeLink = defineRoute({
  method: "delete",
  path: "/api/loads/{id}/bol-links/{linkId}",
  tags,
  summary: "Revoke a BOL upload link",
  access: "bolLinks:manage",
  request: { params: linkParams },
  responses: { 200: jsonContent(okSchema) },
});

const listTrackingLinks = defineRoute({
  method: "get",
  path: "/api/loads/{id}/tracking-links",
  tags,
  summary:
    "The load's private tracking links (dispatch's and the portal's; tokens are never shown again) and " +
    "the customer's contact email they can be sent to",
  access: WRITE,
  request: { params: uuidParams },
  responses: {
    200: jsonContent(trackingLinksSchema),
    404: jsonContent(apiErrorSchema, "No such load"),
  },
});
const createTrackingLink = defineRoute({
  method: "post",
  path: "/api/loads/{id}/tracking-links",
  tags,
  summary:
    "A new private tracking link for the shipper (`/track/{token}`), replacing dispatch's previous one; " +
    "`email: true` sends it to the customer's contact with the sender's signature. The URL is shown only here",
  access: WRITE,
  request: { params: uuidParams, body: optionalJsonBody(createTrackingLinkSchema) },
  responses: {
    201: jsonContent(createdTrackingLinkSchema, "Created"),
    404: jsonContent(apiErrorSchema, "No such load"),
    409: jsonContent(
      apiErrorSchema,
      "`email: true` but the customer has no contact email (NO_CONTACT_EMAIL)",
    ),
  },
});
const revokeTrackingLink = defineRoute({
  method: "delete",
  path: "/api/loads/{id}/tracking-links/{linkId}",
  tags,
  summary: "Revoke a tracking link (dispatch's or the portal's): it opens nothing any more",
  access: WRITE,
  request: { params: linkParams },
  responses: {
    200: jsonContent(okSchema),
    404: jsonContent(apiErrorSchema, "No such load, or no such link on it"),
  },
});

const ok = { ok: true as const };

/** A driver's profile lists their loads; the loads module answers it, under the driver's address. */
const driverLoads = defineRoute({
  method: "get",
  path: "/api/drivers/{id}/loads",
  tags: ["Drivers"],
  summary: "The driver's loads, newest pickup first",
  access: "drivers:read",
  request: { params: uuidParams, query: driverLoadsQuerySchema },
  responses: { 200: jsonContent(pageSchema(loadListItemSchema)) },
});

export function loadsRoutes(deps: Deps) {
  const loads = createLoadsService(deps);
  const files = createLoadFilesService(deps);
  const links = createBolLinksService(deps);
  const tracking = createTrackingLinksService(deps);
  const miles = createStateMilesService(deps);
  const checkIns = createStopCheckInsService(deps);
  const savedViews = createSavedViewsService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/loads/{id}.
      .openapi(exportList, async (c) => {
        const file = await exportLoads(deps, actorOf(c), c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(driverLoads, async (c) =>
        c.json(await loads.ofDriver(c.req.valid("param").id, c.req.valid("query")), 200),
      )
      .openapi(views, async (c) => c.json(await savedViews.list(actorOf(c)), 200))
      .openapi(saveView, async (c) => c.json(await savedViews.save(actorOf(c), c.req.valid("json")), 200))
      .openapi(deleteView, async (c) => {
        await savedViews.remove(actorOf(c), c.req.valid("param").id);
        return c.json(ok, 200);
      })
      .openapi(nextNumber, async (c) => c.json({ loadNumber: await loads.nextNumber() }, 200))
      .openapi(list, async (c) => c.json(await loads.list(actorOf(c), c.req.valid("query")), 200))
      .openapi(create, async (c) => c.json(await loads.create(actorOf(c), c.req.valid("json")), 201))
      .openapi(get, async (c) => c.json(await loads.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(stateMiles, async (c) => c.json(await miles.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(saveStateMiles, async (c) =>
        c.json(await miles.save(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(update, async (c) =>
        c.json(await loads.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(changeStatus, async (c) => {
        const { status, note } = c.req.valid("json");
        return c.json(await loads.changeStatus(actorOf(c), c.req.valid("param").id, status, note), 200);
      })
      .openapi(driverAction, async (c) => {
        const { id, action } = c.req.valid("param");
        return c.json(await loads.driverAction(actorOf(c), id, action, c.req.valid("json") ?? {}), 200);
      })
      .openapi(checkIn, async (c) => {
        const { id, stopId } = c.req.valid("param");
        return c.json(await checkIns.checkIn(actorOf(c), id, stopId, c.req.valid("json").event), 200);
      })
      .openapi(correctCheckIn, async (c) => {
        const { id, stopId } = c.req.valid("param");
        return c.json(await checkIns.correct(actorOf(c), id, stopId, c.req.valid("json")), 200);
      })
      .openapi(decideDetention, async (c) => {
        const { id, stopId } = c.req.valid("param");
        const { decision, note } = c.req.valid("json");
        return c.json(await checkIns.decideDetention(actorOf(c), id, stopId, decision, note), 200);
      })
      .openapi(assign, async (c) =>
        c.json(await loads.assign(actorOf(c), c.req.valid("param").id, c.req.valid("json").driverId), 200),
      )
      .openapi(uploadFile, async (c) => {
        const { file, kind } = c.req.valid("form");
        return c.json(await files.upload(actorOf(c), c.req.valid("param").id, file, kind), 201);
      })
      .openapi(downloadFile, async (c) => {
        const { id, fileId } = c.req.valid("param");
        const file = await files.download(actorOf(c), id, fileId);
        return fileResponse(c, file);
      })
      .openapi(deleteFile, async (c) => {
        const { id, fileId } = c.req.valid("param");
        await files.remove(actorOf(c), id, fileId);
        return c.json(ok, 200);
      })
      .openapi(listLinks, async (c) => c.json(await links.list(c.req.valid("param").id), 200))
      .openapi(createLink, async (c) => {
        const { expiresInDays } = createBolUploadLinkSchema.parse(c.req.valid("json") ?? {});
        return c.json(await links.create(actorOf(c), c.req.valid("param").id, expiresInDays), 201);
      })
      .openapi(revokeLink, async (c) => {
        const { id, linkId } = c.req.valid("param");
        await links.revoke(actorOf(c), id, linkId);
        return c.json(ok, 200);
      })
      .openapi(listTrackingLinks, async (c) => c.json(await tracking.list(c.req.valid("param").id), 200))
      .openapi(createTrackingLink, async (c) => {
        const input = createTrackingLinkSchema.parse(c.req.valid("json") ?? {});
        return c.json(await tracking.create(actorOf(c), c.req.valid("param").id, input), 201);
      })
      .openapi(revokeTrackingLink, async (c) => {
        const { id, linkId } = c.req.valid("param");
        await tracking.revoke(actorOf(c), id, linkId);
        return c.json(ok, 200);
      })
  );
}
