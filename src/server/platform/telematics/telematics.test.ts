import { afterEach, describe, expect, it } from "vitest";
import { type LoopbackTruck, startTelematics } from "../../testing/telematics-server";
import { TelematicsError, telematicsFor } from "./telematics";

const fleet = (): LoopbackTruck[] => [
  {
    id: "101",
    name: "T-101",
    lat: 41.8781,
    lon: -87.6298,
    at: "2026-03-04T14:00:00Z",
    speedMph: 55,
    heading: 90,
  },
  {
    id: "102",
    name: "T-102",
    lat: 39.7684,
    lon: -86.1581,
    at: "2026-03-04T14:00:05Z",
    speedMph: 0,
    heading: 0,
  },
  { id: "103", name: "T-103", lat: 0, lon: 0, at: "2026-03-04T14:00:00Z", noFix: true },
  {
    id: "104",
    name: "T-104",
    lat: 39.9612,
    lon: -82.9988,
    at: "2026-03-04T13:59:00Z",
    speedMph: 61.5,
    heading: 271,
  },
  { id: "105", name: "T-105", lat: 44.5133, lon: -88.0133, at: "2026-03-04T13:58:00Z" },
];

let servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

describe.each(["samsara", "motive"] as const)("the %s adapter against its loopback server", (kind) => {
  async function start(key = "secret-key") {
    const server = await startTelematics(kind, { key: "secret-key", trucks: fleet(), pageSize: 2 });
    servers.push(server);
    return { server, adapter: telematicsFor(kind, { url: server.url, key }) };
  }

  it("reads every page with the key in the provider's header, and maps each fix", async () => {
    const { server, adapter } = await start();
    const found = await adapter.vehicleLocations();
    // Five vehicles, two a page: three requests; the one without a fix is left out.
    expect(server.requests).toHaveLength(3);
    expect(
      server.requests.every((r) => r.auth === (kind === "samsara" ? "Bearer secret-key" : "secret-key")),
    ).toBe(true);
    if (kind === "samsara") {
      expect(server.requests[0].path).toBe("/fleet/vehicles/locations");
      expect(server.requests[1].path).toMatch(/^\/fleet\/vehicles\/locations\?after=.+/);
    } else {
      expect(server.requests.map((r) => new URL(r.path, "http://x").searchParams.get("page_no"))).toEqual([
        "1",
        "2",
        "3",
      ]);
    }
    expect(found.map((f) => f.externalId)).toEqual(["101", "102", "104", "105"]);
    expect(found[0]).toEqual({
      externalId: "101",
      name: "T-101",
      lat: 41.8781,
      lon: -87.6298,
      at: "2026-03-04T14:00:00.000Z",
      speedMph: 55,
      heading: 90,
    });
    expect(found[2]).toMatchObject({ name: "T-104", speedMph: 61.5, heading: 271 });
  });

  it("sees a truck move between two polls", async () => {
    const { server, adapter } = await start();
    server.move("102", 40.1, -85.9, "2026-03-04T14:01:05Z");
    const moved = (await adapter.vehicleLocations()).find((f) => f.externalId === "102");
    expect(moved).toMatchObject({ lat: 40.1, lon: -85.9, at: "2026-03-04T14:01:05.000Z" });
  });

  it("says the key was refused, or the provider is unavailable, without the key in the message", async () => {
    const { server, adapter } = await start("wrong-key");
    const refused = await adapter.vehicleLocations().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TelematicsError);
    expect(refused).toMatchObject({ kind: "refused" });
    expect((refused as Error).message).not.toContain("wrong-key");

    const good = telematicsFor(kind, { url: server.url, key: "secret-key" });
    server.failNext();
    await expect(good.vehicleLocations()).rejects.toMatchObject({ kind: "unavailable" });
    const gone = telematicsFor(kind, { url: "http://127.0.0.1:9", key: "secret-key", timeoutMs: 2000 });
    await expect(gone.vehicleLocations()).rejects.toMatchObject({ kind: "unavailable" });
  });
});
