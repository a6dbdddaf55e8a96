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
import { uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createAnnouncementsService } from "./announcements.service";

export function announcementsRoutes(deps: Deps) {
  const service = createAnnouncementsService(deps);
  const t = routeTable({ tags: ["Custom notifications"], access: "announcements:manage" });
  t.list(
    "/api/announcements",
    {
      summary: "Announcements (custom notifications): search, by status, by delivery time, with read counts",
      query: announcementQuerySchema,
      response: announcementPageSchema,
    },
    ({ query }) => service.list(query),
  );
  t.list(
    "/api/announcements/people",
    {
      summary: "Active staff and drivers to choose as recipients, by name or email (20 at most)",
      query: peopleQuerySchema,
      response: peopleSchema,
    },
    ({ query }) => service.people(query.q),
  );
  t.create(
    "/api/announcements",
    {
      summary:
        "Schedule an announcement: title, optional description, the time to deliver it (now or later, delivered by the job queue), audience (all staff, chosen roles, chosen people) and visible to drivers",
      body: announcementInputSchema,
      response: announcementSchema,
      described: "Scheduled (or delivered, when its time is now)",
    },
    ({ actor, body }) => service.create(actor, body),
  );
  t.get("/api/announcements/{id}", { summary: "One announcement", response: announcementSchema }, ({ id }) =>
    service.get(id),
  );
  t.update(
    "/api/announcements/{id}",
    {
      summary: "Edit a scheduled announcement (409 once delivered or cancelled)",
      body: announcementInputSchema,
      response: announcementSchema,
    },
    ({ actor, id, body }) => service.update(actor, id, body),
  );
  t.json(
    "post",
    "/api/announcements/{id}/cancel",
    {
      summary: "Cancel a scheduled announcement (409 once delivered)",
      params: uuidParams,
      response: announcementSchema,
    },
    ({ actor, id }) => service.cancel(actor, id),
  );
  t.get(
    "/api/announcements/{id}/recipients",
    {
      summary: "Who received a delivered announcement and when each read it",
      query: recipientQuerySchema,
      response: announcementRecipientPageSchema,
    },
    ({ id, query }) => service.recipients(id, query),
  );
  return t.app;
}
