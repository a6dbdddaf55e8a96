import { OpenAPIHono } from "@hono/zod-openapi";
import { announcementQuerySchema } from "@shared/announcements/announcement-query.schema";
import {
  announcementInputSchema,
  announcementPageSchema,
  announcementRecipientPageSchema,
  announcementSchema,
  peopleQuerySchema,
  peopleSchema,
  recipientQuerySchema,
} from "@shared/announcements/announcements.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createAnnouncementsService } from "./announcements.service";

const tags = ["Custom notifications"];
const MANAGE = "announcements:manage";

const list = defineRoute({
  method: "get",
  path: "/api/announcements",
  tags,
  summary: "Announcements (custom notifications): search, by status, by delivery time, with read counts",
  access: MANAGE,
  request: { query: announcementQuerySchema },
  responses: { 200: jsonContent(announcementPageSchema) },
});
const people = defineRoute({
  method: "get",
  path: "/api/announcements/people",
  tags,
  summary: "Active staff and drivers to choose as recipients, by name or email (20 at most)",
  access: MANAGE,
  request: { query: peopleQuerySchema },
  responses: { 200: jsonContent(peopleSchema) },
});
const create = defineRoute({
  method: "post",
  path: "/api/announcements",
  tags,
  summary:
    "Schedule an announcement: title, optional description, the time to deliver it (now or later, delivered by the job queue), audience (all staff, chosen roles, chosen people) and visible to drivers",
  access: MANAGE,
  request: { body: jsonBody(announcementInputSchema) },
  responses: { 201: jsonContent(announcementSchema, "Scheduled (or delivered, when its time is now)") },
});
const one = defineRoute({
  method: "get",
  path: "/api/announcements/{id}",
  tags,
  summary: "One announcement",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(announcementSchema) },
});
const update = defineRoute({
  method: "put",
  path: "/api/announcements/{id}",
  tags,
  summary: "Edit a scheduled announcement (409 once delivered or cancelled)",
  access: MANAGE,
  request: { params: uuidParams, body: jsonBody(announcementInputSchema) },
  responses: { 200: jsonContent(announcementSchema) },
});
const cancel = defineRoute({
  method: "post",
  path: "/api/announcements/{id}/cancel",
  tags,
  summary: "Cancel a scheduled announcement (409 once delivered)",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(announcementSchema) },
});
const recipients = defineRoute({
  method: "get",
  path: "/api/announcements/{id}/recipients",
  tags,
  summary: "Who received a delivered announcement and when each read it",
  access: MANAGE,
  request: { params: uuidParams, query: recipientQuerySchema },
  responses: { 200: jsonContent(announcementRecipientPageSchema) },
});

export function announcementsRoutes(deps: Deps) {
  const service = createAnnouncementsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await service.list(c.req.valid("query")), 200))
    .openapi(people, async (c) => c.json(await service.people(c.req.valid("query").q), 200))
    .openapi(create, async (c) => c.json(await service.create(actorOf(c), c.req.valid("json")), 201))
    .openapi(one, async (c) => c.json(await service.get(c.req.valid("param").id), 200))
    .openapi(update, async (c) =>
      c.json(await service.update(actorOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(cancel, async (c) => c.json(await service.cancel(actorOf(c), c.req.valid("param").id), 200))
    .openapi(recipients, async (c) =>
      c.json(await service.recipients(c.req.valid("param").id, c.req.valid("query")), 200),
    );
}
