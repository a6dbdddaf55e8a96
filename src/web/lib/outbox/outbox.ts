import type { QueryClient } from "@tanstack/react-query";
import { type ApiOptions, type ApiPath, ApiRequestError, type ApiResponse, fillPath } from "../api";
import {
  backoffMs,
  nextSeq,
  type OutboxEntry,
  type OutboxKind,
  type OutboxPart,
  retryEntry,
} from "./outbox-core";
import { idbOutboxStore } from "./outbox-idb";
import { broadcastOutbox, OUTBOX_CHANNEL, type OutboxMessage, replayStoredOutbox } from "./outbox-replay";
import { sendEntry } from "./outbox-send";

/**
 * The page's side of the outbox (decision 061): driver actions are stored first, then sent; the
 * waiting list the shell shows; the replay triggers (app start, `online`, a timer with backoff while
 * entries wait, Background Sync through the service worker, "Send now").
 */

/**
 * Spread into a mutation that sends through the outbox: TanStack Query pauses a mutation while the
 * browser says it is offline (and loses it on reload); the outbox must run at once to store the tap.
 */
export const outboxMutation = { networkMode: "always" } as const;

/** What a screen gets back when its action is kept on the phone rather than answered now. */
export type Queued = { queued: true; entry: OutboxEntry };
export const isQueued = (value: unknown): value is Queued =>
  typeof value === "object" && value !== null && (value as Queued).queued === true;

type State = { userId: string | null; entries: OutboxEntry[] };
let state: State = { userId: null, entries: [] };
const listeners = new Set<() => void>();
let queryClient: QueryClient | null = null;
let failures = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let replaying: Promise<void> | null = null;
let stopListening: (() => void) | null = null;

