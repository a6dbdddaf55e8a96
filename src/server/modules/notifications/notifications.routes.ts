import { OpenAPIHono, z } from "@hono/zod-openapi";
import { can } from "@shared/access";
import { notificationQuerySchema } from "@shared/notifications/notification-query.schema";
import {
  type Notification,
  notificationPageSchema,
  notificationSchema,
  STREAM_HEARTBEAT_MS,
  unreadCountSchema,
} from "@shared/notifications/notifications.schema";
import { streamSSE } from "hono/streaming";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { defineRoute, jsonContent, uuidParams } from "../../http/route";
import { onDrain } from "../../platform/lifecycle/drain";
import { AUTH_CHANGED_CHANNEL } from "../auth/session";
import { createChatService } from "../chat/chat.service";
import { createNotificationsService } from "./notifications.service";

const tags = ["Notifications"];
const READ = "notifications:read";
/** The channel migration 0024's trigger announces every stored notification on. */
export const NOTIFICATIONS_CHANNEL = "lms_notifications";
/** The channel migration 0025's triggers announce chat messages and reads on. */
export const CHAT_CHANNEL = "lms_chat";

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
    "Server-sent events for the signed-in user: `notification` events (the event id is the notification's, so a reconnect with Last-Event-ID replays what it missed), `chat` events for conversations the user may open (a new message, or the other side read it; a reconnect's `ready` tells the page to fetch again), a heartbeat comment every 25 s; fed by PostgreSQL LISTEN/NOTIFY, so a notification stored by any instance arrives on every instance; the stream ends when the session is signed out, expires or the user is disabled",
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    .openapi(events, (c) => {
      const actor = actorOf(c);
      const lastId = c.req.header("last-event-id") ?? c.req.valid("query").lastEventId ?? "";
      const replayFrom = UUID.test(lastId) ? lastId : undefined;
      return streamSSE(c, async (stream) => {
        let open = true;
        let replaying = true;
        const pending: string[] = [];
        const sent = new Set<string>();
        const write = (n: Notification) =>
          stream.writeSSE({ id: n.id, event: "notification", data: JSON.stringify(n) });
        const deliver = async (id: string) => {
          if (!open || sent.has(id)) return;
          sent.add(id);
          // After a reconnect, a late announcement of something the browser already had is skipped.
          const n = await service.one(actor, id, replayFrom);
          if (n && open) await write(n);
        };
        let offDrain = () => {};
        const stop = () => {
          if (!open) return;
          open = false;
          offDrain();
          offNotes();
          offChat();
          offAuth();
          void stream.close();
        };
        // Listen first, then replay: a notification stored in between is sent once, after the replay.
        const offNotes = deps.events.listen(NOTIFICATIONS_CHANNEL, (payload) => {
          const [recipient, id] = payload.split(" ");
          if (recipient !== actor.userId || !id) return;
          if (replaying) pending.push(id);
          else void deliver(id);
        });
        const chats = can(actor, "chat:use");
        const offChat = deps.events.listen(CHAT_CHANNEL, (payload) => {
          const [driverId, kind, messageId] = payload.split(" ");
          if (!chats || !driverId || !open) return;
          void chat
            .event(actor, driverId, kind === "message" ? (messageId ?? null) : null)
            .then((event) =>
              event && open ? stream.writeSSE({ event: "chat", data: JSON.stringify(event) }) : undefined,
            )
            .catch(() => {});
        });
        const offAuth = deps.events.listen(AUTH_CHANGED_CHANNEL, (userId) => {
          if (userId !== actor.userId) return;
          void service.sessionHolds(actor).then((holds) => holds || stop());
        });
        stream.onAbort(stop);
        // A draining instance (shutting down) ends the stream: the browser reconnects to another one.
        offDrain = onDrain(stop);
        await stream.writeSSE({ event: "ready", data: "{}", retry: 3000 });
        if (UUID.test(lastId))
          for (const n of await service.since(actor, lastId))
            if (!sent.has(n.id)) {
              sent.add(n.id);
              await write(n);
            }
        replaying = false;
        for (const id of pending.splice(0)) await deliver(id);
        while (open) {
          await stream.sleep(STREAM_HEARTBEAT_MS);
          if (!open) break;
          if (!(await service.sessionHolds(actor))) break;
          await stream.write(": heartbeat\n\n");
        }
        stop();
      });
    });
}
