import { OpenAPIHono } from "@hono/zod-openapi";
import { itemsSchema, okSchema } from "@shared/api/api.schema";
import {
  assetOptionsQuerySchema,
  trailerOptionSchema,
  vehicleOptionSchema,
} from "@shared/fleet/fleet.schema";
import {
  completeMaintenanceSchema,
  MAINTENANCE_RECEIPT_MAX_BYTES,
  maintenanceAssetOptionSchema,
  maintenanceDeletedSchema,
  maintenanceExportQuerySchema,
  maintenanceInputSchema,
  maintenanceItemSchema,
  maintenanceListQuerySchema,
  maintenancePageSchema,
  maintenanceResultSchema,
} from "@shared/fleet/maintenance.schema";
import {
  trailerDetailSchema,
  trailerExportQuerySchema,
  trailerFormSchema,
  trailerListQuerySchema,
  trailerPageSchema,
} from "@shared/fleet/trailers.schema";
import {
  createVehicleSchema,
  documentMetaSchema,
  FLEET_DOCUMENT_MAX_BYTES,
  fleetDocumentSchema,
  schedulesInputSchema,
  updateVehicleSchema,
  vehicleDetailSchema,
  vehicleExportQuerySchema,
  vehicleListQuerySchema,
  vehiclePageSchema,
} from "@shared/fleet/vehicles.schema";
import { odometerCorrectionSchema } from "@shared/fuel/fuel.schema";
import { z } from "zod";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import {
  binary,
  fileField,
  fileResponse,
  SHEET_TYPES,
  uploadBodyLimit,
  withMiddleware,
} from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createFleetService } from "./fleet.service";
import { type AssetRef, createFleetDocumentsService } from "./fleet-documents.service";
import { exportMaintenance, exportTrailers, exportVehicles } from "./fleet-export";
import { createMaintenanceService } from "./maintenance.service";
import { createTrailersService } from "./trailers.service";
import { createVehiclesService } from "./vehicles.service";

const tags = ["Fleet"];
const maintenanceTags = ["Maintenance"];
const READ = "fleet:read";
const WRITE = "fleet:write";

const documentUploadSchema = documentMetaSchema.extend({ file: fileField });
const receiptUploadSchema = z.object({ file: fileField });
const documentParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  documentId: z.uuid({ message: "Invalid id." }),
});

// ---- Vehicles

