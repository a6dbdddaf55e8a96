import { itemsSchema } from "@shared/api/api.schema";
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
import { fileField } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createFleetService } from "./fleet.service";
import { type AssetRef, createFleetDocumentsService } from "./fleet-documents.service";
import { exportMaintenance, exportTrailers, exportVehicles } from "./fleet-export";
import { createMaintenanceService } from "./maintenance.service";
import { createTrailersService } from "./trailers.service";
import { createVehiclesService } from "./vehicles.service";

const documentUploadSchema = documentMetaSchema.extend({ file: fileField });
const receiptUploadSchema = z.object({ file: fileField });
const documentParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  documentId: z.uuid({ message: "Invalid id." }),
});
const DOCUMENT_TYPES = ["application/pdf", "image/*"];

export function fleetRoutes(deps: Deps) {
  const fleet = createFleetService(deps);
  const vehicles = createVehiclesService(deps);
  const trailers = createTrailersService(deps);
  const documents = createFleetDocumentsService(deps);
  const maintenance = createMaintenanceService(deps);
  const t = routeTable({ tags: ["Fleet"], access: "fleet:read" });
  const log = { tags: ["Maintenance"] };

  /** A vehicle's or a trailer's documents: the same three operations under each kind's path. */
  const documentRoutes = (path: "vehicles" | "trailers", kind: AssetRef["kind"]) => {
    t.upload(
      `/api/fleet/${path}/{id}/documents`,
      {
        summary:
          "Attach a document (PDF or image, checked by content; 413/415), with a name and an optional expiry",
        access: "fleet:write",
        params: uuidParams,
        form: documentUploadSchema,
        response: fleetDocumentSchema,
        described: "Stored",
        maxBytes: FLEET_DOCUMENT_MAX_BYTES,
      },
      ({ actor, id, form: { file, ...meta } }) => documents.upload(actor, { kind, id }, file, meta),
    );
    t.download(
      `/api/fleet/${path}/{id}/documents/{documentId}`,
      {
        summary: "A document, as an attachment (drivers: their own asset's)",
        params: documentParams,
        types: DOCUMENT_TYPES,
      },
      ({ actor, params }) => documents.download(actor, { kind, id: params.id }, params.documentId),
    );
    t.remove(
      `/api/fleet/${path}/{id}/documents/{documentId}`,
      { summary: "Remove a document", access: "fleet:write", params: documentParams },
      ({ actor, params }) => documents.remove(actor, { kind, id: params.id }, params.documentId),
    );
  };

  // Fixed paths before the {id} ones.
  t.list(
    "/api/fleet/vehicles/options",
    {
      summary: "Vehicles for pickers (up to 50), each with the driver it is assigned to",
      access: "dispatch:lookups",
      query: assetOptionsQuerySchema,
      response: itemsSchema(vehicleOptionSchema),
    },
    async ({ query }) => ({ items: await fleet.vehicleOptions(query.q) }),
  );
  t.list(
    "/api/fleet/trailers/options",
    {
      summary: "Trailers and containers for pickers (up to 50), each with the driver it is assigned to",
      access: "dispatch:lookups",
      query: assetOptionsQuerySchema,
      response: itemsSchema(trailerOptionSchema),
    },
    async ({ query }) => ({ items: await fleet.trailerOptions(query.q) }),
  );
  t.export(
    "/api/fleet/vehicles/export",
    {
      summary: "The filtered vehicle list as CSV or Excel (at most 20,000 rows)",
      query: vehicleExportQuerySchema,
    },
    ({ actor, query }) => exportVehicles(deps, actor, query),
  );
  t.export(
    "/api/fleet/trailers/export",
    { summary: "The filtered trailer list as CSV or Excel", query: trailerExportQuerySchema },
    ({ actor, query }) => exportTrailers(deps, actor, query),
  );
  t.export(
    "/api/fleet/maintenance/export",
    {
      ...log,
      summary: "The filtered maintenance log as CSV or Excel",
      access: "maintenance:read",
      query: maintenanceExportQuerySchema,
    },
    ({ actor, query }) => exportMaintenance(deps, actor, query),
  );
  t.list(
    "/api/fleet/maintenance/assets",
    {
      ...log,
      summary: "Vehicles and trailers the caller may log maintenance for (drivers: their own)",
      access: "maintenance:log",
      query: assetOptionsQuerySchema,
      response: itemsSchema(maintenanceAssetOptionSchema),
    },
    async ({ actor, query }) => ({ items: await maintenance.assetOptions(actor, query.q) }),
  );

  // Vehicles
  t.list(
    "/api/fleet/vehicles",
    {
      summary:
        "Vehicles: search (unit, plate, make, model, VIN, transponder, driver), filters (status, computed " +
        "maintenance status, fuel type, expiring plate/insurance, assigned), sort, pages. Drivers: their assigned vehicle only",
      query: vehicleListQuerySchema,
      response: vehiclePageSchema,
    },
    ({ actor, query }) => vehicles.list(actor, query),
  );
  t.create(
    "/api/fleet/vehicles",
    {
      summary:
        "Add a vehicle, optionally with maintenance schedules (unit number, VIN, transponder and telematics ID " +
        "unique: 409)",
      access: "fleet:write",
      body: createVehicleSchema,
      response: vehicleDetailSchema,
    },
    ({ actor, body }) => vehicles.create(actor, body),
  );
  t.get(
    "/api/fleet/vehicles/{id}",
    {
      summary:
        "A vehicle with schedules (what is due), documents and recent maintenance. Drivers: own vehicle only",
      response: vehicleDetailSchema,
    },
    ({ actor, id }) => vehicles.getJson(actor, id),
  );
  t.update(
    "/api/fleet/vehicles/{id}",
    {
      summary: "Edit a vehicle (an empty odometer keeps the current reading)",
      access: "fleet:write",
      conflict: "A unit number, VIN, transponder or telematics ID another vehicle has (`details.fields`)",
      body: updateVehicleSchema,
      response: vehicleDetailSchema,
    },
    ({ actor, id, body }) => vehicles.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/fleet/vehicles/{id}/odometer",
    {
      summary:
        "Correct a vehicle's odometer on record, with the reason (audited vehicle.odometer_corrected); fuel readings are judged against it",
      access: "fleet:write",
      params: uuidParams,
      body: odometerCorrectionSchema,
      response: vehicleDetailSchema,
    },
    ({ actor, id, body }) => vehicles.correctOdometer(actor, id, body),
  );
  t.remove(
    "/api/fleet/vehicles/{id}",
    {
      summary: "Delete a vehicle without history (409 VEHICLE_HAS_HISTORY otherwise: set it inactive)",
      access: "fleet:delete",
    },
    ({ actor, id }) => vehicles.remove(actor, id),
  );
  t.update(
    "/api/fleet/vehicles/{id}/schedules",
    {
      summary: "Replace a vehicle's maintenance schedules (every N miles and/or N days per service type)",
      access: "fleet:write",
      body: schedulesInputSchema,
      response: vehicleDetailSchema,
    },
    ({ actor, id, body }) => vehicles.replaceSchedules(actor, id, body.schedules),
  );
  documentRoutes("vehicles", "vehicle");

  // Trailers
  t.list(
    "/api/fleet/trailers",
    {
      summary:
        "Trailers and containers: search, filters (type, status, inspection due, assigned), sort, pages. " +
        "Drivers: their assigned trailer only",
      query: trailerListQuerySchema,
      response: trailerPageSchema,
    },
    ({ actor, query }) => trailers.list(actor, query),
  );
  t.create(
    "/api/fleet/trailers",
    {
      summary: "Add a trailer or container (identifier and VIN unique: 409)",
      access: "fleet:write",
      body: trailerFormSchema,
      response: trailerDetailSchema,
    },
    ({ actor, body }) => trailers.create(actor, body),
  );
  t.get(
    "/api/fleet/trailers/{id}",
    {
      summary: "A trailer with documents and recent maintenance. Drivers: own trailer only",
      response: trailerDetailSchema,
    },
    ({ actor, id }) => trailers.get(actor, id),
  );
  t.update(
    "/api/fleet/trailers/{id}",
    {
      summary: "Edit a trailer or container",
      access: "fleet:write",
      conflict: "DUPLICATE_TRAILER_ID / DUPLICATE_VIN: another trailer has it (`details.fields`)",
      body: trailerFormSchema,
      response: trailerDetailSchema,
    },
    ({ actor, id, body }) => trailers.update(actor, id, body),
  );
  t.remove(
    "/api/fleet/trailers/{id}",
    {
      summary: "Delete a trailer without history (409 TRAILER_HAS_HISTORY otherwise: set it inactive)",
      access: "fleet:delete",
    },
    ({ actor, id }) => trailers.remove(actor, id),
  );
  documentRoutes("trailers", "trailer");

  // Maintenance log
  t.list(
    "/api/fleet/maintenance",
    {
      ...log,
      summary:
        "The maintenance log: search (notes, vendor, unit, plate, trailer), filters (status, service type, asset, " +
        "source, dates), sort, pages, total cost. Drivers: their assigned vehicle and trailer",
      access: "maintenance:read",
      query: maintenanceListQuerySchema,
      response: maintenancePageSchema,
    },
    ({ actor, query }) => maintenance.list(actor, query),
  );
  t.create(
    "/api/fleet/maintenance",
    {
      ...log,
      summary:
        "Log a completed service or open an item (a defect). Staff may take the vehicle out of service while it is open. " +
        "Drivers: their assigned vehicle or trailer only (404 otherwise)",
      access: "maintenance:log",
      notFound: "No such vehicle or trailer, or for a driver one not assigned to them (NOT_FOUND)",
      body: maintenanceInputSchema,
      response: maintenanceResultSchema,
    },
    ({ actor, body }) => maintenance.create(actor, body),
  );
  t.get(
    "/api/fleet/maintenance/{id}",
    { ...log, summary: "One maintenance item", access: "maintenance:read", response: maintenanceItemSchema },
    ({ actor, id }) => maintenance.get(actor, id),
  );
  t.update(
    "/api/fleet/maintenance/{id}",
    {
      ...log,
      summary: "Edit an item (drivers: only what they logged)",
      access: "maintenance:log",
      body: maintenanceInputSchema,
      response: maintenanceResultSchema,
    },
    ({ actor, id, body }) => maintenance.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/fleet/maintenance/{id}/complete",
    {
      ...log,
      summary:
        "Complete an open item with date, odometer, cost and vendor (409 NOT_OPEN when already done). " +
        "A vehicle out of service goes back to active when no item is left open",
      access: "maintenance:log",
      params: uuidParams,
      body: completeMaintenanceSchema,
      response: maintenanceResultSchema,
    },
    ({ actor, id, body }) => maintenance.complete(actor, id, body),
  );
  // The answer says what became of the vehicle's status, beside `ok`: not `remove`'s bare `{ ok }`.
  t.json(
    "delete",
    "/api/fleet/maintenance/{id}",
    {
      ...log,
      summary: "Delete an item",
      access: "maintenance:delete",
      params: uuidParams,
      response: maintenanceDeletedSchema,
    },
    async ({ actor, id }) => {
      const { vehicleStatus } = await maintenance.remove(actor, id);
      return { ok: true as const, vehicleStatus };
    },
  );
  t.upload(
    "/api/fleet/maintenance/{id}/receipt",
    {
      ...log,
      summary: "Attach or replace the receipt or invoice (PDF or image, checked by content; 413/415)",
      access: "maintenance:log",
      params: uuidParams,
      form: receiptUploadSchema,
      response: maintenanceItemSchema,
      status: 200,
      described: "OK",
      maxBytes: MAINTENANCE_RECEIPT_MAX_BYTES,
    },
    ({ actor, id, form }) => maintenance.uploadReceipt(actor, id, form.file),
  );
  t.download(
    "/api/fleet/maintenance/{id}/receipt",
    {
      ...log,
      summary: "The receipt or invoice, as an attachment",
      access: "maintenance:read",
      types: DOCUMENT_TYPES,
    },
    ({ actor, id }) => maintenance.downloadReceipt(actor, id),
  );
  t.json(
    "delete",
    "/api/fleet/maintenance/{id}/receipt",
    {
      ...log,
      summary: "Remove the receipt",
      access: "maintenance:log",
      params: uuidParams,
      response: maintenanceItemSchema,
    },
    ({ actor, id }) => maintenance.removeReceipt(actor, id),
  );
  return t.app;
}
