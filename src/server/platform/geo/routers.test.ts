import { haversineMiles } from "@shared/geo/distance";
import { afterEach, describe, expect, it } from "vitest";
import { startRouter } from "../../testing/router-server";
import { DEFAULT_GEO_SETTINGS, type GeoSettings } from "./geo-settings";
import { RouterError, routerFor } from "./router";
import { splitByJurisdiction } from "./state-split";

const chicago = { lat: 41.8781, lon: -87.6298 };
const indianapolis = { lat: 39.7684, lon: -86.1581 };
const columbus = { lat: 39.9612, lon: -82.9988 };
const stops = [chicago, indianapolis, columbus];
const gc = [haversineMiles(chicago, indianapolis), haversineMiles(indianapolis, columbus)];

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function settings(
  kind: "osrm" | "valhalla" | "graphhopper" | "pcmiler",
  url: string,
  key: string | null = null,
): GeoSettings {
  return { ...DEFAULT_GEO_SETTINGS, router: { kind, url, key } };
}

describe("routerFor", () => {
  it("is the offline estimate when no engine is configured", async () => {
    const router = routerFor({ ...DEFAULT_GEO_SETTINGS, circuityFactor: 1.2 });
    expect(router.engine).toBe("offline");
    const r = await router.route(stops);
    expect(r.miles).toBeCloseTo((gc[0] + gc[1]) * 1.2, 3);
    expect(r.legMiles[0]).toBeCloseTo(gc[0] * 1.2, 3);
    expect(Object.keys(splitByJurisdiction(r.geometry ?? [])).sort()).toEqual(["IL", "IN", "OH"]);
  });

  it("speaks OSRM's route service: lon,lat pairs, polyline6, meters per leg", async () => {
    const engine = await startRouter("osrm");
    servers.push(engine);
    const r = await routerFor(settings("osrm", `${engine.url}/`)).route(stops);
    expect(engine.requests[0].path).toBe(
      "/route/v1/driving/-87.629800,41.878100;-86.158100,39.768400;-82.998800,39.961200",
    );
    expect(engine.requests[0].query.get("geometries")).toBe("polyline6");
    expect(engine.requests[0].query.get("overview")).toBe("full");
    expect(r.engine).toBe("osrm");
    expect(r.legMiles[0]).toBeCloseTo(gc[0] * 1.25, 3);
    expect(r.miles).toBeCloseTo((gc[0] + gc[1]) * 1.25, 3);
    expect(r.geometry?.[0].lat).toBeCloseTo(chicago.lat, 5);
    expect(Object.keys(splitByJurisdiction(r.geometry ?? [])).sort()).toEqual(["IL", "IN", "OH"]);

    engine.script.fail = "no_route";
    await expect(routerFor(settings("osrm", engine.url)).route(stops)).rejects.toMatchObject({
      kind: "not_found",
    });
    engine.script.fail = "error";
    await expect(routerFor(settings("osrm", engine.url)).route(stops)).rejects.toMatchObject({
      kind: "unavailable",
    });
  });

  it("speaks Valhalla's /route: truck costing in miles, one shape per leg", async () => {
    const engine = await startRouter("valhalla", { key: "vk" });
    servers.push(engine);
    const r = await routerFor(settings("valhalla", engine.url, "vk")).route(stops);
    expect(engine.requests[0].method).toBe("POST");
    expect(engine.requests[0].query.get("api_key")).toBe("vk");
    expect(engine.requests[0].body).toMatchObject({
      costing: "truck",
      units: "miles",
      locations: [{ lat: chicago.lat, lon: chicago.lon, type: "break" }, {}, {}],
    });
    expect(r.legMiles[1]).toBeCloseTo(gc[1] * 1.25, 3);
    expect(r.miles).toBeCloseTo((gc[0] + gc[1]) * 1.25, 3);
    expect(Object.keys(splitByJurisdiction(r.geometry ?? [])).sort()).toEqual(["IL", "IN", "OH"]);

    await expect(routerFor(settings("valhalla", engine.url, "wrong")).route(stops)).rejects.toMatchObject({
      kind: "refused",
    });
    engine.script.fail = "no_route";
    await expect(routerFor(settings("valhalla", engine.url, "vk")).route(stops)).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("speaks GraphHopper's /route: truck profile, polyline5, legs measured along the line", async () => {
    const engine = await startRouter("graphhopper", { key: "gk", factor: 1.1 });
    servers.push(engine);
    const r = await routerFor(settings("graphhopper", engine.url, "gk")).route(stops);
    expect(engine.requests[0].query.get("key")).toBe("gk");
    expect(engine.requests[0].body).toMatchObject({
      profile: "truck",
      points: [[chicago.lon, chicago.lat], expect.any(Array), expect.any(Array)],
    });
    expect(r.miles).toBeCloseTo((gc[0] + gc[1]) * 1.1, 3);
    expect(r.legMiles).toHaveLength(2);
    expect(r.legMiles[0]).toBeCloseTo(gc[0] * 1.1, 0);
    engine.script.fail = "no_route";
    await expect(routerFor(settings("graphhopper", engine.url, "gk")).route(stops)).rejects.toBeInstanceOf(
      RouterError,
    );
  });

  it("speaks PC*MILER's routeReports and takes its state report as the state miles", async () => {
    const engine = await startRouter("pcmiler", {
      key: "pk",
      stateMiles: { IL: 14.2, IN: 270.1, US_OH: 115.4 },
    });
    servers.push(engine);
    const r = await routerFor(settings("pcmiler", engine.url, "pk")).route(stops);
    expect(engine.requests[0].headers.authorization).toBe("pk");
    expect(engine.requests[0].query.get("reports")).toBe("Mileage,State");
    expect(engine.requests[0].query.get("vehType")).toBe("Truck");
    expect(engine.requests[0].query.get("stops")).toBe(
      "-87.629800,41.878100;-86.158100,39.768400;-82.998800,39.961200",
    );
    expect(r.geometry).toBeNull();
    expect(r.stateMiles).toEqual({ IL: 14.2, IN: 270.1, OH: 115.4 });
    expect(r.legMiles[0]).toBeCloseTo(Number((gc[0] * 1.25).toFixed(1)), 5);
    await expect(routerFor(settings("pcmiler", engine.url, "nope")).route(stops)).rejects.toMatchObject({
      kind: "refused",
    });
  });

  it("says unavailable when nothing listens", async () => {
    const engine = await startRouter("osrm");
    await engine.close();
    await expect(routerFor(settings("osrm", engine.url)).route(stops)).rejects.toMatchObject({
      kind: "unavailable",
    });
  });
});
