import type { PositionPoint } from "@shared/tracking/tracking.schema";
import { openDriverDb } from "../../../lib/driver-db";
import { outboxSnapshot } from "../../../lib/outbox/outbox";

/**
 * Positions taken but not yet sent (offline, or between two sends). The phone adds each fix it keeps
 * and drains the lot when it sends; points a failed send gave back are added again. A ring: past
 * `capacity` the oldest go first (the server refuses points older than 72 h anyway).
 *
 * They are kept in the phone's IndexedDB with the rest of the outbox (decision 061: `lms-driver` ›
 * `positions`, per signed-in user), so they survive a reload, a closed tab and a crash. Unlike the
 * other entries they are not replayed one by one: the sharing hook sends them in batches, and the
 * server accepts a point twice without storing it twice (its key is the device time), so a point sent
 * and then given back after a lost answer does no harm. Every call is chained after the last one, so
 * an add during a drain is never lost.
 */
export interface PositionQueue {
  add(points: PositionPoint | PositionPoint[]): Promise<void>;
  /** Every waiting point, oldest first; the queue is then empty. */
  drain(): Promise<PositionPoint[]>;
  size(): Promise<number>;
}

/** Where the points are kept: read them all (any order), or replace them all. */
export interface PositionStore {
  read(): Promise<PositionPoint[]>;
  write(points: PositionPoint[]): Promise<void>;
}

export const POSITION_QUEUE_CAPACITY = 500;

export function createPositionQueue(store: PositionStore, capacity = POSITION_QUEUE_CAPACITY): PositionQueue {
  // Without storage (a private window that refuses IndexedDB) the queue lives in memory.
  let memory: PositionPoint[] | null = null;
  const read = async () => {
    if (memory) return memory;
    try {
      return await store.read();
    } catch {
      memory = [];
      return memory;
    }
  };
  const write = async (points: PositionPoint[]) => {
    if (memory) {
      memory = points;
      return;
    }
    try {
      await store.write(points);
    } catch {
      // Storage full or refused: the points stay in memory for this page's life.
      memory = points;
    }
  };
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const run = last.then(step, step);
    last = run.catch(() => {});
    return run;
  };
  return {
    add: (points) =>
      serial(async () => {
        const all = [...(await read()), ...(Array.isArray(points) ? points : [points])];
        all.sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
        await write(all.slice(-capacity));
      }),
    drain: () =>
      serial(async () => {
        const all = (await read()).sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
        await write([]);
        return all;
      }),
    size: () => serial(async () => (await read()).length),
  };
}

/** Before issue 41 the queue was one JSON array in localStorage: moved over once, then removed. */
const LEGACY_KEY = "lms.positions.queue";

/** The signed-in user's points in IndexedDB. */
export const idbPositionStore: PositionStore = {
  async read() {
    const userId = outboxSnapshot().userId ?? "";
    const db = await openDriverDb();
    const kept = (await db.getAllFromIndex("positions", "byUser", userId)).map((r) => r.point);
    try {
      const legacy = localStorage.getItem(LEGACY_KEY);
      if (legacy) {
        localStorage.removeItem(LEGACY_KEY);
        const parsed: unknown = JSON.parse(legacy);
        if (Array.isArray(parsed)) kept.push(...(parsed as PositionPoint[]));
      }
    } catch {
      // No localStorage: nothing to move.
    }
    return kept;
  },
  async write(points) {
    const userId = outboxSnapshot().userId ?? "";
    const db = await openDriverDb();
    const tx = db.transaction("positions", "readwrite");
    const keys = await tx.store.index("byUser").getAllKeys(userId);
    await Promise.all([
      ...keys.map((key) => tx.store.delete(key)),
      ...points.map((point) => tx.store.put({ userId, t: point.t, point })),
    ]);
    await tx.done;
  },
};

/** The phone's one queue. */
export const positionQueue = createPositionQueue(idbPositionStore);
