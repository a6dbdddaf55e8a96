import type { PositionPoint } from "@shared/tracking/tracking.schema";

/**
 * Positions taken but not yet sent (offline, or between two sends). The phone adds each fix it keeps
 * and drains the lot when it sends; points a failed send gave back are added again. A ring: past
 * `capacity` the oldest go first (the server refuses points older than 72 h anyway).
 *
 * The storage is localStorage for now — one small JSON array, survives a reload or a closed tab;
 * issue 41 moves it into its IndexedDB outbox behind this same interface. The server accepts a point
 * twice without storing it twice (its key is the device time), so a point sent and then given back
 * after a lost answer does no harm.
 */
export interface PositionQueue {
  add(points: PositionPoint | PositionPoint[]): void;
  /** Every waiting point, oldest first; the queue is then empty. */
  drain(): PositionPoint[];
  size(): number;
}

export const POSITION_QUEUE_CAPACITY = 500;
const KEY = "lms.positions.queue";

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function createPositionQueue(
  storage: Store | null = typeof localStorage === "undefined" ? null : localStorage,
  capacity = POSITION_QUEUE_CAPACITY,
): PositionQueue {
  // Without storage (a private window that refuses it) the queue lives in memory.
  let memory: PositionPoint[] = [];
  const read = (): PositionPoint[] => {
    if (!storage) return memory;
    try {
      const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? "[]");
      return Array.isArray(parsed) ? (parsed as PositionPoint[]) : [];
    } catch {
      return [];
    }
  };
  const write = (points: PositionPoint[]) => {
    memory = points;
    if (!storage) return;
    try {
      if (points.length) storage.setItem(KEY, JSON.stringify(points));
      else storage.removeItem(KEY);
    } catch {
      // Storage full or refused: the points stay in memory for this page's life.
      storage = null;
    }
  };
  return {
    add(points) {
      const all = [...read(), ...(Array.isArray(points) ? points : [points])];
      all.sort((a, b) => Date.parse(a.t) - Date.parse(b.t));
      write(all.slice(-capacity));
    },
    drain() {
      const all = read();
      write([]);
      return all;
    },
    size: () => read().length,
  };
}

/** The phone's one queue. */
export const positionQueue = createPositionQueue();
