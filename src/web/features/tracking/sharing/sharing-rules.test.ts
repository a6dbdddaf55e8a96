import { describe, expect, it } from "vitest";
import { createPositionQueue } from "./position-queue";
import { keepFix, metresBetween, wantsHighAccuracy } from "./sharing-rules";

const at = (minutes: number, lat = 41.8781, lon = -87.6298, acc = 10) => ({
  t: new Date(Date.UTC(2026, 2, 4, 14, minutes)).toISOString(),
  lat,
  lon,
  acc,
});

/** A store stand-in (the tests run in node): what the phone's IndexedDB keeps, across page loads. */
function memoryStore() {
  const kept = { points: [] as ReturnType<typeof at>[], writes: 0 };
  return {
    read: async () => [...kept.points],
    write: async (points: ReturnType<typeof at>[]) => {
      kept.writes += 1;
      kept.points = [...points];
    },
    kept,
  };
}

describe("which fixes the phone keeps", () => {
  it("keeps the first, then one ≥ 50 m away or when the last kept is ≥ 5 minutes old", () => {
    expect(keepFix(at(0), null)).toBe(true);
    // 0.0003° of latitude ≈ 33 m: too close, too soon.
    expect(keepFix(at(1, 41.8784), at(0))).toBe(false);
    // 0.0005° ≈ 56 m: moved enough.
    expect(keepFix(at(1, 41.8786), at(0))).toBe(true);
    // Parked at a dock: one fix every five minutes.
    expect(keepFix(at(4), at(0))).toBe(false);
    expect(keepFix(at(5), at(0))).toBe(true);
  });

  it("measures the great circle (Chicago → Indianapolis ≈ 265 km)", () => {
    const km = metresBetween({ lat: 41.8781, lon: -87.6298 }, { lat: 39.7684, lon: -86.1581 }) / 1000;
    expect(km).toBeGreaterThan(263);
    expect(km).toBeLessThan(267);
  });

  it("asks for GPS accuracy only within 5 miles of the next stop", () => {
    const stop = { lat: 41.8127, lon: -87.7305 };
    expect(wantsHighAccuracy({ lat: 41.85, lon: -87.73 }, stop)).toBe(true); // ≈ 2.6 mi
    expect(wantsHighAccuracy({ lat: 41.95, lon: -87.73 }, stop)).toBe(false); // ≈ 9.5 mi
    expect(wantsHighAccuracy(null, stop)).toBe(true);
    expect(wantsHighAccuracy({ lat: 41.85, lon: -87.73 }, null)).toBe(false);
  });
});

describe("the position queue", () => {
  it("keeps points across page loads, oldest first, drains them all, and drops the oldest past its capacity", async () => {
    const store = memoryStore();
    const queue = createPositionQueue(store, 3);
    await queue.add(at(2));
    await queue.add([at(0), at(1)]);
    // Another page (a reload) reads the same store.
    const again = createPositionQueue(store, 3);
    expect(await again.size()).toBe(3);
    await again.add(at(3));
    expect((await again.drain()).map((p) => p.t)).toEqual([at(1).t, at(2).t, at(3).t]);
    expect(await again.size()).toBe(0);
    expect(store.kept.points).toEqual([]);
  });

  it("never loses a point added while a drain is on its way", async () => {
    const store = memoryStore();
    const queue = createPositionQueue(store);
    await queue.add(at(0));
    // Not awaited in between: the add must land after the drain, not be wiped by it.
    const drained = queue.drain();
    const added = queue.add(at(1));
    expect((await drained).map((p) => p.t)).toEqual([at(0).t]);
    await added;
    expect((await queue.drain()).map((p) => p.t)).toEqual([at(1).t]);
  });

  it("lives in memory when storage refuses", async () => {
    const refusing = {
      read: async () => [],
      write: async () => {
        throw new Error("QuotaExceededError");
      },
    };
    const queue = createPositionQueue(refusing, 10);
    await queue.add(at(0));
    await queue.add(at(1));
    expect(await queue.drain()).toHaveLength(2);
  });
});
