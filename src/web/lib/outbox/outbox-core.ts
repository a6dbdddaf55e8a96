/**
 * The outbox's rules, free of the browser (decision 061): what an entry is, in which order entries are
 * replayed, what an answer means (sent, try again later, refused), how long to wait after a network
 * failure. The store (IndexedDB in the app, memory in the tests) and the sending (fetch) are given to
 * it, so the page and the service worker replay with the same code and vitest proves the rules.
 */

/** The driver actions that go through the outbox (the server accepts each idempotently). */
export const OUTBOX_KINDS = ["check-in", "load-action", "load-file", "fuel", "inspection", "chat"] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** waiting: to be sent (again); sending: on its way now; refused: the server said no — kept, not retried. */
export type OutboxState = "waiting" | "sending" | "refused";

/** One field of a multipart body; a file is kept as its Blob (IndexedDB stores Blobs). */
export type OutboxPart = { name: string; value: string } | { name: string; file: Blob; fileName: string };

/** What the server said when it refused an entry. */
export type OutboxRefusal = { status: number; code: string; message: string; details?: unknown };

export type OutboxEntry = {
  /** The client id, generated when the driver acted: also the request's `Idempotency-Key`. */
  id: string;
  /** The signed-in user who acted: only their session ever sends it. */
  userId: string;
  /** Creation order: entries are replayed by it. */
  seq: number;
  kind: OutboxKind;
  url: string;
  method: "POST";
  /** A JSON body, or the parts of a multipart one. */
  json?: unknown;
  parts?: OutboxPart[];
  /** When the driver tapped (ISO 8601 with offset): the request's `X-Occurred-At`. */
  occurredAt: string;
  attempts: number;
  /** Why the last attempt did not go through (a network failure, a 5xx). */
  lastError?: string;
  state: OutboxState;
  refusal?: OutboxRefusal;
  /** What the waiting list says the entry is (a load number, a stop, a file name…), as plain data. */
  subject: Record<string, string>;
  /** The screen queries to refresh once it is sent (TanStack query keys). */
  invalidate: string[][];
};

export interface OutboxStore {
  /** The user's entries in creation order. */
  list(userId: string): Promise<OutboxEntry[]>;
  get(id: string): Promise<OutboxEntry | undefined>;
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/** An answer, as the replay needs to know it. */
export type SendResult =
  | { outcome: "sent"; status: number; data: unknown }
  | { outcome: "retry"; error: string }
  | ({ outcome: "refused" } & OutboxRefusal);

/**
 * What an HTTP answer means for an entry. A network failure, a timeout, 408, 429 and 5xx are worth
 * another try later (the key makes a second try safe even if the first reached the server); a first
 * request with the same key still running (409 IDEMPOTENCY_IN_PROGRESS) too. Every other 4xx is the
 * server's considered no: sending it again unchanged would get the same.
 */
export function classify(status: number, body: unknown): SendResult {
  if (status >= 200 && status < 300) return { outcome: "sent", status, data: body };
  const e = (body as { error?: { code?: string; message?: string; details?: unknown } } | null)?.error;
  const code = e?.code ?? "HTTP_ERROR";
  if (status === 0) return { outcome: "retry", error: "NETWORK" };
  if (
    status === 408 ||
    status === 429 ||
    status >= 500 ||
    (status === 409 && code === "IDEMPOTENCY_IN_PROGRESS")
  )
    return { outcome: "retry", error: `${status} ${code}` };
  return { outcome: "refused", status, code, message: e?.message ?? `HTTP ${status}`, details: e?.details };
}

/**
 * A refusal that means the world changed while the phone was offline (dispatch cancelled the load,
 * gave it to someone else, the stop is gone): the driver is shown what happened, the photo is kept.
 */
export const isConflict = (refusal: OutboxRefusal | undefined) =>
  !!refusal && (refusal.status === 409 || refusal.status === 404 || refusal.status === 403);

export const BACKOFF_FIRST_MS = 5_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** The wait before the next try after `failures` network failures in a row: 5 s, 10 s, 20 s … 5 min. */
export function backoffMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(BACKOFF_FIRST_MS * 2 ** (failures - 1), BACKOFF_MAX_MS);
}

export type ReplayReport = {
  sent: { entry: OutboxEntry; data: unknown }[];
  refused: OutboxEntry[];
  /** A network failure stopped the replay: what is left waits for the next trigger. */
  stopped: boolean;
  /** Entries still waiting after this replay. */
  waiting: number;
};

/**
 * Sends the user's waiting entries one at a time in creation order. A network failure stops the
 * replay (the order is kept: nothing after it goes first); a refusal marks that entry refused with
 * the server's words and the rest continue; a sent entry leaves the outbox. `onSent` runs after each
 * (refresh the screens). Refused entries are not sent again until the driver says so (`retryEntry`).
 */
export async function replay(
  store: OutboxStore,
  userId: string,
  send: (entry: OutboxEntry) => Promise<SendResult>,
  onProgress?: (
    event: { type: "sent"; entry: OutboxEntry; data: unknown } | { type: "refused"; entry: OutboxEntry },
  ) => void,
): Promise<ReplayReport> {
  const report: ReplayReport = { sent: [], refused: [], stopped: false, waiting: 0 };
  const entries = (await store.list(userId)).filter((e) => e.state !== "refused");
  for (const [i, listed] of entries.entries()) {
    // Another replayer (the service worker, another tab) may have sent or refused it meanwhile.
    const entry = await store.get(listed.id);
    if (!entry || entry.state === "refused") continue;
    const attempt: OutboxEntry = { ...entry, state: "sending", attempts: entry.attempts + 1 };
    await store.put(attempt);
    const result = await send(attempt);
    if (result.outcome === "sent") {
      await store.remove(entry.id);
      report.sent.push({ entry: attempt, data: result.data });
      onProgress?.({ type: "sent", entry: attempt, data: result.data });
    } else if (result.outcome === "retry") {
      await store.put({ ...attempt, state: "waiting", lastError: result.error });
      report.stopped = true;
      report.waiting = entries.length - i;
      return report;
    } else {
      const { outcome: _, ...refusal } = result;
      const refused: OutboxEntry = { ...attempt, state: "refused", refusal };
      await store.put(refused);
      report.refused.push(refused);
      onProgress?.({ type: "refused", entry: refused });
    }
  }
  return report;
}

/** A refused entry the driver wants to send again (after fixing what the server said): waiting, last. */
export function retryEntry(entry: OutboxEntry, seq: number): OutboxEntry {
  return { ...entry, state: "waiting", refusal: undefined, seq };
}

let last = 0;
/**
 * Creation order: after every entry already in the outbox (`floor`, the highest `seq` there) and
 * every one this page made, whatever the device clock does meanwhile (set back by hand or by the
 * network, it must not send a later tap first); the clock only spaces them.
 */
export function nextSeq(floor = 0, now = Date.now()): number {
  last = Math.max(now * 1000, floor + 1, last + 1);
  return last;
}

/** An in-memory store: the tests', and the page's fallback where IndexedDB is refused. */
export function memoryOutboxStore(): OutboxStore {
  const entries = new Map<string, OutboxEntry>();
  return {
    list: async (userId) =>
      [...entries.values()].filter((e) => e.userId === userId).sort((a, b) => a.seq - b.seq),
    get: async (id) => entries.get(id),
    put: async (entry) => void entries.set(entry.id, entry),
    remove: async (id) => void entries.delete(id),
  };
}
