/// <reference lib="webworker" />
import type { PushPayload } from "@shared/push/push.schema";

const ICON = "/icons/icon-192.png";

/** What a push that cannot be read shows (an empty push, a payload from an older server). */
const FALLBACK: PushPayload = { title: "Load Management System", body: "", link: null, tag: "lms" };

function payloadOf(event: PushEvent): PushPayload {
  try {
    const data = event.data?.json() as Partial<PushPayload> | undefined;
    if (!data?.title) return FALLBACK;
    return {
      title: String(data.title),
      body: String(data.body ?? ""),
      link: typeof data.link === "string" && data.link.startsWith("/") ? data.link : null,
      tag: String(data.tag ?? FALLBACK.tag),
    };
  } catch {
    return FALLBACK;
  }
}

/**
 * Web Push in the service worker (issue 41, decision 063). The server's pushes are already worded in
 * the reader's language (title, body, link, tag): `push` shows one as a notification (the same tag
 * replaces an earlier one — one per load, one per chat); `notificationclick` brings an open window of
 * the app to its link, or opens one; `pushsubscriptionchange` (the browser renewed the subscription)
 * subscribes again with the server's key and tells the server, replacing the old endpoint.
 */
export function registerPush(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener("push", (event) => {
    const p = payloadOf(event);
    event.waitUntil(
      sw.registration.showNotification(p.title, {
        body: p.body,
        icon: ICON,
        badge: ICON,
        tag: p.tag,
        data: { link: p.link ?? "/notifications" },
      }),
    );
  });

  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const link = String((event.notification.data as { link?: string } | null)?.link ?? "/");
    const url = new URL(link, sw.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          // A full navigation to the link inside the app's window (the app routes it).
          if (open.url !== url) await open.navigate(url).catch(() => undefined);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });

  sw.addEventListener("pushsubscriptionchange", (event) => {
    const change = event as Event & {
      oldSubscription?: PushSubscription | null;
      newSubscription?: PushSubscription | null;
      waitUntil(p: Promise<unknown>): void;
    };
    change.waitUntil(
      (async () => {
        let next = change.newSubscription ?? null;
        if (!next) {
          const res = await fetch("/api/push/key", { credentials: "same-origin" });
          if (!res.ok) return;
          const { publicKey } = (await res.json()) as { publicKey: string };
          next = await sw.registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: base64UrlToBytes(publicKey),
          });
        }
        await fetch("/api/push/subscriptions", {
          method: "POST",
          credentials: "same-origin",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...next.toJSON(), replaces: change.oldSubscription?.endpoint }),
        });
      })().catch(() => undefined),
    );
  });
}

/** The VAPID key as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(value.length / 4) * 4, "=");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}
