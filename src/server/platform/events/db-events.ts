import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Logger } from "../../logger";

/**
 * PostgreSQL LISTEN/NOTIFY for the whole process: one dedicated connection, so every instance of the
 * app hears what any of them (or a trigger) announces. Anything cached from notifications must be
 * dropped on `onReset` and may be trusted only while `live` is true: between a dropped connection and
 * the next LISTEN, notifications are lost.
 */
export interface DbEvents {
  /** Calls `fn` with the payload of every notification on `channel`; returns an unsubscribe. */
  listen(channel: string, fn: (payload: string) => void): () => void;
  /** Called whenever the connection (re)starts or drops. */
  onReset(fn: () => void): () => void;
  /** True while every channel is being listened to. */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before the call has been delivered to the listeners:
   * the listener notifies itself and waits for its own message, which PostgreSQL queues after them.
   * Waits for a connection being made; returns at once when there is none.
   */
  sync(): Promise<void>;
  /**
   * Resolves once the LISTEN of every channel asked for so far has run (or at once when there is no
   * connection to wait for, within the same bound as `sync`): a stream that says "ready" after it has
   * heard everything announced from then on.
   */
  listening(): Promise<void>;
  close(): Promise<void>;
}

const SYNC_CHANNEL = "lms_events_sync";
const SYNC_TIMEOUT_MS = 2000;
const RETRY_MS = [250, 1000, 5000, 15_000];

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function createDbEvents(connection: pg.ClientConfig, log: Logger): DbEvents {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resets = new Set<() => void>();
  /** Self-notifications awaited, by nonce: resolved true on arrival, false when the connection ends. */
  const pendingSyncs = new Map<string, (arrived: boolean) => void>();
  let client: pg.Client | null = null;
  let live = false;
  let closed = false;
  let attempt = 0;
  let starting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const reset = () => {
    for (const fn of resets) fn();
  };

  /** One statement at a time on the connection (pg warns about overlapping queries on a client). */
  let queue: Promise<unknown> = Promise.resolve();
  function serial<T>(c: pg.Client, text: string, values?: unknown[]): Promise<T> {
    const run = queue.then(() => c.query(text, values) as Promise<T>);
    queue = run.catch(() => {});
    return run;
  }

  function lost(c: pg.Client, err?: Error) {
    if (client !== c) return;
    client = null;
    live = false;
    reset();
    for (const resolve of pendingSyncs.values()) resolve(false);
    pendingSyncs.clear();
    c.end().catch(() => {});
    if (closed) return;
    if (err) log.warn("Database events: connection lost, reconnecting", { error: err.message });
    const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)];
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void start();
    }, wait);
    retryTimer.unref();
  }

  function start(): Promise<void> {
    if (closed || client || starting) return starting ?? Promise.resolve();
    const c = new pg.Client({
      application_name: "lms-events",
      connectionTimeoutMillis: 10_000,
      ...connection,
    });
    starting = (async () => {
      try {
        c.on("error", (err) => lost(c, err));
        c.on("end", () => lost(c));
        c.on("notification", (n) => {
          if (n.channel === SYNC_CHANNEL) {
            const resolve = pendingSyncs.get(n.payload ?? "");
            if (resolve) {
              pendingSyncs.delete(n.payload ?? "");
              resolve(true);
            }
            return;
          }
          for (const fn of handlers.get(n.channel) ?? []) fn(n.payload ?? "");
        });
        await c.connect();
        client = c;
        for (const channel of [SYNC_CHANNEL, ...handlers.keys()]) {
          await serial(c, `listen ${quoteIdent(channel)}`);
        }
        // Live only once a notification has made the round trip: behind a transaction-mode pooler
        // (PgBouncer) LISTEN is accepted but nothing is delivered, and no cache may rely on it.
        if (!(await roundTrip(c))) {
          log.warn(
            "Database events: NOTIFY is not delivered on this connection (a transaction-mode pooler?); caches that rely on it stay off",
          );
          return;
        }
        // Whatever was cached before this point may have missed a notification.
        reset();
        live = true;
        attempt = 0;
      } catch (err) {
        if (client === c) lost(c, err as Error);
        else {
          c.end().catch(() => {});
          if (!closed) {
            const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)];
            log.warn("Database events: could not listen, retrying", { error: (err as Error).message });
            retryTimer = setTimeout(() => {
              retryTimer = null;
              void start();
            }, wait);
            retryTimer.unref();
          }
        }
      } finally {
        starting = null;
      }
    })();
    return starting;
  }

  /** Notifies itself on `c` and waits for the message: true when it arrived in time. */
  async function roundTrip(c: pg.Client): Promise<boolean> {
    const nonce = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const delivered = new Promise<boolean>((resolve) => {
      pendingSyncs.set(nonce, resolve);
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    try {
      // The timer covers the statement too: a stuck connection never holds a request up for long.
      const sent = serial(c, "select pg_notify($1, $2)", [SYNC_CHANNEL, nonce]).then(
        () => delivered,
        () => false,
      );
      return await Promise.race([sent, delivered]);
    } finally {
      clearTimeout(timer);
      pendingSyncs.delete(nonce);
    }
  }

  return {
    listen(channel, fn) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const c = client;
        if (c) {
          // Not live for this channel until LISTEN has run.
          live = false;
          serial(c, `listen ${quoteIdent(channel)}`).then(
            () => {
              if (client === c) {
                reset();
                live = true;
              }
            },
            (err) => lost(c, err),
          );
        }
      }
      set.add(fn);
      void start();
      return () => set.delete(fn);
    },
    onReset(fn) {
      resets.add(fn);
      return () => resets.delete(fn);
    },
    get live() {
      return live;
    },
    async sync() {
      // A connection being made is waited for, within the same bound as the round trip.
      if (starting) await Promise.race([starting, sleep(SYNC_TIMEOUT_MS)]);
      const c = client;
      if (!c || !live) return;
      if (!(await roundTrip(c)) && client === c) {
        // Not heard back in time: trust nothing cached, and stop relying on this connection.
        log.warn("Database events: a notification did not come back in time; reconnecting");
        lost(c, new Error("notification round trip timed out"));
      }
    },
    async listening() {
      if (starting) await Promise.race([starting, sleep(SYNC_TIMEOUT_MS)]);
      // The LISTEN statements run one at a time on the connection: the queue's end is the last one's.
      if (client) await Promise.race([queue, sleep(SYNC_TIMEOUT_MS)]);
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      await starting?.catch(() => {});
      const c = client;
      client = null;
      live = false;
      reset();
      for (const resolve of pendingSyncs.values()) resolve(false);
      pendingSyncs.clear();
      await c?.end().catch(() => {});
    },
  };
}
