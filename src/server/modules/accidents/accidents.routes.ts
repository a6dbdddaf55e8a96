import { z } from "@hono/zod-openapi";
import {
  ACCIDENT_IMAGE_MAX_BYTES,
  accidentDetailSchema,
  accidentExportQuerySchema,
  accidentInputSchema,
  accidentListQuerySchema,
  accidentNoteInputSchema,
  accidentPageSchema,
  accidentSummarySchema,
  changeClaimStatusSchema,
} from "@shared/accidents/accidents.schema";
import type { Deps } from "../../deps";
import { fileField } from "../../http/files";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { exportAccidents } from "./accident-export";
import { createAccidentsService } from "./accidents.service";

const WRITE = "accidents:write";

const imageParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  imageId: z.uuid({ message: "Invalid id." }),
});

export function accidentsRoutes(deps: Deps) {
  const service = createAccidentsService(deps);
  const t = routeTable({ tags: ["Accidents and claims"], access: "accidents:read" });
  // Fixed paths before /api/accidents/{id}.
  t.export(
    "/api/accidents/export",
    {
      summary: "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE)",
      query: accidentExportQuerySchema,
    },
    ({ query }) => exportAccidents(deps, query),
  );
  t.list(
    "/api/accidents/summary",
    {
      summary: "Open claims and their amount; accidents and those with injuries this year",
      response: accidentSummarySchema,
    },
    () => service.summary(),
  );
  t.list(
    "/api/accidents",
    {
      summary:
        "Accidents: search (reference, location, report and claim numbers, insurer, driver, unit, trailer), filters (driver, vehicle, claim status, injuries, period), sort, pages",
      query: accidentListQuerySchema,
      response: accidentPageSchema,
    },
    ({ query }) => service.list(query),
  );
  t.create(
    "/api/accidents",
    {
      summary: "Record an accident (reference generated, claim open); safety staff are notified",
      access: WRITE,
      body: accidentInputSchema,
      response: accidentDetailSchema,
    },
    ({ actor, body }) => service.create(actor, body),
  );
  t.get(
    "/api/accidents/{id}",
    {
      summary: "An accident with its photos and timeline (notes, claim-status changes, edits, photos)",
      response: accidentDetailSchema,
    },
    ({ id }) => service.get(id),
  );
  t.update(
    "/api/accidents/{id}",
    {
      summary: "Edit the report (the changed fields are recorded on the timeline); not the claim status",
      access: WRITE,
      body: accidentInputSchema,
      response: accidentDetailSchema,
    },
    ({ actor, id, body }) => service.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/accidents/{id}/claim-status",
    {
      summary:
        "Close or reopen the claim, with an optional note (409 CLAIM_STATUS_UNCHANGED when already so)",
      access: WRITE,
      params: uuidParams,
      body: changeClaimStatusSchema,
      response: accidentDetailSchema,
    },
    ({ actor, id, body }) => service.changeClaimStatus(actor, id, body.status, body.note),
  );
  t.create(
    "/api/accidents/{id}/notes",
    {
      summary: "Append a note to the timeline (notes are never edited or removed)",
      access: WRITE,
      params: uuidParams,
      body: accidentNoteInputSchema,
      response: accidentDetailSchema,
      described: "Added",
    },
    ({ actor, id, body }) => service.addNote(actor, id, body.body),
  );
  t.upload(
    "/api/accidents/{id}/images",
    {
      summary: "Add a photo (JPEG, PNG, WebP or HEIC by content; 413/415; at most 20: 409 TOO_MANY_IMAGES)",
      access: WRITE,
      params: uuidParams,
      form: z.object({ file: fileField }),
      response: accidentDetailSchema,
      described: "Stored",
      maxBytes: ACCIDENT_IMAGE_MAX_BYTES,
    },
    ({ actor, id, form }) => service.addImage(actor, id, form.file),
  );
  t.download(
    "/api/accidents/{id}/images/{imageId}",
    {
      summary: "A photo, inline (`?download=1`: as an attachment)",
      params: imageParams,
      query: z.object({ download: z.enum(["0", "1"]).optional() }),
      types: ["image/*"],
      described: "The photo",
      disposition: ({ query }) => (query.download === "1" ? "attachment" : "inline"),
    },
    ({ params }) => service.image(params.id, params.imageId),
  );
  t.json(
    "delete",
    "/api/accidents/{id}/images/{imageId}",
    {
      summary: "Remove a photo (recorded on the timeline)",
      access: WRITE,
      params: imageParams,
      response: accidentDetailSchema,
    },
    ({ actor, params }) => service.removeImage(actor, params.id, params.imageId),
  );
  return t.app;
}
