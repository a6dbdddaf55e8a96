import { z } from "@hono/zod-openapi";
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
import { uploadBodyLimit } from "../../http/files";
import { rateLimitedByAddress } from "../../http/rate-limited";
import { jsonContent } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createPublicService } from "./public.service";

type Bucket = keyof typeof PUBLIC_RATE_LIMITS;

const rateLimited = (deps: Deps, bucket: Bucket) =>
  rateLimitedByAddress(deps.db, bucket, PUBLIC_RATE_LIMITS[bucket]);

const fileField = z
  .custom<File>((v) => typeof File !== "undefined" && v instanceof File, {
    message: "Choose a file to upload.",
  })
  .openapi({ type: "string", format: "binary" });

export function publicRoutes(deps: Deps) {
  const service = createPublicService(deps);
  const t = routeTable({ tags: ["Public"], access: "public" });
  t.get(
    "/api/public/track/{loadNumber}",
    {
      summary:
        "Delivery status by load number (case-insensitive): the status and the day only (`view: status`). " +
        "With `check` = the delivery ZIP/postal code or a PO or BOL number of the load (case, spaces and dashes " +
        "ignored): cities, dates and last update (`view: full`); a wrong check answers like none. " +
        "404 LOAD_NOT_FOUND; rate-limited per client address",
      params: trackParamsSchema,
      query: trackQuerySchema,
      response: trackResultSchema,
      responses: {
        400: jsonContent(apiErrorSchema, "The check is longer than 60 characters"),
        404: jsonContent(apiErrorSchema, "No load has this number (LOAD_NOT_FOUND)"),
        429: jsonContent(apiErrorSchema, "Too many lookups from this address; see Retry-After"),
      },
      middleware: [rateLimited(deps, "track")],
    },
    ({ params, query }) => service.track(params.loadNumber, query.check),
  );
  t.get(
    "/api/public/tracking/{token}",
    {
      summary:
        "A private tracking link's page: the load's status, cities, dates and last update, and when the link " +
        "ends; while the load is in progress (and up to 24 h after its delivery) the truck's position coarsened to " +
        "the nearest city, the ETA and the next stop's city, never the driver. 404 TRACKING_LINK_EXPIRED for an " +
        "unknown, revoked, replaced or expired link; rate-limited per address",
      params: trackingTokenParamsSchema,
      response: trackingViewSchema,
      responses: {
        404: jsonContent(
          apiErrorSchema,
          "Unknown, revoked, replaced or expired link (TRACKING_LINK_EXPIRED)",
        ),
        429: jsonContent(apiErrorSchema, "Too many requests from this address; see Retry-After"),
      },
      middleware: [rateLimited(deps, "tracking")],
    },
    ({ params }) => service.tracking(params.token),
  );
  t.get(
    "/api/public/bol-upload/{token}",
    {
      summary: "What an active BOL upload link is for (404 INVALID_LINK when unknown, expired or revoked)",
      rateLimited: "RATE_LIMITED: too many requests from this address; see Retry-After",
      params: bolTokenParamsSchema,
      response: bolLinkSchema,
      responses: { 404: jsonContent(apiErrorSchema, "Unknown, expired or revoked link (INVALID_LINK)") },
      middleware: [rateLimited(deps, "bolLink")],
    },
    ({ params }) => service.bolLink(params.token),
  );
  // Not `upload`, whose size limit comes before other middleware: here the address's budget is checked first.
  t.json(
    "post",
    "/api/public/bol-upload/{token}",
    {
      summary:
        "Upload a bill of lading (PDF or image, checked by content) through a public link; dispatch is notified. " +
        "404 INVALID_LINK, 413 too large, 415 not a PDF or image",
      rateLimited: "RATE_LIMITED: too many uploads from this address; see Retry-After",
      params: bolTokenParamsSchema,
      form: z.object({ file: fileField }),
      response: bolUploadResultSchema,
      status: 201,
      described: "Stored on the load",
      responses: {
        404: jsonContent(apiErrorSchema, "Unknown, expired or revoked link (INVALID_LINK)"),
        413: jsonContent(apiErrorSchema, "Larger than the upload limit"),
        415: jsonContent(apiErrorSchema, "Not a PDF or an image"),
      },
      middleware: [rateLimited(deps, "bolUpload"), uploadBodyLimit(LOAD_FILE_MAX_BYTES)],
    },
    ({ params, form }) => service.uploadBol(params.token, form.file),
  );
  return t.app;
}
