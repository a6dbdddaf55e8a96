import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geoSettings, lastPositions, vehicles } from "../../db/schema";
import { geoKeyPurpose } from "../../platform/geo/geo-settings";
import { sealSecret } from "../../platform/secrets/secret-box";
import { createTestContext, type TestContext } from "../../testing/harness";
import { startTelematics } from "../../testing/telematics-server";
import { ingestUnitPositions } from "./positions.service";
import { pollTelematics } from "./telematics-poll";

/**
 * The telematics poll (issue 40, decision 054) against loopback servers speaking Samsara's and
 * Motive's protocols, storing through the tracking ingest for units — as the `telematics-poll` job
 * runs it — into `vehicle_positions` and `last_positions`.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // From a clean slate: the demo seed's breadcrumbs are not this file's.
  await ctx.deps.db.execute(
    sql`truncate vehicle_positions, last_positions, load_tracking, stop_geofence_events`,
  );
});
afterAll(() => ctx.close());

/** What a unit's source stored in `vehicle_positions`, in time order. */
async function storedOf(source: string) {
  const { rows } = await ctx.deps.db.execute<{
    vehicle_id: string;
    latitude: number;
    longitude: number;
    accuracy_m: number;
    speed_mps: number | null;
    heading: number | null;
    recorded_at: Date | string;
  }>(sql`
    select vehicle_id, latitude, longitude, accuracy_m, speed_mps, heading, recorded_at
    from vehicle_positions where source = ${source} order by recorded_at, vehicle_id`);
  return rows.map((r) => ({ ...r, recorded_at: new Date(r.recorded_at).toISOString() }));
}

async function configure(kind: "samsara" | "motive" | null, url = "", key = "k-123") {
  await ctx.deps.db.delete(geoSettings);
  if (!kind) return;
  await ctx.deps.db.insert(geoSettings).values({
    id: 1,
    telematics: kind,
    telematicsUrl: url,
    telematicsKeySealed: sealSecret(ctx.deps.config.authSecret, geoKeyPurpose("telematics"), key),
  });
}

describe("the telematics poll (issue 40)", () => {
  it("does nothing until a provider is configured", async () => {
    await configure(null);
    expect(await pollTelematics(ctx.deps, ingestUnitPositions)).toMatchObject({ provider: null, stored: 0 });
    expect(await storedOf("samsara")).toHaveLength(0);
    expect(await storedOf("motive")).toHaveLength(0);
  });

  it.each(["samsara", "motive"] as const)(
    "%s: matches trucks by telematics id, else by unit number; unknown units are ignored",
    async (kind) => {
      const fleet = await ctx.deps.db
        .select({ id: vehicles.id, unitNumber: vehicles.unitNumber })
        .from(vehicles)
        .orderBy(vehicles.unitNumber)
        .limit(3);
      expect(fleet).toHaveLength(3);
      const [byId, byNumber, other] = fleet;
      await ctx.deps.db.update(vehicles).set({ telematicsId: null });
      await ctx.deps.db.update(vehicles).set({ telematicsId: "9001" }).where(eq(vehicles.id, byId.id));
      // A truck with a telematics id is matched by it only: a provider vehicle named like its unit
      // number is somebody else's.
      await ctx.deps.db.update(vehicles).set({ telematicsId: "9003" }).where(eq(vehicles.id, other.id));
      const at = new Date(Date.now() - 60_000).toISOString();
      const server = await startTelematics(kind, {
        key: "k-123",
        pageSize: 2,
        trucks: [
          {
            id: "9001",
            name: "renamed at the provider",
            lat: 41.88,
            lon: -87.63,
            at,
            speedMph: 50,
            heading: 450,
          },
          { id: "9002", name: ` ${byNumber.unitNumber.toLowerCase()} `, lat: 39.77, lon: -86.16, at },
          { id: "9004", name: other.unitNumber, lat: 40, lon: -85, at },
          { id: "9005", name: "NOT-OURS", lat: 40, lon: -85, at },
          // Ours, but its last fix is years old: not stored (the ingest would refuse it too).
          { id: "9003", name: "stale unit", lat: 40, lon: -85, at: "2020-01-01T00:00:00Z" },
        ],
      });
      try {
        await configure(kind, server.url);
        const result = await pollTelematics(ctx.deps, ingestUnitPositions);
        expect(result).toMatchObject({ provider: kind, fixes: 5, stored: 2 });
        expect(result.unmatched.sort()).toEqual([other.unitNumber, "NOT-OURS"].sort());
        // Stored by the ingest: 50 mph as m/s, a heading of 450° as 90°, a unit's 10 m accuracy.
        const stored = await storedOf(kind);
        expect(stored).toHaveLength(2);
        expect(stored.find((r) => r.vehicle_id === byId.id)).toMatchObject({
          latitude: 41.88,
          longitude: -87.63,
          accuracy_m: 10,
          heading: 90,
          recorded_at: at,
        });
        expect(stored.find((r) => r.vehicle_id === byId.id)?.speed_mps).toBeCloseTo(50 * 0.44704, 3);
        expect(stored.find((r) => r.vehicle_id === byNumber.id)).toMatchObject({
          latitude: 39.77,
          longitude: -86.16,
          speed_mps: 0,
          heading: 0,
        });
        // The key went to the provider, sealed at rest and opened for the call.
        expect(server.requests[0].auth).toBe(kind === "samsara" ? "Bearer k-123" : "k-123");

        // The truck moves: the next poll stores its new fix and places the truck there; the one that
        // did not move gives the same fix again, not stored twice.
        const later = new Date().toISOString();
        server.move("9001", 41.9, -87.7, later);
        expect(await pollTelematics(ctx.deps, ingestUnitPositions)).toMatchObject({ fixes: 5, stored: 1 });
        expect(await storedOf(kind)).toHaveLength(3);
        const [last] = await ctx.deps.db
          .select()
          .from(lastPositions)
          .where(eq(lastPositions.unitKey, `vehicle:${byId.id}`));
        expect(last).toMatchObject({ vehicleId: byId.id, latitude: 41.9, longitude: -87.7, source: kind });
        expect(last.recordedAt.toISOString()).toBe(later);
      } finally {
        await server.close();
      }
    },
  );

  it("a refused key or a provider down is logged and stores nothing", async () => {
    const server = await startTelematics("samsara", { key: "right", trucks: [] });
    try {
      await configure("samsara", server.url, "wrong");
      const before = (await storedOf("samsara")).length;
      expect(await pollTelematics(ctx.deps, ingestUnitPositions)).toMatchObject({
        provider: "samsara",
        error: "refused",
      });
      expect(await storedOf("samsara")).toHaveLength(before);
    } finally {
      await server.close();
    }
  });
});
