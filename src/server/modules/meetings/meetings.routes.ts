import {
  meetingInputSchema,
  meetingPageSchema,
  meetingQuerySchema,
  meetingSchema,
} from "@shared/meetings/meetings.schema";
import type { Deps } from "../../deps";
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createMeetingsService } from "./meetings.service";

export function meetingsRoutes(deps: Deps) {
  const service = createMeetingsService(deps);
  const t = routeTable({ tags: ["Meetings"], access: "meetings:manage" });
  t.list(
    "/api/meetings",
    {
      summary:
        "Upcoming meetings (soonest first) or past ones (latest first), searchable by topic or participant",
      query: meetingQuerySchema,
      response: meetingPageSchema,
    },
    ({ query }) => service.list(query),
  );
  t.create(
    "/api/meetings",
    {
      summary:
        "Schedule a meeting: topic, time, duration, participants by email, a link-based room (an unguessable room on MEETING_ROOM_URL), a pasted https link or a Zoom-type link made in the browser; each participant is emailed an .ics invitation; a reminder goes out before it",
      body: meetingInputSchema,
      response: meetingSchema,
      described: "Scheduled",
    },
    ({ actor, body }) => service.schedule(actor, body),
  );
  t.json(
    "post",
    "/api/meetings/{id}/cancel",
    {
      summary: "Cancel a meeting: each participant is emailed the cancellation (.ics METHOD:CANCEL)",
      conflict: "NOT_SCHEDULED: the meeting is already cancelled or over",
      params: uuidParams,
      response: meetingSchema,
    },
    ({ actor, id }) => service.cancel(actor, id),
  );
  t.download(
    "/api/meetings/{id}/invite.ics",
    {
      summary: "The meeting's invitation as an .ics file",
      types: ["text/calendar"],
      described: "The invitation",
    },
    async ({ id }) => ({
      contentType: "text/calendar; charset=utf-8",
      fileName: "invite.ics",
      body: await service.ics(id),
    }),
  );
  return t.app;
}
