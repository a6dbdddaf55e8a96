import { ROUTES } from "@shared/access";
import type { ChatEvent } from "@shared/chat/chat.schema";
import type { Notification } from "@shared/notifications/notifications.schema";
import type { StreamPosition } from "@shared/tracking/tracking.schema";
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { NavigateFunction } from "react-router";
import { meQueryKey } from "../../../lib/session";
import { notify } from "../../../lib/toast";
import { applyChatEvent } from "../../chat/api/chat-live";
import { applyPositionEvent, refetchMapsAfterGap } from "../../tracking/api/tracking-live";
import { notificationWords } from "../notification-words";

/**
 * One events stream per browser, shared between its tabs (browsers cap connections per origin): the
 * tab holding the Web Lock `lms-events` opens `/api/events` and passes each event to the other tabs
 * over a BroadcastChannel; when it closes, the next tab waiting for the lock takes over, asking the
 * server for the notifications after the last one any tab saw. Without Web Locks (old browsers)
 * every tab opens its own stream.
 */
const LOCK = "lms-events";
const CHANNEL = "lms-events";
/** After the server refused a reconnect (a deployment, a proxy's error page), try again this much later. */
const RETRY_MS = 30_000;

/**
 * What the leading tab passes on: a notification, a chat event, "(re)connected — fetch again", or
 * "your session changed" (a role, permission, sign-out elsewhere…: fetch the app user again).
 */
type Relayed =
  | { type: "notification"; notification: Notification }
  | { type: "chat"; event: ChatEvent }
  | { type: "position"; position: StreamPosition }
  | { type: "ready" }
  | { type: "session" };

/** The last notification any tab of this browser saw: where a stream taking over replays from. */
let lastId = "";

export interface Reader {
  client: QueryClient;
  navigate: NavigateFunction;
  i18n: I18n;
  /** A driver hears staff's chat messages; staff hear drivers'. */
  isDriver: boolean;
}

export function followNotifications(reader: Reader): () => void {
  const { client } = reader;
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(CHANNEL) : null;
  const stopped = new AbortController();

  const received = (m: Relayed) => {
    if (m.type === "notification") {
      lastId = m.notification.id;
      void client.invalidateQueries({ queryKey: ["notifications"] });
      void showNotification(m.notification, reader);
    } else if (m.type === "chat") {
      applyChatEvent(client, m.event);
      if (m.event.kind === "message") void showChat(m.event, reader);
    } else if (m.type === "position") {
      applyPositionEvent(client, m.position);
    } else if (m.type === "session") {
      // The sidebar, the route guards and the screens' actions read it: they change without a navigation.
      void client.invalidateQueries({ queryKey: meQueryKey });
    } else {
      // A (re)connect may have missed reads, messages, receipts or a change to the session: what is
      // on screen is asked again.
      void client.invalidateQueries({ queryKey: ["notifications"] });
      void client.invalidateQueries({ queryKey: ["chat"] });
      void client.invalidateQueries({ queryKey: meQueryKey });
      refetchMapsAfterGap(client);
    }
  };
  if (channel) channel.onmessage = (e: MessageEvent<Relayed>) => received(e.data);
  const relay = (m: Relayed) => {
    channel?.postMessage(m);
    received(m);
  };

  const lead = () =>
    new Promise<void>((released) => {
      let source: EventSource | null = null;
      let retry: ReturnType<typeof setTimeout> | undefined;
      const connect = () => {
        source = new EventSource(`/api/events${lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : ""}`);
        source.addEventListener("notification", (e) =>
          relay({ type: "notification", notification: JSON.parse((e as MessageEvent<string>).data) }),
        );
        source.addEventListener("chat", (e) =>
          relay({ type: "chat", event: JSON.parse((e as MessageEvent<string>).data) }),
        );
        // Sent only to staff who may see the map (tracking:view): a truck moved.
        source.addEventListener("position", (e) =>
          relay({ type: "position", position: JSON.parse((e as MessageEvent<string>).data) }),
        );
        source.addEventListener("ready", () => relay({ type: "ready" }));
        source.addEventListener("session", () => relay({ type: "session" }));
        source.onerror = () => {
          // EventSource reconnects by itself after a network error; after a refusal it gives up.
          if (source?.readyState === EventSource.CLOSED) retry = setTimeout(connect, RETRY_MS);
        };
      };
      connect();
      stopped.signal.addEventListener("abort", () => {
        clearTimeout(retry);
        source?.close();
        released();
      });
    });

  if (typeof navigator !== "undefined" && navigator.locks)
    navigator.locks.request(LOCK, { signal: stopped.signal }, lead).catch(() => {
      // Aborted while waiting for the lock: this tab left before it led.
    });
  else void lead();

  return () => {
    stopped.abort();
    channel?.close();
  };
}

/** A toast in the reader's language (one at a time, 5000 ms) with the notification's link. */
async function showNotification(n: Notification, { i18n, navigate }: Reader) {
  await i18n.loadNamespaces("notifications");
  const t = i18n.getFixedT(null, "notifications");
  const { title, body } = notificationWords(t, n);
  notify({
    title,
    description: body || undefined,
    action: n.link ? { label: t("centre.open"), onClick: () => navigate(n.link as string) } : undefined,
    passive: true,
  });
}

/** A message from the other side, unless the chat screen is open (it shows the message itself). */
async function showChat(
  event: Extract<ChatEvent, { kind: "message" }>,
  { i18n, navigate, isDriver }: Reader,
) {
  const { message } = event;
  if (message.fromDriver === isDriver || window.location.pathname === ROUTES.chat.path) return;
  await i18n.loadNamespaces("notifications");
  const t = i18n.getFixedT(null, "notifications");
  const to = isDriver ? ROUTES.chat.path : `${ROUTES.chat.path}?driver=${encodeURIComponent(event.driverId)}`;
  notify({
    title: t("chat.newMessage", { name: message.senderName }),
    description: message.body || message.attachment?.fileName,
    action: { label: t("centre.open"), onClick: () => navigate(to) },
    passive: true,
  });
}
