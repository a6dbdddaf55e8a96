import type { MapResponse, MapTruck, StreamPosition } from "@shared/tracking/tracking.schema";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { trackingKeys } from "./tracking-keys";
import { applyPositionEvent } from "./tracking-live";

const truck: MapTruck = {
  unitKey: "driver:d1",
  vehicleId: "v1",
  unitNumber: "T-101",
  driverId: "d1",
  driverName: "Jake Miller",
  lat: 41.6,
  lon: -87.7,
  heading: 90,
  speedMph: 50,
  recordedAt: "2026-11-28T10:00:00.000Z",
  source: "phone",
  place: "Markham, IL",
  load: null,
};
const moved = (over: Partial<StreamPosition>): StreamPosition => ({
  unitKey: "driver:d1",
  vehicleId: "v1",
  driverId: "d1",
  lat: 41.61,
  lon: -87.7,
  heading: 0,
  speedMph: 40,
  recordedAt: "2026-11-28T10:00:30.000Z",
  source: "phone",
  place: "Harvey, IL",
  ...over,
});

function mapWith(t: MapTruck) {
  const client = new QueryClient();
  const key = [...trackingKeys.maps(), {}];
  client.setQueryData<MapResponse>(key, { trucks: [t], at: t.recordedAt });
  return { client, read: () => client.getQueryData<MapResponse>(key)?.trucks[0] };
}

describe("a position event on an open map", () => {
  it("moves the truck and takes the place the stream names", () => {
    const { client, read } = mapWith(truck);
    applyPositionEvent(client, moved({}));
    expect(read()).toMatchObject({ lat: 41.61, place: "Harvey, IL", recordedAt: "2026-11-28T10:00:30.000Z" });
  });

  it("never moves a truck back for a late fix", () => {
    const { client, read } = mapWith(truck);
    applyPositionEvent(client, moved({ recordedAt: "2026-11-28T09:59:00.000Z", lat: 40 }));
    expect(read()).toMatchObject({ lat: 41.6, place: "Markham, IL" });
  });

  it("without a place from the stream, keeps the old one nearby and drops it far away", () => {
    const near = mapWith(truck);
    applyPositionEvent(near.client, moved({ place: null }));
    expect(near.read()?.place).toBe("Markham, IL");
    const far = mapWith(truck);
    applyPositionEvent(far.client, moved({ place: null, lat: 42.5 }));
    expect(far.read()?.place).toBeNull();
  });
});
