import { OpenAPIHono, z } from "@hono/zod-openapi";
import { okSchema, pageSchema } from "@shared/api/api.schema";
import {
  loadBoardItemSchema,
  loadBoardQuerySchema,
  loadInterestSchema,
  ONLY_DRIVERS_INTEREST_MESSAGE,
} from "@shared/loads/loads.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import { createLoadBoardService } from "./load-board.service";

const tags = ["Load board"];

const list = defineRoute({
  method: "get",
  path: "/api/load-board",
  tags,
  summary:
    "Loads posted to the board (pending, unassigned): places, dates, miles and weight — no rates or customer",
  access: "loadBoard:browse",
  request: { query: loadBoardQuerySchema },
  responses: { 200: jsonContent(pageSchema(loadBoardItemSchema)) },
});
const showInterest = defineRoute({
  method: "post",
  path: "/api/load-board/{id}/interest",
  tags,
  summary:
    "Show interest in a board load (once: 409 ALREADY_INTERESTED; 409 NOT_ON_BOARD); dispatch is notified",
  access: "loadBoard:interest",
  forbiddenMessage: ONLY_DRIVERS_INTEREST_MESSAGE,
  request: { params: uuidParams },
  responses: { 201: jsonContent(loadBoardItemSchema, "Interest recorded") },
});
const withdrawInterest = defineRoute({
  method: "delete",
  path: "/api/load-board/{id}/interest",
  tags,
  summary: "Withdraw my interest in a load",
  access: "loadBoard:interest",
  forbiddenMessage: ONLY_DRIVERS_INTEREST_MESSAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(okSchema) },
});

const interests = defineRoute({
  method: "get",
  path: "/api/loads/{id}/interests",
  tags,
  summary:
    "Drivers interested in a board load, first come first, with where each is (last delivery), hours since and rating",
  access: "loadBoard:manage",
  request: { params: uuidParams },
  responses: { 200: jsonContent(z.array(loadInterestSchema)) },
});

export function loadBoardRoutes(deps: Deps) {
  const board = createLoadBoardService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => {
      const { page, pageSize, q } = c.req.valid("query");
      return c.json(await board.list(actorOf(c), q, { page, pageSize }), 200);
    })
    .openapi(showInterest, async (c) =>
      c.json(await board.showInterest(actorOf(c), c.req.valid("param").id), 201),
    )
    .openapi(interests, async (c) => c.json(await board.interests(c.req.valid("param").id), 200))
    .openapi(withdrawInterest, async (c) => {
      await board.withdrawInterest(actorOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    });
}
