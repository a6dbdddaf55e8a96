import { OpenAPIHono, z } from "@hono/zod-openapi";
import { okSchema } from "@shared/api/api.schema";
import {
  createRatingSchema,
  ratableLoadSchema,
  ratingExportQuerySchema,
  ratingListQuerySchema,
  ratingPageSchema,
  ratingSchema,
  scorecardExportQuerySchema,
  scorecardPageSchema,
  scorecardQuerySchema,
  updateRatingSchema,
} from "@shared/drivers/ratings.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createRatingsService } from "./ratings.service";
import { createScorecardsService } from "./scorecards.service";

const tags = ["Driver ratings"];
const READ = "driverRatings:read";
const WRITE = "driverRatings:write";
const SHEETS = binary(
  ["text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  "The file",
);

const list = defineRoute({
  method: "get",
  path: "/api/driver-ratings",
  tags,
  summary: "Reviews: ratings by driver and period (rating date), score, text search; sort and pages",
  access: READ,
  request: { query: ratingListQuerySchema },
  responses: { 200: jsonContent(ratingPageSchema) },
});
const exportList = defineRoute({
  method: "get",
  path: "/api/driver-ratings/export",
  tags,
  summary: "The filtered reviews as CSV or Excel",
  access: READ,
  request: { query: ratingExportQuerySchema },
  responses: { 200: SHEETS },
});
const get = defineRoute({
  method: "get",
  path: "/api/driver-ratings/{id}",
  tags,
  summary: "One rating",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(ratingSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/driver-ratings/{id}",
  tags,
  summary: "Change a rating's scores or comment (the driver's average follows)",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(updateRatingSchema) },
  responses: { 200: jsonContent(ratingSchema) },
});
const remove = defineRoute({
  method: "delete",
  path: "/api/driver-ratings/{id}",
  tags,
  summary: "Remove a rating (the driver's average follows)",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});
const rate = defineRoute({
  method: "post",
  path: "/api/drivers/{id}/ratings",
  tags,
  summary:
    "Rate the driver on one of their completed loads: 1–5 for punctuality, communication, safety and care " +
    "of equipment, plus a comment. 400 for another driver's or an unfinished load, 409 RATING_EXISTS",
  access: WRITE,
  request: { params: uuidParams, body: jsonBody(createRatingSchema) },
  responses: { 201: jsonContent(ratingSchema, "Created") },
});
const ratable = defineRoute({
  method: "get",
  path: "/api/drivers/{id}/ratable-loads",
  tags,
  summary: "The driver's completed loads without a rating yet (latest 100)",
  access: WRITE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(z.array(ratableLoadSchema)) },
});
const scorecards = defineRoute({
  method: "get",
  path: "/api/driver-scorecards",
  tags,
  summary:
    "One row per driver over a period (default: this month): loads completed, on-time rate, rating, failed " +
    "inspections, citations and accidents",
  access: READ,
  request: { query: scorecardQuerySchema },
  responses: { 200: jsonContent(scorecardPageSchema) },
});
const exportScorecards = defineRoute({
  method: "get",
  path: "/api/driver-scorecards/export",
  tags,
  summary: "The scorecards as CSV or Excel",
  access: READ,
  request: { query: scorecardExportQuerySchema },
  responses: { 200: SHEETS },
});

export function driverRatingsRoutes(deps: Deps) {
  const ratings = createRatingsService(deps);
  const cards = createScorecardsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(exportList, async (c) => {
      const out = await ratings.export(c.req.valid("query"));
      return fileResponse(c, out);
    })
    .openapi(list, async (c) => c.json(await ratings.list(c.req.valid("query")), 200))
    .openapi(get, async (c) => c.json(await ratings.get(c.req.valid("param").id), 200))
    .openapi(update, async (c) =>
      c.json(await ratings.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(remove, async (c) => {
      await ratings.remove(actorOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    })
    .openapi(rate, async (c) =>
      c.json(await ratings.create(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
    )
    .openapi(ratable, async (c) => c.json(await ratings.ratableLoads(c.req.valid("param").id), 200))
    .openapi(exportScorecards, async (c) => {
      const out = await cards.export(c.req.valid("query"));
      return fileResponse(c, out);
    })
    .openapi(scorecards, async (c) => c.json(await cards.list(c.req.valid("query")), 200));
}