export function subscribeOutbox(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
export const outboxSnapshot = () => state;

async function refresh() {
  const userId = state.userId;
  if (!userId) return;
  let entries: OutboxEntry[] = [];
  try {
    entries = await idbOutboxStore.list(userId);
  } catch {
    // IndexedDB refused (a private window): nothing can wait on this phone.
  }
  if (state.userId !== userId) return;
  state = { userId, entries };
  for (const l of listeners) l();
}

function invalidate(keys: string[][]) {
  for (const queryKey of keys) void queryClient?.invalidateQueries({ queryKey });
}

function schedule() {
  clearTimeout(timer);
  const waiting = state.entries.some((e) => e.state !== "refused");
  if (!waiting || !state.userId) return;
  // Offline, the `online` event brings the next try; online with entries waiting, a timer with backoff.
  if (typeof navigator !== "undefined" && navigator.onLine === false) return;
  timer = setTimeout(() => void replayNow(), Math.max(backoffMs(failures), 1000));
}

/** Replays the user's waiting entries now (one replay at a time in this page). */
export function replayNow(): Promise<void> {
  const userId = state.userId;
  if (!userId) return Promise.resolve();
  replaying ??= (async () => {
    try {
      const report = await replayStoredOutbox(userId, (entry) => invalidate(entry.invalidate));
      failures = report.stopped ? failures + 1 : 0;
      if (report.stopped) requestBackgroundSync();
    } catch {
      failures += 1;
    } finally {
      replaying = null;
      await refresh();
      schedule();
    }
  })();
  return replaying;
}

/** Where the browser has Background Sync, the service worker replays even after the tab is closed. */
function requestBackgroundSync() {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker
    .getRegistration()
    .then((registration) => {
      const sync = (
        registration as
          | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
          | undefined
      )?.sync;
      return sync?.register("outbox");
    })
    .catch(() => {});
}

/**
 * Starts the outbox for the signed-in user (the shell calls it): loads their waiting list, replays it
 * (app start), and listens for the network coming back and for other pages and the worker. Another
 * user's entries on the same phone are never listed nor sent; they stay for that user's next sign-in.
 */
export function startOutbox(userId: string, client: QueryClient): () => void {
  queryClient = client;
  if (state.userId !== userId) {
    state = { userId, entries: [] };
    failures = 0;
  }
  stopListening?.();
  const online = () => {
    failures = 0;
    void replayNow();
  };
  window.addEventListener("online", online);
  const channel = typeof BroadcastChannel !== "undefined" ? new BroadcastChannel(OUTBOX_CHANNEL) : null;
  channel?.addEventListener("message", (event: MessageEvent<OutboxMessage>) => {
    if (event.data.userId !== state.userId) return;
    if (event.data.type === "sent") invalidate(event.data.invalidate);
    void refresh();
  });
  stopListening = () => {
    window.removeEventListener("online", online);
    channel?.close();
    clearTimeout(timer);
  };
  void refresh().then(() => replayNow());
  return () => {
    stopListening?.();
    stopListening = null;
    state = { userId: null, entries: [] };
    for (const l of listeners) l();
  };
}

/** "Send now" in the waiting list: no backoff, right away. */
export function sendNow() {
  failures = 0;
  return replayNow();
}

/** The driver sends a refused entry again (after fixing what the server said): it goes last. */
export async function resendEntry(id: string) {
  const entry = await idbOutboxStore.get(id);
  if (!entry) return;
  await idbOutboxStore.put(retryEntry(entry, nextSeq(Math.max(0, ...state.entries.map((e) => e.seq)))));
  await refresh();
  void sendNow();
}

/** The driver deletes an entry from the phone (a refused one, or one they no longer want sent). */
export async function deleteEntry(id: string) {
  await idbOutboxStore.remove(id);
  broadcastOutbox({ type: "changed", userId: state.userId ?? "" });
  await refresh();
}

type OutboxMeta = {
  kind: OutboxKind;
  subject?: Record<string, string>;
  /** Screen queries to refresh once it is sent (also when sent later, by a replay). */
  invalidate?: readonly (readonly string[])[];
};

const partsOf = (form: FormData): OutboxPart[] =>
  [...form.entries()].map(([name, value]) =>
    typeof value === "string" ? { name, value } : { name, file: value, fileName: value.name || "file" },
  );

/**
 * A driver action through the outbox: stored on the phone with its client id and the tap time, then
 * sent in order after anything still waiting. Sent: the server's answer, as `api.post` gives it.
 * Not sent for lack of network: `{ queued: true }` — the screen shows it done-but-waiting; it is sent
 * later with the same key and time. Refused by the server now: an ApiRequestError as `api.post`
 * throws, and nothing stays in the outbox (the form shows the message and keeps its data).
 */
export async function outboxPost<P extends ApiPath<"post">>(
  path: P,
  options: ApiOptions<P, "post">,
  meta: OutboxMeta,
): Promise<ApiResponse<P, "post"> | Queued> {
  const o = options as { path?: Record<string, string>; body?: unknown; form?: FormData };
  const entry: OutboxEntry = {
    id: crypto.randomUUID(),
    userId: state.userId ?? "",
    seq: nextSeq(Math.max(0, ...state.entries.map((e) => e.seq))),
    kind: meta.kind,
    url: fillPath(path, o.path),
    method: "POST",
    json: o.form ? undefined : o.body,
    parts: o.form ? partsOf(o.form) : undefined,
    occurredAt: new Date().toISOString(),
    attempts: 0,
    state: "waiting",
    subject: meta.subject ?? {},
    invalidate: (meta.invalidate ?? []).map((k) => [...k]),
  };
  let stored = !!state.userId;
  if (stored) {
    try {
      await idbOutboxStore.put(entry);
    } catch {
      stored = false;
    }
  }
  if (!stored) {
    // No user known yet or no IndexedDB: sent at once as before, with its key and time all the same.
    const result = await sendEntry(entry);
    if (result.outcome === "sent") return result.data as ApiResponse<P, "post">;
    if (result.outcome === "refused")
      throw new ApiRequestError(result.status, result.code, result.message, result.details);
    throw new ApiRequestError(0, "NETWORK", "Network error");
  }
  await refresh();
  let answer: { data: unknown } | null = null;
  const userId = state.userId as string;
  failures = 0;
  // Everything waiting before it goes first (order); then it, right away.
  const run = replayStoredOutbox(userId, (sent, data) => {
    invalidate(sent.invalidate);
    if (sent.id === entry.id) answer = { data };
  }).catch(() => null);
  replaying ??= run.then(() => undefined);
  const report = await run;
  replaying = null;
  if (report?.stopped) requestBackgroundSync();
  failures = report?.stopped ? 1 : 0;
  const after = await idbOutboxStore.get(entry.id).catch(() => undefined);
  await refresh();
  schedule();
  if (answer) return (answer as { data: unknown }).data as ApiResponse<P, "post">;
  if (after?.state === "refused" && after.refusal) {
    // Answered now: the screen says it, as it always did; the outbox does not keep it.
    await deleteEntry(after.id);
    const r = after.refusal;
    throw new ApiRequestError(r.status, r.code, r.message, r.details);
  }
  return { queued: true, entry: after ?? entry };
}

/** The user's entries still to be sent (waiting or on their way), for a screen's own "waiting" marks. */
export const pendingEntries = (entries: OutboxEntry[], kind: OutboxKind) =>
  entries.filter((e) => e.kind === kind && e.state !== "refused");
