import { replayStoredOutbox } from "../lib/outbox/outbox-replay";

/** The tag the page registers (`registration.sync.register("outbox")`) when something waits. */
export const OUTBOX_SYNC_TAG = "outbox";

/** A Background Sync event (not in TypeScript's DOM or worker libraries yet). */
type SyncEvent = Event & { tag: string; lastChance?: boolean; waitUntil(work: Promise<unknown>): void };

/**
 * Background Sync for the outbox (decision 061): where the browser has it (Chromium), the worker is
 * woken when the network returns — even with the app closed — reads the same IndexedDB outbox and
 * replays it with fetch (the session cookie goes along). Only the user signed in now is replayed:
 * the worker asks the server who that is, so another user's entries on this phone stay waiting.
 * A replay stopped by the network fails the event, and the browser tries again later.
 */
export function registerSync(worker: {
  addEventListener(type: "sync", listener: (event: Event) => void): void;
}) {
  worker.addEventListener("sync", (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_SYNC_TAG) return;
    sync.waitUntil(replayForSession());
  });
}

async function replayForSession() {
  const res = await fetch("/api/session", { credentials: "same-origin" });
  if (!res.ok) throw new Error(`session ${res.status}`);
  const session = (await res.json()) as { me: { user: { id: string } } | null };
  if (!session.me) return; // signed out: the entries wait for their user's next sign-in
  const report = await replayStoredOutbox(session.me.user.id);
  if (report.stopped) throw new Error("The network failed again: the browser retries the sync later.");
}
