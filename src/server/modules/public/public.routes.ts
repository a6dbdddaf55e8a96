import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import { LOAD_FILE_MAX_BYTES } from "@shared/loads/loads.schema";
import {
  bolLinkSchema,
  bolTokenParamsSchema,
  bolUploadResultSchema,
  PUBLIC_RATE_LIMITS,
  trackParamsSchema,
  trackResultSchema,
} from "@shared/public/public.schema";
import type { Deps } from "../../deps";
import type { AppEnv } from "../../http/context";
import { uploadBodyLimit, withMiddleware } from "../../http/files";
import { rateLimitedByAddress } from "../../http/rate-limited";
import { defineRoute, jsonContent } from "../../http/route";
import { createPublicService } from "./public.service";

type Bucket = keyof typeof PUBLIC_RATE_LIMITS;

const rateLimited = (deps: Deps, bucket: Bucket) =>
  rateLimitedByAddress(deps.db, bucket, PUBLIC_RATE_LIMITS[bucket]);

const trackDef = defineRoute({
  method: "get",
  path: "/api/public/track/{loadNumber}",
  tags: ["Public"],
  summary:
    "Delivery status by load number (case-insensitive): status, pickup and delivery city/date, last update. " +
    "404 LOAD_NOT_FOUND; rate-limited per client address",
  access: "public",
  request: { params: trackParamsSchema },
  responses: {
    200: jsonContent(trackResultSchema),
    404: jsonContent(apiErrorSchema, "No load has this number (LOAD_NOT_FOUND)"),
    429: jsonContent(apiErrorSchema, "Too many lookups from this address; see Retry-After"),
  },
});

const bolLinkDef = defineRoute({
  method: "get",
  path: "/api/public/bol-upload/{token}",
  tags: ["Public"],
  summary: "What an active BOL upload link is for (404 INVALID_LINK when unknown, expired or revoked)",
  access: "public",
  request: { params: bolTokenParamsSchema },
  responses: {
    200: jsonContent(bolLinkSchema),
    404: jsonContent(apiErrorSchema, "Unknown, expired or revoked link (INVALID_LINK)"),
  },
});

const fileField = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, {
    message: "Choose a file to upload.",
  })
  .openapi({ type: "string", format: "binary" });

const uploadDef = defineRoute({
  method: "post",
  path: "/api/public/bol-upload/{token}",
  tags: ["Public"],
  summary:
    "Upload a bill of lading (PDF or image, checked by content) through a public link; dispatch is notified. " +
    "404 INVALID_LINK, 413 too large, 415 not a PDF or image",
  access: "public",
  request: {
    params: bolTokenParamsSchema,
    body: {
      required: true,
      content: { "multipart/form-data": { schema: z.object({ file: fileField }) } },
    },
  },
  responses: {
    201: jsonContent(bolUploadResultSchema, "Stored on the load"),
    404: jsonContent(apiErrorSchema, "Unknown, expired or revoked link (INVALID_LINK)"),
    413: jsonContent(apiErrorSchema, "Larger than the upload limit"),
    415: jsonContent(apiErrorSchema, "Not a PDF or an image"),
  },
});

export function publicRoutes(deps: Deps) {
  const service = createPublicService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(withMiddleware(trackDef, rateLimited(deps, "track")), async (c) =>
      c.json(await service.track(c.req.valid("param").loadNumber), 200),
    )
    .openapi(withMiddleware(bolLinkDef, rateLimited(deps, "bolLink")), async (c) =>
      c.json(await service.bolLink(c.req.valid("param").token), 200),
    )
    .openapi(
      withMiddleware(uploadDef, rateLimited(deps, "bolUpload"), uploadBodyLimit(LOAD_FILE_MAX_BYTES)),
      async (c) => c.json(await service.uploadBol(c.req.valid("param").token, c.req.valid("form").file), 201),
    );
}
