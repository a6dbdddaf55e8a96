import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { geoSettings } from "../../db/schema";
import { DEMO_BY_ROLE } from "../../testing/demo-users";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { originsOf } from "./map-base";

/**
 * The maps' base (issue 40, decision 053): which base the screens draw, the shipped outlines, and the
 * Content-Security-Policy that lets the browser reach the tile service chosen in Settings.
 */

let ctx: TestContext;
let dispatcher: string;

beforeAll(async () => {
  ctx = await createTestContext();
  dispatcher = await signIn(ctx, DEMO_BY_ROLE.dispatcher);
});
afterAll(() => ctx.close());

describe("the maps' base", () => {
  it("is the shipped outlines until Settings names a tile style, then that style, allowed by the CSP", async () => {
    expect((await call(ctx, "/api/geo/map-base")).status).toBe(401);
    const before = await call(ctx, "/api/geo/map-base", { cookie: dispatcher });
    expect(before.status).toBe(200);
    expect(before.json).toEqual({ tileStyleUrl: null });
    expect(before.headers.get("content-security-policy")).toContain("worker-src 'self'");
    expect(before.headers.get("content-security-policy")).not.toContain("openfreemap");

    // Settings names OpenFreeMap; another instance (a fresh cache) reads it at once.
    await ctx.deps.db
      .insert(geoSettings)
      .values({ id: 1, tileStyleUrl: "https://tiles.openfreemap.org/styles/liberty" })
      .onConflictDoUpdate({
        target: geoSettings.id,
        set: { tileStyleUrl: "https://tiles.openfreemap.org/styles/liberty" },
      });
    const other = await ctx.anotherInstance();
    const after = await call(other, "/api/geo/map-base", { cookie: dispatcher });
    expect(after.json).toEqual({ tileStyleUrl: "https://tiles.openfreemap.org/styles/liberty" });
    // The policy is written before the settings are read again: the next answer carries the origin.
    const csp = (await call(other, "/api/health")).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/connect-src 'self' https:\/\/tiles\.openfreemap\.org(;|$)/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:\/\/tiles\.openfreemap\.org(;|$)/);
  });

  it("follows a save in Settings at once: a Protomaps archive named directly, its origin allowed by the CSP", async () => {
    const admin = await signIn(ctx, DEMO_BY_ROLE.admin);
    const saved = (await call(ctx, "/api/settings/geo", { cookie: admin })).json;
    const part = (p: { kind: string | null; url: string }) => ({ kind: p.kind, url: p.url, key: "" });
    const save = (tileStyleUrl: string) =>
      call(ctx, "/api/settings/geo", {
        method: "PUT",
        cookie: admin,
        body: {
          geocoder: part(saved.geocoder),
          router: part(saved.router),
          telematics: part(saved.telematics),
          circuityFactor: saved.circuityFactor,
          geofenceRadiusMiles: saved.geofenceRadiusMiles,
          positionRetentionDays: saved.positionRetentionDays,
          sharingIntervalSeconds: saved.sharingIntervalSeconds,
          tileStyleUrl,
        },
      });
    // Read once, so this instance holds the base for the next 30 s; the save must not wait them out.
    await call(ctx, "/api/geo/map-base", { cookie: dispatcher });
    const archive = "pmtiles://https://maps.example.com:8443/tiles/na.pmtiles";
    expect((await save(archive)).status).toBe(200);
    try {
      await ctx.deps.events.sync();
      const after = await call(ctx, "/api/geo/map-base", { cookie: dispatcher });
      expect(after.json).toEqual({ tileStyleUrl: archive });
      const csp = (await call(ctx, "/api/health")).headers.get("content-security-policy") ?? "";
      expect(csp).toMatch(/connect-src 'self' https:\/\/maps\.example\.com:8443(;|$)/);
    } finally {
      expect((await save(saved.tileStyleUrl)).status).toBe(200);
      await ctx.deps.events.sync();
    }
    expect((await call(ctx, "/api/geo/map-base", { cookie: dispatcher })).json).toEqual({
      tileStyleUrl: saved.tileStyleUrl || null,
    });
  });

  it("takes only an http(s) style's origin into the policy, or the archive's behind pmtiles://", () => {
    expect(originsOf("https://api.maptiler.com/maps/streets-v2/style.json?key=abc")).toEqual([
      "https://api.maptiler.com",
    ]);
    expect(originsOf("pmtiles://https://example.com/na.pmtiles")).toEqual(["https://example.com"]);
    expect(originsOf("pmtiles://http://127.0.0.1:8080/na.pmtiles")).toEqual(["http://127.0.0.1:8080"]);
    expect(originsOf("pmtiles://na.pmtiles")).toEqual([]);
    expect(originsOf("pmtiles://file:///etc/na.pmtiles")).toEqual([]);
    expect(originsOf("not a url")).toEqual([]);
    expect(originsOf(null)).toEqual([]);
  });

  it("serves the shipped outlines to anyone, cached: every US state and Canadian province, by our codes", async () => {
    const res = await call(ctx, "/api/geo/outlines");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.json.type).toBe("FeatureCollection");
    const ids = new Set(res.json.features.map((f: { id: string }) => f.id));
    for (const code of ["IL", "IN", "OH", "TX", "ON", "QC", "NL", "BC"]) expect(ids.has(code)).toBe(true);
  });
});
