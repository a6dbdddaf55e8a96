import { z } from "@hono/zod-openapi";
import { pageSchema } from "@shared/api/api.schema";
import {
  loadBoardItemSchema,
  loadBoardQuerySchema,
  loadInterestSchema,
  ONLY_DRIVERS_INTEREST_MESSAGE,
} from "@shared/loads/loads.schema";
import type { Deps } from "../../deps";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createLoadBoardService } from "./load-board.service";

export function loadBoardRoutes(deps: Deps) {
  const board = createLoadBoardService(deps);
  const t = routeTable({ tags: ["Load board"], access: "loadBoard:browse" });
  const interest = { access: "loadBoard:interest", forbiddenMessage: ONLY_DRIVERS_INTEREST_MESSAGE } as const;
  t.list(
    "/api/load-board",
    {
      summary:
        "Loads posted to the board (pending, unassigned): places, dates, miles and weight — no rates or customer",
      query: loadBoardQuerySchema,
      response: pageSchema(loadBoardItemSchema),
    },
    ({ actor, query: { page, pageSize, q } }) => board.list(actor, q, { page, pageSize }),
  );
  t.create(
    "/api/load-board/{id}/interest",
    {
      summary:
        "Show interest in a board load (once: 409 ALREADY_INTERESTED; 409 NOT_ON_BOARD); dispatch is notified",
      ...interest,
      params: uuidParams,
      response: loadBoardItemSchema,
      described: "Interest recorded",
    },
    ({ actor, id }) => board.showInterest(actor, id),
  );
  t.get(
    "/api/loads/{id}/interests",
    {
      summary:
        "Drivers interested in a board load, first come first, with where each is (last delivery), hours since and rating",
      access: "loadBoard:manage",
      response: z.array(loadInterestSchema),
    },
    ({ id }) => board.interests(id),
  );
  t.remove(
    "/api/load-board/{id}/interest",
    { summary: "Withdraw my interest in a load", ...interest },
    ({ actor, id }) => board.withdrawInterest(actor, id),
  );
  return t.app;
}
