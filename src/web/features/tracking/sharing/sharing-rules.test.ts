import { describe, expect, it } from "vitest";
import { createPositionQueue } from "./position-queue";
import { keepFix, metresBetween, wantsHighAccuracy } from "./sharing-rules";

const at = (minutes: number, lat = 41.8781, lon = -87.6298, acc = 10) => ({
  t: new Date(Date.UTC(2026, 2, 4, 14, minutes)).toISOString(),
  lat,
  lon,
  acc,
});

/** A Storage stand-in (the tests run in node): the queue sees what a browser's localStorage keeps. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
    items,
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
  it("keeps points across page loads, oldest first, drains them all, and drops the oldest past its capacity", () => {
    const storage = memoryStorage();
    const queue = createPositionQueue(storage, 3);
    queue.add(at(2));
    queue.add([at(0), at(1)]);
    // Another page (a reload) reads the same storage.
    const again = createPositionQueue(storage, 3);
    expect(again.size()).toBe(3);
    again.add(at(3));
    expect(again.drain().map((p) => p.t)).toEqual([at(1).t, at(2).t, at(3).t]);
    expect(again.size()).toBe(0);
    expect(storage.items.size).toBe(0);
  });

  it("lives in memory when storage refuses", () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {},
    };
    const queue = createPositionQueue(refusing, 10);
    queue.add(at(0));
    queue.add(at(1));
    expect(queue.drain()).toHaveLength(2);
  });
});
