import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geoSettings, vehicles } from "../../db/schema";
import { geoKeyPurpose } from "../../platform/geo/geo-settings";
import { sealSecret } from "../../platform/secrets/secret-box";
import { createTestContext, type TestContext } from "../../testing/harness";
import { startTelematics } from "../../testing/telematics-server";
import { pollTelematics, type StoreUnitPositions } from "./telematics-poll";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** What the poll hands the tracking ingest, per truck. */
function recordingStore() {
  const calls: Parameters<StoreUnitPositions>[1][] = [];
  const store: StoreUnitPositions = async (_deps, input) => {
    calls.push(input);
  };
  return { calls, store };
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
    const { calls, store } = recordingStore();
    expect(await pollTelematics(ctx.deps, store)).toMatchObject({ provider: null, stored: 0 });
    expect(calls).toHaveLength(0);
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
        const { calls, store } = recordingStore();
        const result = await pollTelematics(ctx.deps, store);
        expect(result).toMatchObject({ provider: kind, fixes: 5, stored: 2 });
        expect(result.unmatched.sort()).toEqual([other.unitNumber, "NOT-OURS"].sort());
        expect(calls).toEqual([
          {
            source: kind,
            vehicleId: byId.id,
            points: [{ t: at, lat: 41.88, lon: -87.63, acc: 10, spd: 50 * 0.44704, hdg: 90 }],
          },
          {
            source: kind,
            vehicleId: byNumber.id,
            points: [{ t: at, lat: 39.77, lon: -86.16, acc: 10, spd: 0, hdg: 0 }],
          },
        ]);
        // The key went to the provider, sealed at rest and opened for the call.
        expect(server.requests[0].auth).toBe(kind === "samsara" ? "Bearer k-123" : "k-123");

        // The truck moves; the next poll stores its new fix.
        const later = new Date().toISOString();
        server.move("9001", 41.9, -87.7, later);
        const next = recordingStore();
        await pollTelematics(ctx.deps, next.store);
        expect(next.calls.find((c) => c.vehicleId === byId.id)?.points[0]).toMatchObject({
          t: later,
          lat: 41.9,
        });
      } finally {
        await server.close();
      }
    },
  );

  it("a refused key or a provider down is logged and stores nothing", async () => {
    const server = await startTelematics("samsara", { key: "right", trucks: [] });
    try {
      await configure("samsara", server.url, "wrong");
      const { calls, store } = recordingStore();
      expect(await pollTelematics(ctx.deps, store)).toMatchObject({ provider: "samsara", error: "refused" });
      expect(calls).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
