import { type OutboxEntry, type ReplayReport, replay } from "./outbox-core";
import { idbOutboxStore } from "./outbox-idb";
import { sendEntry } from "./outbox-send";

/** Pages and the service worker tell each other the outbox changed (an entry sent, refused, added). */
export const OUTBOX_CHANNEL = "lms-outbox";
export type OutboxMessage =
  | { type: "changed"; userId: string }
  | { type: "sent"; userId: string; invalidate: string[][]; entryId: string; data: unknown };

const LOCK = "lms-outbox-replay";

export function broadcastOutbox(message: OutboxMessage) {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/**
 * One replay of the user's outbox from IndexedDB, by whoever triggers it (the page on start, on
 * `online`, on its timer; the service worker on Background Sync). A Web Lock lets only one run at a
 * time across tabs and the worker, so an entry is not sent twice at once (the server's key would
 * answer the second with "in progress" anyway). Every step is broadcast so each open page refreshes.
 */
export async function replayStoredOutbox(
  userId: string,
  onSent?: (entry: OutboxEntry, data: unknown) => void,
): Promise<ReplayReport> {
  const run = () =>
    replay(idbOutboxStore, userId, sendEntry, (event) => {
      if (event.type === "sent") {
        onSent?.(event.entry, event.data);
        broadcastOutbox({
          type: "sent",
          userId,
          invalidate: event.entry.invalidate,
          entryId: event.entry.id,
          data: null,
        });
      } else broadcastOutbox({ type: "changed", userId });
    });
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const report = locks ? await locks.request(LOCK, run) : await run();
  broadcastOutbox({ type: "changed", userId });
  return report;
}