const vehicleOptions = defineRoute({
  method: "get",
  path: "/api/fleet/vehicles/options",
  tags,
  summary: "Vehicles for pickers (up to 50), each with the driver it is assigned to",
  access: "dispatch:lookups",
  request: { query: assetOptionsQuerySchema },
  responses: { 200: jsonContent(itemsSchema(vehicleOptionSchema)) },
});
const listVehicles = defineRoute({
  method: "get",
  path: "/api/fleet/vehicles",
  tags,
  summary:
    "Vehicles: search (unit, plate, make, model, VIN, transponder, driver), filters (status, computed " +
    "maintenance status, fuel type, expiring plate/insurance, assigned), sort, pages. Drivers: their assigned vehicle only",
  access: READ,
  request: { query: vehicleListQuerySchema },
  responses: { 200: jsonContent(vehiclePageSchema) },
});
const exportVehiclesRoute = defineRoute({
  method: "get",
  path: "/api/fleet/vehicles/export",
  tags,
  summary: "The filtered vehicle list as CSV or Excel (at most 20,000 rows)",
  access: READ,
  request: { query: vehicleExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const createVehicle = defineRoute({
  method: "post",
  path: "/api/fleet/vehicles",
  tags,
  summary:
    "Add a vehicle, optionally with maintenance schedules (unit number, VIN and transponder unique: 409)",
  access: WRITE,
  request: { body: jsonBody(createVehicleSchema) },
  responses: { 201: jsonContent(vehicleDetailSchema, "Created") },
});
const getVehicle = defineRoute({
  method: "get",
  path: "/api/fleet/vehicles/{id}",
  tags,
  summary:
    "A vehicle with schedules (what is due), documents and recent maintenance. Drivers: own vehicle only",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(vehicleDetailSchema) },
});
const updateVehicle = defineRoute({
  method: "put",
  path: "/api/fleet/vehicles/{id}",
  tags,
  summary: "Edit a vehicle (an empty odometer keeps the current reading)",
  access: WRITE,
  conflict: "A unit number, VIN or transponder another vehicle has (`details.fields`)",
  request: { params: uuidParams, body: jsonBody(updateVehicleSchema) },
  responses: { 200: jsonContent(vehicleDetailSchema) },
});
const correctOdometer = defineRoute({
  method: "post",
  path: "/api/fleet/vehicles/{id}/odometer",
  tags,
  summary:
    "Correct a vehicle's odometer on record, with the reason (audited vehicle.odometer_corrected); fuel readings are judged against it",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(odometerCorrectionSchema) },
  responses: { 200: jsonContent(vehicleDetailSchema) },
});
const deleteVehicle = defineRoute({
  method: "delete",
  path: "/api/fleet/vehicles/{id}",
  tags,
  summary: "Delete a vehicle without history (409 VEHICLE_HAS_HISTORY otherwise: set it inactive)",
  access: "fleet:delete",
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const putSchedules = defineRoute({
  method: "put",
  path: "/api/fleet/vehicles/{id}/schedules",
  tags,
  summary: "Replace a vehicle's maintenance schedules (every N miles and/or N days per service type)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(schedulesInputSchema) },
  responses: { 200: jsonContent(vehicleDetailSchema) },
});

// ---- Trailers

const trailerOptions = defineRoute({
  method: "get",
  path: "/api/fleet/trailers/options",
  tags,
  summary: "Trailers and containers for pickers (up to 50), each with the driver it is assigned to",
  access: "dispatch:lookups",
  request: { query: assetOptionsQuerySchema },
  responses: { 200: jsonContent(itemsSchema(trailerOptionSchema)) },
});
const listTrailers = defineRoute({
  method: "get",
  path: "/api/fleet/trailers",
  tags,
  summary:
    "Trailers and containers: search, filters (type, status, inspection due, assigned), sort, pages. " +
    "Drivers: their assigned trailer only",
  access: READ,
  request: { query: trailerListQuerySchema },
  responses: { 200: jsonContent(trailerPageSchema) },
});
const exportTrailersRoute = defineRoute({
  method: "get",
  path: "/api/fleet/trailers/export",
  tags,
  summary: "The filtered trailer list as CSV or Excel",
  access: READ,
  request: { query: trailerExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const createTrailer = defineRoute({
  method: "post",
  path: "/api/fleet/trailers",
  tags,
  summary: "Add a trailer or container (identifier and VIN unique: 409)",
  access: WRITE,
  request: { body: jsonBody(trailerFormSchema) },
  responses: { 201: jsonContent(trailerDetailSchema, "Created") },
});
const getTrailer = defineRoute({
  method: "get",
  path: "/api/fleet/trailers/{id}",
  tags,
  summary: "A trailer with documents and recent maintenance. Drivers: own trailer only",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(trailerDetailSchema) },
});
const updateTrailer = defineRoute({
  method: "put",
  path: "/api/fleet/trailers/{id}",
  tags,
  summary: "Edit a trailer or container",
  access: WRITE,
  conflict: "DUPLICATE_TRAILER_ID / DUPLICATE_VIN: another trailer has it (`details.fields`)",
  request: { params: uuidParams, body: jsonBody(trailerFormSchema) },
  responses: { 200: jsonContent(trailerDetailSchema) },
});
const deleteTrailer = defineRoute({
  method: "delete",
  path: "/api/fleet/trailers/{id}",
  tags,
  summary: "Delete a trailer without history (409 TRAILER_HAS_HISTORY otherwise: set it inactive)",
  access: "fleet:delete",
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});

// ---- Documents of vehicles and trailers

const documentRoutes = (kind: "vehicles" | "trailers") => ({
  upload: withMiddleware(
    defineRoute({
      method: "post",
      path: `/api/fleet/${kind}/{id}/documents`,
      tags,
      summary:
        "Attach a document (PDF or image, checked by content; 413/415), with a name and an optional expiry",
      access: WRITE,
      request: {
        params: uuidParams,
        body: { required: true, content: { "multipart/form-data": { schema: documentUploadSchema } } },
      },
      responses: { 201: jsonContent(fleetDocumentSchema, "Stored") },
    }),
    uploadBodyLimit(FLEET_DOCUMENT_MAX_BYTES),
  ),
  download: defineRoute({
    method: "get",
    path: `/api/fleet/${kind}/{id}/documents/{documentId}`,
    tags,
    summary: "A document, as an attachment (drivers: their own asset's)",
    access: READ,
    request: { params: documentParams },
    responses: { 200: binary(["application/pdf", "image/*"], "The file") },
  }),
  remove: defineRoute({
    method: "delete",
    path: `/api/fleet/${kind}/{id}/documents/{documentId}`,
    tags,
    summary: "Remove a document",
    access: WRITE,
    request: { params: documentParams },
    responses: { 200: jsonContent(okSchema) },
  }),
});
const vehicleDocs = documentRoutes("vehicles");
const trailerDocs = documentRoutes("trailers");

// ---- Maintenance log

const listMaintenance = defineRoute({
  method: "get",
  path: "/api/fleet/maintenance",
  tags: maintenanceTags,
  summary:
    "The maintenance log: search (notes, vendor, unit, plate, trailer), filters (status, service type, asset, " +
    "source, dates), sort, pages, total cost. Drivers: their assigned vehicle and trailer",
  access: "maintenance:read",
  request: { query: maintenanceListQuerySchema },
  responses: { 200: jsonContent(maintenancePageSchema) },
});
const exportMaintenanceRoute = defineRoute({
  method: "get",
  path: "/api/fleet/maintenance/export",
  tags: maintenanceTags,
  summary: "The filtered maintenance log as CSV or Excel",
  access: "maintenance:read",
  request: { query: maintenanceExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const maintenanceAssets = defineRoute({
  method: "get",
  path: "/api/fleet/maintenance/assets",
  tags: maintenanceTags,
  summary: "Vehicles and trailers the caller may log maintenance for (drivers: their own)",
  access: "maintenance:log",
  request: { query: assetOptionsQuerySchema },
  responses: { 200: jsonContent(itemsSchema(maintenanceAssetOptionSchema)) },
});
const createMaintenance = defineRoute({
  method: "post",
  path: "/api/fleet/maintenance",
  tags: maintenanceTags,
  summary:
    "Log a completed service or open an item (a defect). Staff may take the vehicle out of service while it is open. " +
    "Drivers: their assigned vehicle or trailer only (404 otherwise)",
  access: "maintenance:log",
  request: { body: jsonBody(maintenanceInputSchema) },
  responses: { 201: jsonContent(maintenanceResultSchema, "Created") },
});
const getMaintenance = defineRoute({
  method: "get",
  path: "/api/fleet/maintenance/{id}",
  tags: maintenanceTags,
  summary: "One maintenance item",
  access: "maintenance:read",
  request: { params: uuidParams },
  responses: { 200: jsonContent(maintenanceItemSchema) },
});
const updateMaintenance = defineRoute({
  method: "put",
  path: "/api/fleet/maintenance/{id}",
  tags: maintenanceTags,
  summary: "Edit an item (drivers: only what they logged)",
  access: "maintenance:log",
  request: { params: uuidParams, body: jsonBody(maintenanceInputSchema) },
  responses: { 200: jsonContent(maintenanceResultSchema) },
});
const completeMaintenance = defineRoute({
  method: "post",
  path: "/api/fleet/maintenance/{id}/complete",
  tags: maintenanceTags,
  summary:
    "Complete an open item with date, odometer, cost and vendor (409 NOT_OPEN when already done). " +
    "A vehicle out of service goes back to active when no item is left open",
  access: "maintenance:log",
  request: { params: uuidParams, body: jsonBody(completeMaintenanceSchema) },
  responses: { 200: jsonContent(maintenanceResultSchema) },
});
const deleteMaintenance = defineRoute({
  method: "delete",
  path: "/api/fleet/maintenance/{id}",
  tags: maintenanceTags,
  summary: "Delete an item",
  access: "maintenance:delete",
  request: { params: uuidParams },
  responses: { 200: jsonContent(maintenanceDeletedSchema) },
});
const uploadReceipt = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/fleet/maintenance/{id}/receipt",
    tags: maintenanceTags,
    summary: "Attach or replace the receipt or invoice (PDF or image, checked by content; 413/415)",
    access: "maintenance:log",
    request: {
      params: uuidParams,
      body: { required: true, content: { "multipart/form-data": { schema: receiptUploadSchema } } },
    },
    responses: { 200: jsonContent(maintenanceItemSchema) },
  }),
  uploadBodyLimit(MAINTENANCE_RECEIPT_MAX_BYTES),
);
const downloadReceipt = defineRoute({
  method: "get",
  path: "/api/fleet/maintenance/{id}/receipt",
  tags: maintenanceTags,
  summary: "The receipt or invoice, as an attachment",
  access: "maintenance:read",
  request: { params: uuidParams },
  responses: { 200: binary(["application/pdf", "image/*"], "The file") },
});
const deleteReceipt = defineRoute({
  method: "delete",
  path: "/api/fleet/maintenance/{id}/receipt",
  tags: maintenanceTags,
  summary: "Remove the receipt",
  access: "maintenance:log",
  request: { params: uuidParams },
  responses: { 200: jsonContent(maintenanceItemSchema) },
});

const ok = { ok: true as const };

export function fleetRoutes(deps: Deps) {
  const fleet = createFleetService(deps);
  const vehicles = createVehiclesService(deps);
  const trailers = createTrailersService(deps);
  const documents = createFleetDocumentsService(deps);
  const maintenance = createMaintenanceService(deps);
  const vehicle = (id: string): AssetRef => ({ kind: "vehicle", id });
  const trailer = (id: string): AssetRef => ({ kind: "trailer", id });

  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before the {id} ones.
      .openapi(vehicleOptions, async (c) =>
        c.json({ items: await fleet.vehicleOptions(c.req.valid("query").q) }, 200),
      )
      .openapi(trailerOptions, async (c) =>
        c.json({ items: await fleet.trailerOptions(c.req.valid("query").q) }, 200),
      )
      .openapi(exportVehiclesRoute, async (c) =>
        fileResponse(c, await exportVehicles(deps, actorOf(c), c.req.valid("query"))),
      )
      .openapi(exportTrailersRoute, async (c) =>
        fileResponse(c, await exportTrailers(deps, actorOf(c), c.req.valid("query"))),
      )
      .openapi(exportMaintenanceRoute, async (c) =>
        fileResponse(c, await exportMaintenance(deps, actorOf(c), c.req.valid("query"))),
      )
      .openapi(maintenanceAssets, async (c) =>
        c.json({ items: await maintenance.assetOptions(actorOf(c), c.req.valid("query").q) }, 200),
      )
      // Vehicles
      .openapi(listVehicles, async (c) => c.json(await vehicles.list(actorOf(c), c.req.valid("query")), 200))
      .openapi(createVehicle, async (c) =>
        c.json(await vehicles.create(actorOf(c), c.req.valid("json")), 201),
      )
      .openapi(getVehicle, async (c) => c.json(await vehicles.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(updateVehicle, async (c) =>
        c.json(await vehicles.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(correctOdometer, async (c) =>
        c.json(await vehicles.correctOdometer(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(deleteVehicle, async (c) => {
        await vehicles.remove(actorOf(c), c.req.valid("param").id);
        return c.json(ok, 200);
      })
      .openapi(putSchedules, async (c) =>
        c.json(
          await vehicles.replaceSchedules(actorOf(c), c.req.valid("param").id, c.req.valid("json").schedules),
          200,
        ),
      )
      .openapi(vehicleDocs.upload, async (c) => {
        const { file, ...meta } = c.req.valid("form");
        return c.json(await documents.upload(actorOf(c), vehicle(c.req.valid("param").id), file, meta), 201);
      })
      .openapi(vehicleDocs.download, async (c) => {
        const { id, documentId } = c.req.valid("param");
        return fileResponse(c, await documents.download(actorOf(c), vehicle(id), documentId));
      })
      .openapi(vehicleDocs.remove, async (c) => {
        const { id, documentId } = c.req.valid("param");
        await documents.remove(actorOf(c), vehicle(id), documentId);
        return c.json(ok, 200);
      })
      // Trailers
      .openapi(listTrailers, async (c) => c.json(await trailers.list(actorOf(c), c.req.valid("query")), 200))
      .openapi(createTrailer, async (c) =>
        c.json(await trailers.create(actorOf(c), c.req.valid("json")), 201),
      )
      .openapi(getTrailer, async (c) => c.json(await trailers.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(updateTrailer, async (c) =>
        c.json(await trailers.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(deleteTrailer, async (c) => {
        await trailers.remove(actorOf(c), c.req.valid("param").id);
        return c.json(ok, 200);
      })
      .openapi(trailerDocs.upload, async (c) => {
        const { file, ...meta } = c.req.valid("form");
        return c.json(await documents.upload(actorOf(c), trailer(c.req.valid("param").id), file, meta), 201);
      })
      .openapi(trailerDocs.download, async (c) => {
        const { id, documentId } = c.req.valid("param");
        return fileResponse(c, await documents.download(actorOf(c), trailer(id), documentId));
      })
      .openapi(trailerDocs.remove, async (c) => {
        const { id, documentId } = c.req.valid("param");
        await documents.remove(actorOf(c), trailer(id), documentId);
        return c.json(ok, 200);
      })
      // Maintenance log
      .openapi(listMaintenance, async (c) =>
        c.json(await maintenance.list(actorOf(c), c.req.valid("query")), 200),
      )
      .openapi(createMaintenance, async (c) =>
        c.json(await maintenance.create(actorOf(c), c.req.valid("json")), 201),
      )
      .openapi(getMaintenance, async (c) =>
        c.json(await maintenance.get(actorOf(c), c.req.valid("param").id), 200),
      )
      .openapi(updateMaintenance, async (c) =>
        c.json(await maintenance.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(completeMaintenance, async (c) =>
        c.json(await maintenance.complete(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(deleteMaintenance, async (c) => {
        const { vehicleStatus } = await maintenance.remove(actorOf(c), c.req.valid("param").id);
        return c.json({ ok: true as const, vehicleStatus }, 200);
      })
      .openapi(uploadReceipt, async (c) =>
        c.json(
          await maintenance.uploadReceipt(actorOf(c), c.req.valid("param").id, c.req.valid("form").file),
          200,
        ),
      )
      .openapi(downloadReceipt, async (c) =>
        fileResponse(c, await maintenance.downloadReceipt(actorOf(c), c.req.valid("param").id)),
      )
      .openapi(deleteReceipt, async (c) =>
        c.json(await maintenance.removeReceipt(actorOf(c), c.req.valid("param").id), 200),
      )
  );
}
