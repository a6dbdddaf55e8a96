import { z } from "@hono/zod-openapi";
import { can } from "@shared/access";
import { notificationQuerySchema } from "@shared/notifications/notification-query.schema";
import {
  notificationPageSchema,
  notificationSchema,
  unreadCountSchema,
} from "@shared/notifications/notifications.schema";
import type { Deps } from "../../deps";
import { defineRoute, uuidParams } from "../../http/route";
import { routeTable } from "../../http/route-table";
import { createChatService } from "../chat/chat.service";
import { eventStream } from "./event-stream";
import { createNotificationsService } from "./notifications.service";

const tags = ["Notifications"];
const READ = "notifications:read";

export function notificationsRoutes(deps: Deps) {
  const service = createNotificationsService(deps);
  const chat = createChatService(deps);
  const t = routeTable({ tags, access: READ });
  t.list(
    "/api/notifications",
    {
      summary:
        "The caller's notifications, newest first (`unread=true`: the unread ones), with the unread count",
      query: notificationQuerySchema,
      response: notificationPageSchema,
    },
    ({ actor, query }) => service.list(actor, query),
  );
  t.list(
    "/api/notifications/unread-count",
    { summary: "How many of the caller's notifications are unread (the bell)", response: unreadCountSchema },
    async ({ actor }) => {
      const [mine, messages] = await Promise.all([
        service.unreadCount(actor),
        can(actor, "chat:use") ? chat.unread(actor) : null,
      ]);
      return { ...mine, ...(messages ? { chat: messages.unread } : {}) };
    },
  );
  t.json(
    "post",
    "/api/notifications/read-all",
    { summary: "Mark every one of the caller's notifications as read", response: unreadCountSchema },
    ({ actor }) => service.markAllRead(actor),
  );
  t.json(
    "post",
    "/api/notifications/{id}/read",
    {
      summary: "Mark one of the caller's notifications as read (someone else's answers 404)",
      params: uuidParams,
      response: notificationSchema,
    },
    ({ actor, id }) => service.markRead(actor, id),
  );
  // A stream of server-sent events: no shape fits.
  t.route(
    defineRoute({
      method: "get",
      path: "/api/events",
      tags,
      summary:
        "Server-sent events for the signed-in user: `notification` events (the event id is the notification's, so a reconnect with Last-Event-ID replays what it missed), `chat` events for conversations the user may open (a new message, or the other side read it; a reconnect's `ready` tells the page to fetch again), a heartbeat comment every 25 s; fed by PostgreSQL LISTEN/NOTIFY, so a notification stored by any instance arrives on every instance; whenever the user's session, role, permissions or two-factor rule changes the stream checks the session again as a request would: a `session` event tells the page to fetch /api/me again, and the stream ends when the session is signed out, revoked, expires, the user is disabled or may no longer open it, and otherwise goes on for the user as they are now (chat only while they may use it)",
      access: READ,
      request: {
        query: z.object({
          lastEventId: z.string().max(64).optional().openapi({
            description:
              "The last event id a browser tab had, for a new stream another tab takes over (a reconnect sends the Last-Event-ID header)",
          }),
        }),
      },
      responses: {
        200: {
          description: "text/event-stream",
          content: { "text/event-stream": { schema: z.string().openapi({ type: "string" }) } },
        },
      },
    }),
    (c) => eventStream(deps, c, READ, c.req.valid("query").lastEventId, { notifications: service, chat }),
  );
  return t.app;
}
