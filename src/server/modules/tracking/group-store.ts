import type { Db } from "../../db/client";
import type { StopsAndEventsJson } from "./geofence.service";
import { stopsAndEventsColumns } from "./geofence.service";
import { type StoredFix, storePhoneFixes } from "./positions.repo";

type Stored = Awaited<ReturnType<typeof storePhoneFixes<StopsAndEventsJson>>>;
type Waiting = {
  driverId: string;
  fixes: readonly StoredFix[];
  resolve: (stored: Stored) => void;
  reject: (error: unknown) => void;
};

/** Transactions storing batches at once: the rest of the pool stays free for everything else. */
const WRITERS = 3;
/** The most batches one transaction stores. */
const GROUP_MAX = 100;

/**
 * Phones' batches stored together (group commit). A batch arriving while the writers are all busy
 * waits for the next free one, which stores everything waiting in one transaction — one statement per
 * batch, one commit (one WAL flush) for the group — and each batch's answer is sent only once its
 * group is committed, as durable as alone. At a steady 10 batches a second each goes alone, at
 * once; when 300 trucks report in the same second, the flushes of the disk are shared: a burst of 300
 * took ≈ 2.5× the time without this (docs/performance.md).
 *
 * Batches are stored in driver order, so two groups lock the units' last positions in the same
 * order (no deadlock). A group that fails (a batch whose load was deleted meanwhile) is stored again
 * one batch at a time, so one bad batch fails alone.
 */
export function createGroupStore(db: Db) {
  const waiting: Waiting[] = [];
  let writing = 0;
  /** Transactions of more than one batch so far, and the largest (for the tests and a bench). */
  const stats = { groups: 0, largest: 0 };

  const storeOne = (w: Waiting) =>
    storePhoneFixes<StopsAndEventsJson>(db, w.driverId, w.fixes, stopsAndEventsColumns).then(
      w.resolve,
      w.reject,
    );

  async function write(group: Waiting[]) {
    if (group.length === 1) return storeOne(group[0]);
    group.sort((a, b) => (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0));
    stats.groups++;
    stats.largest = Math.max(stats.largest, group.length);
    let results: Stored[];
    try {
      results = await db.transaction(async (tx) => {
        const out: Stored[] = [];
        for (const w of group)
          out.push(await storePhoneFixes<StopsAndEventsJson>(tx, w.driverId, w.fixes, stopsAndEventsColumns));
        return out;
      });
    } catch {
      for (const w of group) await storeOne(w);
      return;
    }
    for (const [i, w] of group.entries()) w.resolve(results[i]);
  }

  function pump() {
    while (writing < WRITERS && waiting.length) {
      const group = waiting.splice(0, GROUP_MAX);
      writing++;
      void write(group).finally(() => {
        writing--;
        pump();
      });
    }
  }

  return {
    stats: () => ({ ...stats }),
    /** Stores one phone's batch behind its gate (`storePhoneFixes`), with whatever else is waiting. */
    store(driverId: string, fixes: readonly StoredFix[]): Promise<Stored> {
      return new Promise<Stored>((resolve, reject) => {
        waiting.push({ driverId, fixes, resolve, reject });
        pump();
      });
    },
  };
}
