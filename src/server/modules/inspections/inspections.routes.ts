import { z } from "@hono/zod-openapi";
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
import { HttpError, validationError } from "../../http/errors";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createInspectionsService } from "./inspections.service";
import { exportInspections } from "./inspections-export";

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
  const t = routeTable({ tags: ["Inspections"], access: "inspections:read" });
  // Fixed paths before /api/inspections/{id}.
  t.export(
    "/api/inspections/export",
    {
      summary:
        "The filtered list as CSV or Excel (at most 50,000 rows: 400 EXPORT_TOO_LARGE). Drivers: their own",
      query: inspectionExportQuerySchema,
    },
    ({ actor, query }) => exportInspections(deps, actor, query),
  );
  t.list(
    "/api/inspections/assets",
    {
      summary:
        "What the caller may inspect: a driver's assigned vehicle and trailer; staff any (up to 50 of each)",
      access: FILE,
      query: inspectableAssetsQuerySchema,
      response: itemsSchema(inspectableAssetSchema),
    },
    async ({ actor, query }) => ({ items: await service.assets(actor, query) }),
  );
  t.list(
    "/api/inspections/drivers",
    {
      summary: "Drivers for the inspection form's driver and the list's driver filter (up to 50)",
      access: "inspections:lookups",
      query: z.object({ q: z.string().trim().max(100).optional() }),
      response: itemsSchema(inspectorOptionSchema),
    },
    async ({ query }) => ({ items: await service.inspectors(query.q) }),
  );
  t.list(
    "/api/inspections",
    {
      summary:
        "Inspections: search (asset, inspector, driver, location, comments), filters (asset, type, status, " +
        "driver, period), sort, pages. Drivers get only their own",
      query: inspectionListQuerySchema,
      response: inspectionPageSchema,
    },
    ({ actor, query }) => service.list(actor, query),
  );
  t.upload(
    "/api/inspections",
    {
      summary:
        "File an inspection (multipart: `data` JSON + up to 8 `images`, each checked by content; 413/415). " +
        "Drivers: pre/post-trip of their assigned asset only (403 NOT_ASSIGNED). Fail or needs repair opens " +
        "a maintenance item and notifies safety and management, in one transaction",
      access: FILE,
      form: createForm,
      response: inspectionDetailSchema,
      described: "Filed",
      middleware: [uploadLimit],
      replayable: true,
    },
    ({ actor, form, occurredAt, receivedAt }) =>
      service.create(actor, parseInspection(form.data), asList(form.images), { occurredAt, receivedAt }),
  );
  t.get(
    "/api/inspections/{id}",
    {
      summary:
        "An inspection with its checklist, photos and the maintenance items it opened (drivers: own only)",
      response: inspectionDetailSchema,
    },
    ({ actor, id }) => service.get(actor, id),
  );
  t.upload(
    "/api/inspections/{id}/images",
    {
      summary: "Add photos to an inspection (up to 8 in all; drivers: their own inspections)",
      access: FILE,
      params: uuidParams,
      form: imagesForm,
      response: inspectionDetailSchema,
      described: "Stored",
      middleware: [uploadLimit],
    },
    ({ actor, id, form }) => service.addImages(actor, id, asList(form.images)),
  );
  t.download(
    "/api/inspections/{id}/images/{imageId}",
    {
      summary: "A photo of an inspection, inline",
      params: imageParams,
      types: ["image/*"],
      described: "The photo",
      disposition: "inline",
      // Thumbnails shown over and over: the one download a private cache may keep for an hour.
      cacheControl: "private, max-age=3600",
    },
    ({ actor, params }) => service.image(actor, params.id, params.imageId),
  );
  return t.app;
}
