import { z } from "@hono/zod-openapi";
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
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createRatingsService } from "./ratings.service";
import { createScorecardsService } from "./scorecards.service";

const WRITE = "driverRatings:write";

export function driverRatingsRoutes(deps: Deps) {
  const ratings = createRatingsService(deps);
  const cards = createScorecardsService(deps);
  const t = routeTable({ tags: ["Driver ratings"], access: "driverRatings:read" });
  t.export(
    "/api/driver-ratings/export",
    { summary: "The filtered reviews as CSV or Excel", query: ratingExportQuerySchema },
    ({ query }) => ratings.export(query),
  );
  t.list(
    "/api/driver-ratings",
    {
      summary: "Reviews: ratings by driver and period (rating date), score, text search; sort and pages",
      query: ratingListQuerySchema,
      response: ratingPageSchema,
    },
    ({ query }) => ratings.list(query),
  );
  t.get("/api/driver-ratings/{id}", { summary: "One rating", response: ratingSchema }, ({ id }) =>
    ratings.get(id),
  );
  t.update(
    "/api/driver-ratings/{id}",
    {
      summary: "Change a rating's scores or comment (the driver's average follows)",
      access: WRITE,
      body: updateRatingSchema,
      response: ratingSchema,
    },
    ({ actor, id, body }) => ratings.update(actor, id, body),
  );
  t.remove(
    "/api/driver-ratings/{id}",
    { summary: "Remove a rating (the driver's average follows)", access: WRITE },
    ({ actor, id }) => ratings.remove(actor, id),
  );
  t.create(
    "/api/drivers/{id}/ratings",
    {
      summary:
        "Rate the driver on one of their completed loads: 1–5 for punctuality, communication, safety and care " +
        "of equipment, plus a comment. 400 for another driver's or an unfinished load, 409 RATING_EXISTS",
      access: WRITE,
      params: uuidParams,
      body: createRatingSchema,
      response: ratingSchema,
    },
    ({ actor, id, body }) => ratings.create(actor, id, body),
  );
  t.get(
    "/api/drivers/{id}/ratable-loads",
    {
      summary: "The driver's completed loads without a rating yet (latest 100)",
      access: WRITE,
      response: z.array(ratableLoadSchema),
    },
    ({ id }) => ratings.ratableLoads(id),
  );
  t.export(
    "/api/driver-scorecards/export",
    { summary: "The scorecards as CSV or Excel", query: scorecardExportQuerySchema },
    ({ query }) => cards.export(query),
  );
  t.list(
    "/api/driver-scorecards",
    {
      summary:
        "One row per driver over a period (default: this month): loads completed, on-time rate, rating, failed " +
        "inspections, citations and accidents",
      query: scorecardQuerySchema,
      response: scorecardPageSchema,
    },
    ({ query }) => cards.list(query),
  );
  return t.app;
}
