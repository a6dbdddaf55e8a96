import { OpenAPIHono, z } from "@hono/zod-openapi";
import { apiErrorSchema } from "@shared/api/api.schema";
import { LOAD_FILE_MAX_BYTES } from "@shared/loads/loads.schema";
import {
  bolLinkSchema,
  bolTokenParamsSchema,
  bolUploadResultSchema,
  PUBLIC_RATE_LIMITS,
  trackParamsSchema,
  trackQuerySchema,
  trackResultSchema,
} from "@shared/public/public.schema";
import { trackingTokenParamsSchema, trackingViewSchema } from "@shared/public/tracking.schema";
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
    "Delivery status by load number (case-insensitive): the status and the day only (`view: status`). " +
    "With `check` = the delivery ZIP/postal code or a PO or BOL number of the load (case, spaces and dashes " +
    "ignored): cities, dates and last update (`view: full`); a wrong check answers like none. " +
    "404 LOAD_NOT_FOUND; rate-limited per client address",
  access: "public",
  request: { params: trackParamsSchema, query: trackQuerySchema },
  responses: {
    200: jsonContent(trackResultSchema),
    400: jsonContent(apiErrorSchema, "The check is longer than 60 characters"),
    404: jsonContent(apiErrorSchema, "No load has this number (LOAD_NOT_FOUND)"),
    429: jsonContent(apiErrorSchema, "Too many lookups from this address; see Retry-After"),
  },
});

const trackingDef = defineRoute({
  method: "get",
  path: "/api/public/tracking/{token}",
  tags: ["Public"],
  summary:
    "A private tracking link's page: the load's status, cities, dates and last update, and when the link " +
    "ends. 404 TRACKING_LINK_EXPIRED for an unknown, revoked, replaced or expired link; rate-limited per address",
  access: "public",
  request: { params: trackingTokenParamsSchema },
  responses: {
    200: jsonContent(trackingViewSchema),
    404: jsonContent(apiErrorSchema, "Unknown, revoked, replaced or expired link (TRACKING_LINK_EXPIRED)"),
    429: jsonContent(apiErrorSchema, "Too many requests from this address; see Retry-After"),
  },
});

const bolLinkDef = defineRoute({
  method: "get",
  path: "/api/public/bol-upload/{token}",
  tags: ["Public"],
  summary: "What an active BOL upload link is for (404 INVALID_LINK when unknown, expired or revoked)",
  access: "public",
  rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
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
  rateLimited: "RATE_LIMITED: too many uploads from this address; see Retry-After",
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
      c.json(await service.track(c.req.valid("param").loadNumber, c.req.valid("query").check), 200),
    )
    .openapi(withMiddleware(trackingDef, rateLimited(deps, "tracking")), async (c) =>
      c.json(await service.tracking(c.req.valid("param").token), 200),
    )
    .openapi(withMiddleware(bolLinkDef, rateLimited(deps, "bolLink")), async (c) =>
      c.json(await service.bolLink(c.req.valid("param").token), 200),
    )
    .openapi(
      withMiddleware(uploadDef, rateLimited(deps, "bolUpload"), uploadBodyLimit(LOAD_FILE_MAX_BYTES)),
      async (c) => c.json(await service.uploadBol(c.req.valid("param").token, c.req.valid("form").file), 201),
    );
}
