import { OpenAPIHono, z } from "@hono/zod-openapi";
import { can } from "@shared/access";
import { notificationQuerySchema } from "@shared/notifications/notification-query.schema";
import {
  notificationPageSchema,
  notificationSchema,
  unreadCountSchema,
} from "@shared/notifications/notifications.schema";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import { createChatService } from "../chat/chat.service";
import { eventStream } from "./event-stream";
import { createNotificationsService } from "./notifications.service";

const tags = ["Notifications"];
const READ = "notifications:read";

const list = defineRoute({
  method: "get",
  path: "/api/notifications",
  tags,
  summary: "The caller's notifications, newest first (`unread=true`: the unread ones), with the unread count",
  access: READ,
  request: { query: notificationQuerySchema },
  responses: { 200: jsonContent(notificationPageSchema) },
});
const unread = defineRoute({
  method: "get",
  path: "/api/notifications/unread-count",
  tags,
  summary: "How many of the caller's notifications are unread (the bell)",
  access: READ,
  responses: { 200: jsonContent(unreadCountSchema) },
});
const markRead = defineRoute({
  method: "post",
  path: "/api/notifications/{id}/read",
  tags,
  summary: "Mark one of the caller's notifications as read (someone else's answers 404)",
  access: READ,
  request: { params: uuidParams },
  responses: { 200: jsonContent(notificationSchema) },
});
const markAllRead = defineRoute({
  method: "post",
  path: "/api/notifications/read-all",
  tags,
  summary: "Mark every one of the caller's notifications as read",
  access: READ,
  responses: { 200: jsonContent(unreadCountSchema) },
});
const events = defineRoute({
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
});

export function notificationsRoutes(deps: Deps) {
  const service = createNotificationsService(deps);
  const chat = createChatService(deps);
  return new OpenAPIHono<AppEnv>()
    .openapi(list, async (c) => c.json(await service.list(actorOf(c), c.req.valid("query")), 200))
    .openapi(unread, async (c) => {
      const actor = actorOf(c);
      const [mine, messages] = await Promise.all([
        service.unreadCount(actor),
        can(actor, "chat:use") ? chat.unread(actor) : null,
      ]);
      return c.json({ ...mine, ...(messages ? { chat: messages.unread } : {}) }, 200);
    })
    .openapi(markAllRead, async (c) => c.json(await service.markAllRead(actorOf(c)), 200))
    .openapi(markRead, async (c) => c.json(await service.markRead(actorOf(c), c.req.valid("param").id), 200))
    .openapi(events, (c) =>
      eventStream(deps, c, READ, c.req.valid("query").lastEventId, { notifications: service, chat }),
    );
}
