import { can } from "@shared/access";
import { type Notification, STREAM_HEARTBEAT_MS } from "@shared/notifications/notifications.schema";
import { POSITIONS_CHANNEL } from "@shared/tracking/tracking.constants";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { Deps } from "../../deps";
import { type AppEnv, actorOf } from "../../http/context";
import { type OperationAccess, refusal } from "../../http/route";
import { nearestCity } from "../../platform/geo/gazetteer";
import { onDrain } from "../../platform/lifecycle/drain";
import { AUTH_CHANGED_CHANNEL, currentActor, sessionViewChanged } from "../auth/session";
import type { ChatService } from "../chat/chat.service";
import type { NotificationsService } from "./notifications.service";

/** The channel migration 0024's trigger announces every stored notification on. */
export const NOTIFICATIONS_CHANNEL = "lms_notifications";
/** The channel migration 0025's triggers announce chat messages and reads on. */
export const CHAT_CHANNEL = "lms_chat";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /api/events`: the signed-in user's notifications and chat, live (decision 028).
 *
 * The stream answers to the same rights as every other request, at once (issue 38): whenever the
 * user's session, user, role, permissions or two-factor rule changes (`lms_auth_changed`, announced by
 * the triggers of decision 016 and the permissions editor's), the stream resolves its session again
 * as a request would. A session that no longer resolves, or may no longer open the stream, ends it;
 * otherwise what follows is sent for the new actor (chat only while they may chat, and only the
 * conversations their new scope opens). When the session still resolves but reads differently, a
 * `session` event tells the browser to fetch `/api/me` again, so its menus and guarded screens change
 * without a navigation.
 *
 * Everything announced is handled one at a time in the order PostgreSQL delivered it: a re-check is
 * applied before a message announced after the change is looked at.
 */
export function eventStream(
  deps: Deps,
  c: Context<AppEnv>,
  access: OperationAccess,
  lastEventId: string | undefined,
  services: { notifications: NotificationsService; chat: ChatService },
) {
  const { notifications, chat } = services;
  let actor = actorOf(c);
  const headers = c.req.raw.headers;
  const lastId = c.req.header("last-event-id") ?? lastEventId ?? "";
  const replayFrom = UUID.test(lastId) ? lastId : undefined;

  return streamSSE(c, async (stream) => {
    let open = true;
    const sent = new Set<string>();
    const offs: (() => void)[] = [];
    const stop = () => {
      if (!open) return;
      open = false;
      for (const off of offs.splice(0)) off();
      void stream.close();
    };
    let queue: Promise<unknown> = Promise.resolve();
    const inOrder = (task: () => Promise<unknown>) => {
      queue = queue.then(() => (open ? task() : undefined)).catch(() => {});
    };
    const write = (n: Notification) => {
      sent.add(n.id);
      return stream.writeSSE({ id: n.id, event: "notification", data: JSON.stringify(n) });
    };

    /** Resolves the session again; ends the stream or switches to the new actor. */
    const recheck = async () => {
      const now = await currentActor(deps, headers, actor.ip);
      if (!open) return;
      // Gone (signed out, revoked, expired, disabled): the stream ends without a word. The page that
      // signed out or left an impersonation is changing its own cookie, and a refetch of the session
      // now could still carry the old one; any other page learns it at its next request.
      if (!now) return stop();
      const changed = sessionViewChanged(actor, now);
      actor = now;
      // Told before the stream ends too: a role that must now set up two-factor sign-in goes there.
      if (changed) await stream.writeSSE({ event: "session", data: "{}" });
      if (refusal(access, now)) stop();
    };

    // Listen first, then replay: a notification stored in between is sent once, after the replay.
    offs.push(
      deps.events.listen(NOTIFICATIONS_CHANNEL, (payload) => {
        const [recipient, id] = payload.split(" ");
        if (recipient !== actor.userId || !id) return;
        inOrder(async () => {
          if (sent.has(id)) return;
          // After a reconnect, a late announcement of something the browser already had is skipped.
          const n = await notifications.one(actor, id, replayFrom);
          if (n && open) await write(n);
        });
      }),
      deps.events.listen(CHAT_CHANNEL, (payload) => {
        const [driverId, kind, messageId] = payload.split(" ");
        if (!driverId) return;
        inOrder(async () => {
          if (!can(actor, "chat:use")) return;
          const event = await chat.event(actor, driverId, kind === "message" ? (messageId ?? null) : null);
          if (event && open) await stream.writeSSE({ event: "chat", data: JSON.stringify(event) });
        });
      }),
      // A truck moved (issue 40): the payload is the stream's own (streamPositionSchema), written by the
      // ingest statement, so nothing is read per event; only who may see the map gets it.
      deps.events.listen(POSITIONS_CHANNEL, (payload) => {
        inOrder(async () => {
          if (can(actor, "tracking:view") && open)
            await stream.writeSSE({ event: "position", data: withPlace(payload) });
        });
      }),
      deps.events.listen(AUTH_CHANGED_CHANNEL, (userId) => {
        if (userId === actor.userId || userId === actor.impersonator?.id) inOrder(recheck);
      }),
      // Announcements may have been lost while the events connection was down.
      deps.events.onReset(() => inOrder(recheck)),
      // A draining instance (shutting down) ends the stream: the browser reconnects to another one.
      onDrain(stop),
    );
    stream.onAbort(stop);

    inOrder(async () => {
      // "ready" promises that what is announced from now on arrives: on an instance whose events
      // connection is still starting (or has just been asked for these channels) it waits for LISTEN.
      await deps.events.listening();
      await stream.writeSSE({ event: "ready", data: "{}", retry: 3000 });
      if (replayFrom)
        for (const n of await notifications.since(actor, replayFrom)) if (!sent.has(n.id)) await write(n);
    });
    while (open) {
      await stream.sleep(STREAM_HEARTBEAT_MS);
      if (!open) break;
      // A safety net: the session's own expiry (or an impersonation's cap) is announced by no one.
      inOrder(recheck);
      await queue;
      if (open) await stream.write(": heartbeat\n\n");
    }
    stop();
  });
}

/**
 * A position event with the city it is near ("Joliet, IL"), as the map's own rows name it: added
 * here, in memory (the gazetteer), once per announcement — every open stream gets the same payload
 * one after another.
 */
let lastPayload = "";
let lastNamed = "";
function withPlace(payload: string): string {
  if (payload === lastPayload) return lastNamed;
  let named = payload;
  try {
    const p = JSON.parse(payload) as { lat: number; lon: number };
    named = JSON.stringify({ ...p, place: nearestCity(p.lat, p.lon)?.label ?? null });
  } catch {
    // Not ours to fix here: the browser's parser reports it.
  }
  lastPayload = payload;
  lastNamed = named;
  return named;
}
