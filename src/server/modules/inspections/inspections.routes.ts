import { OpenAPIHono, z } from "@hono/zod-openapi";
import { itemsSchema } from "@shared/api/api.schema";
import {
  createInspectionSchema,
  INSPECTION_IMAGE_MAX_BYTES,
  INSPECTION_MAX_IMAGES,
  inspectableAssetSchema,
  inspectableAssetsQuerySchema,
  inspectionDetailSchema,
  inspectionExportQuerySchema,
  inspectionListQuerySchema,
  inspectionPageSchema,
  inspectorOptionSchema,
} from "@shared/inspections/inspections.schema";
import { bodyLimit } from "hono/body-limit";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { HttpError, validationError } from "../../http/errors";
import { binary, fileHeaders, fileResponse, withMiddleware } from "../../http/files";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import { createInspectionsService } from "./inspections.service";
import { exportInspections } from "./inspections-export";

const tags = ["Inspections"];
const READ = "inspections:read";
const FILE = "inspections:file";

const photo = z
  .instanceof(File, { message: "Choose a photo." })
  .openapi({ type: "string", format: "binary" });
/** One `images` part or several: the form parser gives one File or an array. */
const photos = z.union([photo, z.array(photo)]).optional();
const asList = (v: File | File[] | undefined): File[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const createForm = z.object({
  data: z
    .string({ message: "The inspection is missing." })
    .openapi({ description: "The inspection as JSON (see CreateInspection)", example: "{}" }),
  images: photos,
});
const imagesForm = z.object({ images: z.union([photo, z.array(photo)], { message: "Choose a photo." }) });
const imageParams = z.object({
  id: z.uuid({ message: "Invalid id." }),
  imageId: z.uuid({ message: "Invalid id." }),
});

/** Every photo plus the multipart envelope; anything larger is refused before it is buffered. */
const uploadLimit = bodyLimit({
  maxSize: INSPECTION_MAX_IMAGES * INSPECTION_IMAGE_MAX_BYTES + 1024 * 1024,
  onError: () => {
    throw new HttpError(
      413,
      "FILE_TOO_LARGE",
      `Photos are limited to ${INSPECTION_MAX_IMAGES} of ${Math.round(INSPECTION_IMAGE_MAX_BYTES / 1024 / 1024)} MB each.`,
    );
  },
});

const list = defineRoute({
  method: "get",
  path: "/api/inspections",
  tags,
  summary:
    "Inspections: search (asset, inspector, driver, location, comments), filters (asset, type, status, " +
    "driver, period), sort, pages. Drivers get only their own",
  access: READ,
  request: { query: inspectionListQuerySchema },
  responses: { 200: jsonContent(inspectionPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/inspections/export",
  tags,
  summary:
    "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE). Drivers: their own",
  access: READ,
  request: { query: inspectionExportQuerySchema },
  responses: {
    200: binary(
      ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
      "The file",
    ),
  },
});
const assets = defineRoute({
  method: "get",
  path: "/api/inspections/assets",
  tags,
  summary:
    "What the caller may inspect: a driver's assigned vehicle and trailer; staff any (up to 50 of each)",
  access: FILE,
  request: { query: inspectableAssetsQuerySchema },
  responses: { 200: jsonContent(itemsSchema(inspectableAssetSchema)) },
});
const inspectors = defineRoute({
  method: "get",
  path: "/api/inspections/drivers",
  tags,
  summary: "Drivers for the inspection form's driver and the list's driver filter (up to 50)",
  access: "inspections:lookups",
  request: { query: z.object({ q: z.string().trim().max(100).optional() }) },
  responses: { 200: jsonContent(itemsSchema(inspectorOptionSchema)) },
});
const create = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/inspections",
    tags,
    summary:
      "File an inspection (multipart: `data` JSON + up to 8 `images`, each checked by content; 413/415). " +
      "Drivers: pre/post-trip of their assigned asset only (403 NOT_ASSIGNED). Fail or needs repair opens " +
      "a maintenance item and notifies safety and management, in one transaction",
    access: FILE,
    request: { body: { required: true, content: { "multipart/form-data": { schema: createForm } } } },
    responses: { 201: jsonContent(inspectionDetailSchema, "Filed") },
  }),
  uploadLimit,
);
const get = defineRoute({
  method: "get",
  path: "/api/inspections/{id}",
  tags,
  summary: "An inspection with its checklist, photos and the maintenance items it opened (drivers: own only)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(inspectionDetailSchema) },
});
const addImages = withMiddleware(
  defineRoute({
    method: "post",
    path: "/api/inspections/{id}/images",
    tags,
    summary: "Add photos to an inspection (up to 8 in all; drivers: their own inspections)",
    access: FILE,
    request: {
      params: uuidParams,
      body: { required: true, content: { "multipart/form-data": { schema: imagesForm } } },
    },
    responses: { 201: jsonContent(inspectionDetailSchema, "Stored") },
  }),
  uploadLimit,
);
const image = defineRoute({
  method: "get",
  path: "/api/inspections/{id}/images/{imageId}",
  tags,
  summary: "A photo of an inspection, inline",
  access: READ,
  request: { params: imageParams },
  responses: { 200: binary(["image/*"], "The photo") },
});

/** The `data` part: JSON, parsed with the shared schema; a bad field answers 400 with its path. */
function parseInspection(data: string) {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new HttpError(400, "VALIDATION_FAILED", "Please correct the highlighted fields.", {
      fields: { data: "The inspection is not valid JSON." },
    });
  }
  const parsed = createInspectionSchema.safeParse(json);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

export function inspectionsRoutes(deps: Deps) {
  const service = createInspectionsService(deps);
  return (
    new OpenAPIHono<AppEnv>()
      // Fixed paths before /api/inspections/{id}.
      .openapi(exportList, async (c) => {
        const file = await exportInspections(deps, actorOf(c), c.req.valid("query"));
        return fileResponse(c, file);
      })
      .openapi(assets, async (c) =>
        c.json({ items: await service.assets(actorOf(c), c.req.valid("query")) }, 200),
      )
      .openapi(inspectors, async (c) =>
        c.json({ items: await service.inspectors(c.req.valid("query").q) }, 200),
      )
      .openapi(list, async (c) => c.json(await service.list(actorOf(c), c.req.valid("query")), 200))
      .openapi(create, async (c) => {
        const { data, images } = c.req.valid("form");
        const input = parseInspection(data);
        return c.json(await service.create(actorOf(c), input, asList(images)), 201);
      })
      .openapi(get, async (c) => c.json(await service.get(actorOf(c), c.req.valid("param").id), 200))
      .openapi(addImages, async (c) => {
        const { images } = c.req.valid("form");
        return c.json(await service.addImages(actorOf(c), c.req.valid("param").id, asList(images)), 201);
      })
      .openapi(image, async (c) => {
        const { id, imageId } = c.req.valid("param");
        const file = await service.image(actorOf(c), id, imageId);
        // Thumbnails shown over and over: the one download a private cache may keep for an hour.
        return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
          ...fileHeaders(file, "inline"),
          "Cache-Control": "private, max-age=3600",
        });
      })
  );
}
