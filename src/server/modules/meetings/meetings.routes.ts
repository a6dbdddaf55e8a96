import { OpenAPIHono } from "@hono/zod-openapi";
import {
  meetingInputSchema,
  meetingPageSchema,
  meetingQuerySchema,
  meetingSchema,
} from "@shared/meetings/meetings.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { binary, fileResponse } from "../../http/files";
import { defineRoute, jsonBody, jsonContent, uuidParams } from "../../http/route";
import { createMeetingsService } from "./meetings.service";

const tags = ["Meetings"];
const MANAGE = "meetings:manage";

const list = defineRoute({
  method: "get",
  path: "/api/meetings",
  tags,
  summary:
    "Upcoming meetings (soonest first) or past ones (latest first), searchable by topic or participant",
  access: MANAGE,
  request: { query: meetingQuerySchema },
  responses: { 200: jsonContent(meetingPageSchema) },
});
const schedule = defineRoute({
  method: "post",
  path: "/api/meetings",
  tags,
  summary:
    "Schedule a meeting: topic, time, duration, participants by email, a link-based room (an unguessable room on MEETING_ROOM_URL), a pasted https link or a Zoom-type link made in the browser; each participant is emailed an .ics invitation; a reminder goes out before it",
  access: MANAGE,
  request: { body: jsonBody(meetingInputSchema) },
  responses: { 201: jsonContent(meetingSchema, "Scheduled") },
});
const cancel = defineRoute({
  method: "post",
  path: "/api/meetings/{id}/cancel",
  tags,
  summary: "Cancel a meeting: each participant is emailed the cancellation (.ics METHOD:CANCEL)",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: jsonContent(meetingSchema) },
});
const ics = defineRoute({
  method: "get",
  path: "/api/meetings/{id}/invite.ics",
  tags,
  summary: "The meeting's invitation as an .ics file",
  access: MANAGE,
  request: { params: uuidParams },
  responses: { 200: binary(["text/calendar"], "The invitation") },
});

export function meetingsRoutes(deps: Deps) {
  const service = createMeetingsService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await service.list(c.req.valid("query")), 200))
    .openapi(schedule, async (c) => c.json(await service.schedule(actorOf(c), c.req.valid("json")), 201))
    .openapi(cancel, async (c) => c.json(await service.cancel(actorOf(c), c.req.valid("param").id), 200))
    .openapi(ics, async (c) =>
      fileResponse(c, {
        contentType: "text/calendar; charset=utf-8",
        fileName: "invite.ics",
        body: await service.ics(c.req.valid("param").id),
      }),
    );
}
