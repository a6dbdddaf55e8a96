import { OpenAPIHono, z } from "@hono/zod-openapi";
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
import { exportAccidents } from "./accident-export";
import { createAccidentsService } from "./accidents.service";

const tags = ["Accidents and claims"];
const READ = "accidents:read";
const WRITE = "accidents:write";

const imageParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  imageId: z.uuid({ message: "Invalid id." }),
});

const list = defineRoute({
  method: "get",
  path: "/api/accidents",
  tags,
  summary:
    "Accidents: search (reference, location, report and claim numbers, insurer, driver, unit, trailer), filters (driver, vehicle, claim status, injuries, period), sort, pages",
  access: READ,
  request: { query: accidentListQuerySchema },
  responses: { 200: jsonContent(accidentPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/accidents/export",
  tags,
  summary: "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE)",
  access: READ,
  request: { query: accidentExportQuerySchema },
  responses: { 200: binary(SHEET_TYPES, "The file") },
});
const summary = defineRoute({
  method: "get",
  path: "/api/accidents/summary",
  tags,
  summary: "Open claims and their amount; accidents and those with injuries this year",
  access: READ,
  responses: { 200: jsonContent(accidentSummarySchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/accidents",
  tags,
  summary: "Record an accident (reference generated, claim open); safety staff are notified",
  access: WRITE,
  request: { body: jsonBody(accidentInputSchema) },
  responses: { 201: jsonContent(accidentDetailSchema, "Created") },
});
const get = defineRoute({
  method: "get",
  path: "/api/accidents/{id}",
  tags,
  summary: "An accident with its photos and timeline (notes, claim-status changes, edits, photos)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(accidentDetailSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/accidents/{id}",
  tags,
  summary: "Edit the report (the changed fields are recorded on the timeline); not the claim status",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(accidentInputSchema) },
  responses: { 200: jsonContent(accidentDetailSchema) },
});
const claimStatus = defineRoute({
  method: "post",
  path: "/api/accidents/{id}/claim-status",
  tags,
  summary: "Close or reopen the claim, with an optional note (409 CLAIM_STATUS_UNCHANGED when already so)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(changeClaimStatusSchema) },
  responses: { 200: jsonContent(accidentDetailSchema) },
});
const addNote = defineRoute({
  method: "post",
  path: "/api/accidents/{id}/notes",
  tags,
  summary: "Append a note to the timeline (notes are never edited or removed)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(accidentNoteInputSchema) },
  responses: { 201: jsonContent(accidentDetailSchema, "Added") },
});
const addImage = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/accidents/{id}/images",
    tags,
    summary: "Add a photo (JPEG, PNG, WebP or HEIC by content; 413/415; at most 20: 409 TOO_MANY_IMAGES)",
    access: WRITE,
    request: {
      params: uuidParams,
      body: { required: true, content: { "multipart/form-data": { schema: z.object({ file: fileField }) } } },
    },
    responses: { 201: jsonContent(accidentDetailSchema, "Stored") },
  }),
  uploadBodyLimit(ACCIDENT_IMAGE_MAX_BYTES),
);
const getImage = defineRoute({
  method: "get",
  path: "/api/accidents/{id}/images/{imageId}",
  tags,
  summary: "A photo, inline (`?download=1`: as an attachment)",
  access: READ,
  request: {
    params: imageParams,
    query: z.object({ download: z.enum(["0", "1"]).optional() }),
  },
  responses: { 200: binary(["image/*"], "The photo") },
});
const removeImage = defineRoute({
  method: "delete",
  path: "/api/accidents/{id}/images/{imageId}",
  tags,
  summary: "Remove a photo (recorded on the timeline)",
  access: WRITE,
  request: { params: imageParams },
  responses: { 200: jsonContent(accidentDetailSchema) },
});

export function accidentsRoutes(deps: Deps) {
  const service = createAccidentsService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/accidents/{id}.
      .openapi(exportList, async (c) => {
        const file = await exportAccidents(deps, c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(summary, async (c) => c.json(await service.summary(), 200))
      .openapi(list, async (c) => c.json(await service.list(c.req.valid("query")), 200))
      .openapi(create, async (c) => c.json(await service.create(actorOf(c), c.req.valid("json")), 201))
      .openapi(get, async (c) => c.json(await service.get(c.req.valid("param").id), 200))
      .openapi(update, async (c) =>
        c.json(await service.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
      )
      .openapi(claimStatus, async (c) => {
        const { status, note } = c.req.valid("json");
        return c.json(
          await service.changeClaimStatus(actorOf(c), c.req.valid("param").id, status, note),
          200,
        );
      })
      .openapi(addNote, async (c) =>
        c.json(await service.addNote(actorOf(c), c.req.valid("param").id, c.req.valid("json").body), 201),
      )
      .openapi(addImage, async (c) =>
        c.json(await service.addImage(actorOf(c), c.req.valid("param").id, c.req.valid("form").file), 201),
      )
      .openapi(getImage, async (c) => {
        const { id, imageId } = c.req.valid("param");
        const image = await service.image(id, imageId);
        const inline = c.req.valid("query").download !== "1";
        return fileResponse(c, image, inline ? "inline" : "attachment");
      })
      .openapi(removeImage, async (c) => {
        const { id, imageId } = c.req.valid("param");
        return c.json(await service.removeImage(actorOf(c), id, imageId), 200);
      })
  );
}
