import type { Notification } from "@shared/notifications/notifications.schema";
import type { QueryClient } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { NavigateFunction } from "react-router";
import { notify } from "../../../lib/toast";
import { notificationWords } from "../notification-words";

/**
 * One events stream per browser, shared between its tabs (browsers cap connections per origin): the
 * tab holding the Web Lock `lms-events` opens `/api/events` and passes each notification to the other
 * tabs over a BroadcastChannel; when it closes, the next tab waiting for the lock takes over, asking
 * the server for what came after the last notification any tab saw. Without Web Locks (old browsers)
 * every tab opens its own stream.
 */
const LOCK = "lms-events";
const CHANNEL = "lms-events";
/** After the server refused a reconnect (a deployment, a proxy's error page), try again this much later. */
const RETRY_MS = 30_000;

/** The last notification any tab of this browser saw: where a stream taking over replays from. */
let lastId = "";

export function followNotifications(client: QueryClient, navigate: NavigateFunction, i18n: I18n): () => void {
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(CHANNEL) : null;
  const stopped = new AbortController();

  const received = (n: Notification) => {
    lastId = n.id;
    void client.invalidateQueries({ queryKey: ["notifications"] });
    void show(n, navigate, i18n);
  };
  if (channel) channel.onmessage = (e: MessageEvent<Notification>) => received(e.data);

  const lead = () =>
    new Promise<void>((released) => {
      let source: EventSource | null = null;
      let retry: ReturnType<typeof setTimeout> | undefined;
      const connect = () => {
        source = new EventSource(`/api/events${lastId ? `?lastEventId=${encodeURIComponent(lastId)}` : ""}`);
        source.addEventListener("notification", (e) => {
          const n = JSON.parse((e as MessageEvent<string>).data) as Notification;
          channel?.postMessage(n);
          received(n);
        });
        // A reconnect may have missed a read elsewhere: the count is asked again.
        source.addEventListener(
          "ready",
          () => void client.invalidateQueries({ queryKey: ["notifications"] }),
        );
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
async function show(n: Notification, navigate: NavigateFunction, i18n: I18n) {
  await i18n.loadNamespaces("notifications");
  const t = i18n.getFixedT(null, "notifications");
  const { title, body } = notificationWords(t, n);
  notify({
    title,
    description: body || undefined,
    action: n.link ? { label: t("centre.open"), onClick: () => navigate(n.link as string) } : undefined,
  });
}
