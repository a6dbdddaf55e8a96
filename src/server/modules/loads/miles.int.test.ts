import { estimatedMiles, haversineMiles, roundMiles } from "@shared/geo/distance";
import { GPS_MILES_REASON, gpsMilesOffer, MILES_MESSAGES } from "@shared/loads/miles.schema";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import zipcodes from "zipcodes";
import {
  auditLog,
  drivers,
  geoSettings,
  lastPositions,
  loadJurisdictionMiles,
  loadRoutes,
  loads,
} from "../../db/schema";
import { driverIdOf, emptyDispatchOffice, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { startRouter } from "../../testing/router-server";
import { routePendingLoads } from "./miles.service";

/*
 * A load's loaded and empty miles (issue 40): computed from the stops on every save, routed by the
 * configured engine in the `load-miles` job, overridden by staff with a reason, followed by per-mile
 * pay, frozen on completed loads.
 */

let ctx: TestContext;
let dispatcher: string;
let jake: string;
let rosa: string;
let jakeId: string;

/** A ZIP's centre as the gazetteer has it (the stops here carry no coordinates of their own). */
const zip = (code: string) => {
  const z = zipcodes.lookup(code);
  if (!z) throw new Error(code);
  return { lat: z.latitude, lon: z.longitude };
};
const est = (...codes: string[]) => roundMiles(estimatedMiles(codes.map(zip)).miles);

const stop = (type: "pickup" | "delivery", city: string, state: string, postalCode: string, at: string) => ({
  type,
  locationName: `${city} dock`,
  address: "1 Main St",
  city,
  state,
  postalCode,
  scheduledAt: at,
  contactName: "Ann",
  contactPhone: "+1 312 555 0100",
});
const chicago = (at = "2026-03-02T14:00:00Z") => stop("pickup", "Chicago", "IL", "60601", at);
const dallas = (at = "2026-03-04T18:00:00Z") => stop("delivery", "Dallas", "TX", "75201", at);

/** A load entered by the dispatcher with its miles left to the route. */
function computed(overrides: Record<string, unknown> = {}) {
  return loadInput({ loadedMiles: "", milesOverrideReason: "", ...overrides });
}
const create = (body: unknown) => call(ctx, "/api/loads", { body, cookie: dispatcher });
const update = (id: string, body: unknown) =>
  call(ctx, `/api/loads/${id}`, { method: "PUT", body, cookie: dispatcher });
const milesOf = (id: string, cookie = dispatcher) => call(ctx, `/api/loads/${id}/miles`, { cookie });

beforeAll(async () => {
  ctx = await createTestContext();
  await emptyDispatchOffice(ctx);
  dispatcher = await signIn(ctx, "dispatcher@demo.test");
  jake = await signIn(ctx, "driver@demo.test");
  rosa = await signIn(ctx, "driver2@demo.test");
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  await ctx.deps.db.update(drivers).set({ defaultPayType: null, defaultPayRate: null });
});
afterAll(() => ctx.close());

describe("computed miles", () => {
  it("gives a new load the offline estimate, labelled estimated, with its miles by state", async () => {
    const res = await create(computed());
    expect(res.status).toBe(201);
    // Chicago 60601 → Dallas 75201: great circle × 1.18.
    const expected = est("60601", "75201");
    expect(expected).toBeGreaterThan(900);
    expect(res.json).toMatchObject({ loadedMiles: expected, milesSource: "estimated", emptyMiles: null });

    const miles = await milesOf(res.json.id);
    expect(miles.status).toBe(200);
    expect(miles.json).toMatchObject({
      loadedMiles: expected,
      source: "estimated",
      status: "current",
      engine: "offline",
      overrideReason: null,
    });
    const states = miles.json.stateMiles.filter((s: { leg: string }) => s.leg === "loaded");
    expect(states.map((s: { jurisdiction: string }) => s.jurisdiction)).toEqual(
      expect.arrayContaining(["IL", "MO", "OK", "TX"]),
    );
    expect(states.every((s: { source: string }) => s.source === "estimated")).toBe(true);
    // The states add up to the load's miles exactly.
    const total = states.reduce((s: number, r: { miles: number }) => s + r.miles * 10, 0);
    expect(Math.round(total)).toBe(Math.round(expected * 10));
    // $/mi for staff: total rate 2225.50 ÷ miles.
    expect(miles.json.ratePerMile).toBe((Math.round(222550 / expected) / 100).toFixed(2));
    const [route] = await ctx.deps.db.select().from(loadRoutes).where(eq(loadRoutes.loadId, res.json.id));
    expect(route).toMatchObject({ leg: "loaded", engine: "offline", miles: expected });
  });

  it("recomputes the miles when the stops change", async () => {
    const res = await create(computed());
    const input = computed({
      stops: [chicago(), stop("delivery", "Columbus", "OH", "43215", "2026-03-03T18:00:00Z")],
    });
    const edited = await update(res.json.id, input);
    expect(edited.status).toBe(200);
    expect(edited.json.loadedMiles).toBe(est("60601", "43215"));
    const three = computed({
      stops: [
        chicago(),
        stop("delivery", "Indianapolis", "IN", "46204", "2026-03-03T10:00:00Z"),
        stop("delivery", "Columbus", "OH", "43215", "2026-03-03T18:00:00Z"),
      ],
    });
    const again = await update(res.json.id, three);
    expect(again.json.loadedMiles).toBe(est("60601", "46204", "43215"));
    const rows = await ctx.deps.db
      .select()
      .from(loadJurisdictionMiles)
      .where(eq(loadJurisdictionMiles.loadId, res.json.id));
    expect(rows.map((r) => r.jurisdiction).sort()).toEqual(["IL", "IN", "OH"]);
  });

  it("says which stop cannot be placed, and keeps typed miles without asking why", async () => {
    const lost = stop("delivery", "Xyzzyville", "IL", "", "2026-03-04T18:00:00Z");
    const res = await create(computed({ stops: [chicago(), lost] }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ loadedMiles: null, milesSource: "none" });
    const miles = await milesOf(res.json.id);
    expect(miles.json).toMatchObject({ status: "unplaceable", unplacedStops: [2], loadedMiles: null });
    const typed = await create(computed({ stops: [chicago(), lost], loadedMiles: 120 }));
    expect(typed.json).toMatchObject({ loadedMiles: 120, milesSource: "manual" });
  });
});

describe("overrides", () => {
  it("needs a reason for typed miles that differ from the route, and keeps them through edits", async () => {
    const expected = est("60601", "75201");
    const noReason = await create(computed({ loadedMiles: 1000 }));
    expect(noReason.status).toBe(400);
    expect(noReason.json.error.details.fields.milesOverrideReason).toBe(
      MILES_MESSAGES.reasonWithMiles(expected),
    );
    // Typing the estimate itself is no override.
    const same = await create(computed({ loadedMiles: expected }));
    expect(same.json).toMatchObject({ loadedMiles: expected, milesSource: "estimated" });

    const res = await create(computed({ loadedMiles: 1000, milesOverrideReason: "Bridge closed on I-55" }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ loadedMiles: 1000, milesSource: "override" });
    // The form sends the override back with another change: it stays.
    const edited = await update(res.json.id, computed({ loadedMiles: 1000, description: "Now 20 pallets" }));
    expect(edited.json).toMatchObject({ loadedMiles: 1000, milesSource: "override" });
    expect((await milesOf(res.json.id)).json.overrideReason).toBe("Bridge closed on I-55");
    // Emptied: back to the route.
    const cleared = await update(res.json.id, computed());
    expect(cleared.json).toMatchObject({ loadedMiles: expected, milesSource: "estimated" });
  });

  it("overrides through PUT /miles with a reason, on the timeline and in the audit log, until cleared", async () => {
    const res = await create(computed());
    const id = res.json.id;
    const bad = await call(ctx, `/api/loads/${id}/miles`, {
      method: "PUT",
      body: { loadedMiles: 990 },
      cookie: dispatcher,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields.reason).toBe(MILES_MESSAGES.reason);
    const ok = await call(ctx, `/api/loads/${id}/miles`, {
      method: "PUT",
      body: { loadedMiles: "990", emptyMiles: 45, reason: "Detour around the closed bridge" },
      cookie: dispatcher,
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      loadedMiles: 990,
      emptyMiles: 45,
      source: "override",
      overrideReason: "Detour around the closed bridge",
    });
    // The state split is kept, scaled to the typed miles.
    const loaded = ok.json.stateMiles.filter((s: { leg: string }) => s.leg === "loaded");
    expect(Math.round(loaded.reduce((s: number, r: { miles: number }) => s + r.miles * 10, 0))).toBe(9900);

    const detail = await call(ctx, `/api/loads/${id}`, { cookie: dispatcher });
    const event = detail.json.timeline.find((e: { kind: string }) => e.kind === "miles_overridden");
    expect(event).toMatchObject({ note: "Detour around the closed bridge", data: { loadedMiles: 990 } });
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "load.miles_overridden"), eq(auditLog.targetId, id)));
    expect(audit.details).toMatchObject({ to: 990, reason: "Detour around the closed bridge" });

    // An edit of the stops recomputes nothing typed: the override survives (the form sends it back).
    const edited = await update(
      id,
      computed({ loadedMiles: 990, stops: [chicago(), dallas("2026-03-05T18:00:00Z")] }),
    );
    expect(edited.json).toMatchObject({ loadedMiles: 990, emptyMiles: 45, milesSource: "override" });

    const clear = await call(ctx, `/api/loads/${id}/miles/override`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(clear.status).toBe(200);
    expect((await milesOf(id)).json).toMatchObject({
      loadedMiles: est("60601", "75201"),
      source: "estimated",
    });
    const again = await call(ctx, `/api/loads/${id}/miles/override`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("NOT_OVERRIDDEN");
  });
});

describe("empty miles and pay", () => {
  it("measures empty miles from the driver's previous delivery, and updates the next load's", async () => {
    // Jake's later load first: Houston → Austin on the 6th, nothing before it yet.
    const later = await create(
      computed({
        driverId: jakeId,
        stops: [
          stop("pickup", "Houston", "TX", "77002", "2026-04-06T14:00:00Z"),
          stop("delivery", "Austin", "TX", "78701", "2026-04-06T20:00:00Z"),
        ],
      }),
    );
    expect(later.json.emptyMiles).toBeNull();
    // Then the one delivering in Dallas on the 4th: the Houston pickup's deadhead now starts in Dallas.
    const earlier = await create(
      computed({
        driverId: jakeId,
        stops: [chicago("2026-04-02T14:00:00Z"), dallas("2026-04-04T18:00:00Z")],
      }),
    );
    expect(earlier.status).toBe(201);
    const [row] = await ctx.deps.db
      .select({ emptyMiles: loads.emptyMiles, from: loads.emptyFromLoadId })
      .from(loads)
      .where(eq(loads.id, later.json.id));
    expect(row).toEqual({ emptyMiles: est("75201", "77002"), from: earlier.json.id });
    const miles = await milesOf(later.json.id);
    expect(miles.json.stateMiles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ leg: "empty", jurisdiction: "TX", source: "estimated" }),
      ]),
    );
    // The earlier load called off: the later one no longer starts from its delivery.
    const cancelled = await call(ctx, `/api/loads/${earlier.json.id}/status`, {
      body: { status: "cancelled" },
      cookie: dispatcher,
    });
    expect(cancelled.status).toBe(200);
    const [after] = await ctx.deps.db
      .select({ emptyMiles: loads.emptyMiles, from: loads.emptyFromLoadId })
      .from(loads)
      .where(eq(loads.id, later.json.id));
    expect(after).toEqual({ emptyMiles: null, from: null });
  });

  it("keeps per-mile driver pay on the miles as they change", async () => {
    const res = await create(computed({ payType: "per_mile", payRate: "0.60" }));
    const first = est("60601", "75201");
    expect(res.json.driverPay).toBe((Math.round(60 * first) / 100).toFixed(2));
    const edited = await update(
      res.json.id,
      computed({
        payType: "per_mile",
        payRate: "0.60",
        stops: [chicago(), stop("delivery", "Columbus", "OH", "43215", "2026-03-03T18:00:00Z")],
      }),
    );
    const second = est("60601", "43215");
    expect(edited.json.driverPay).toBe((Math.round(60 * second) / 100).toFixed(2));
    const typed = await call(ctx, `/api/loads/${res.json.id}/miles`, {
      method: "PUT",
      body: { loadedMiles: 400, reason: "Customer's agreed lane miles" },
      cookie: dispatcher,
    });
    expect(typed.status).toBe(200);
    const detail = await call(ctx, `/api/loads/${res.json.id}`, { cookie: dispatcher });
    expect(detail.json.driverPay).toBe("240.00");
  });

  it("keeps a completed load's miles from every recompute; a cancelled load's from a person too", async () => {
    const res = await create(computed());
    await ctx.deps.db.update(loads).set({ status: "cancelled" }).where(eq(loads.id, res.json.id));
    const put = await call(ctx, `/api/loads/${res.json.id}/miles`, {
      method: "PUT",
      body: { loadedMiles: 10, reason: "Late correction" },
      cookie: dispatcher,
    });
    expect(put.status).toBe(409);
    expect(put.json.error).toMatchObject({ code: "LOAD_LOCKED", message: MILES_MESSAGES.cancelled });
    // Nothing recomputes a completed load: the job skips it, the settings do not matter.
    await ctx.deps.db
      .update(loads)
      .set({ status: "completed", milesStatus: "pending" })
      .where(eq(loads.id, res.json.id));
    await routePendingLoads(ctx.deps);
    const [row] = await ctx.deps.db.select().from(loads).where(eq(loads.id, res.json.id));
    expect(row).toMatchObject({
      loadedMiles: est("60601", "75201"),
      milesSource: "estimated",
      milesStatus: "pending",
    });
  });

  it('takes the miles GPS measured on a delivered load through the override, with the reason "GPS miles"', async () => {
    // Delivered at 0.55/mi; the nightly job split its breadcrumb by state: 498.6 + 23.7 = 522.3 mi.
    const res = await create(computed({ payType: "per_mile", payRate: "0.55" }));
    const id = res.json.id;
    await ctx.deps.db.update(loads).set({ status: "completed" }).where(eq(loads.id, id));
    await ctx.deps.db.delete(loadJurisdictionMiles).where(eq(loadJurisdictionMiles.loadId, id));
    await ctx.deps.db.insert(loadJurisdictionMiles).values([
      { loadId: id, leg: "loaded", source: "gps", jurisdiction: "IL", miles: "498.6" },
      { loadId: id, leg: "loaded", source: "gps", jurisdiction: "IN", miles: "23.7" },
    ]);
    const before = await milesOf(id);
    expect(before.json.settled).toBe(false);
    expect(gpsMilesOffer(before.json)).toBe(522.3);

    const put = await call(ctx, `/api/loads/${id}/miles`, {
      method: "PUT",
      body: { loadedMiles: gpsMilesOffer(before.json), reason: GPS_MILES_REASON },
      cookie: dispatcher,
    });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ loadedMiles: 522.3, source: "override", overrideReason: "GPS miles" });
    // The GPS rows are the load's state miles as they were; they now add up to its loaded miles.
    expect(put.json.stateMiles).toEqual([
      { jurisdiction: "IL", leg: "loaded", source: "gps", miles: 498.6 },
      { jurisdiction: "IN", leg: "loaded", source: "gps", miles: 23.7 },
    ]);
    expect(gpsMilesOffer(put.json)).toBeNull();
    // Per-mile pay follows: 522.3 mi × $0.55 = $287.265 → $287.27 (half up).
    const detail = await call(ctx, `/api/loads/${id}`, { cookie: dispatcher });
    expect(detail.json.driverPay).toBe("287.27");
    const event = detail.json.timeline.find((e: { kind: string }) => e.kind === "miles_overridden");
    expect(event).toMatchObject({ note: "GPS miles", data: { loadedMiles: 522.3 } });
    const [audit] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "load.miles_overridden"), eq(auditLog.targetId, id)));
    expect(audit.details).toMatchObject({ from: before.json.loadedMiles, to: 522.3, reason: "GPS miles" });
  });
});

describe("who sees the miles", () => {
  it("shows a driver their own load's miles (no $/mi), 404 for another's, and refuses their override", async () => {
    const res = await create(
      computed({
        driverId: jakeId,
        stops: [chicago("2026-05-02T14:00:00Z"), dallas("2026-05-04T18:00:00Z")],
      }),
    );
    const own = await milesOf(res.json.id, jake);
    expect(own.status).toBe(200);
    expect(own.json.ratePerMile).toBeNull();
    expect((await milesOf(res.json.id, rosa)).status).toBe(404);
    const put = await call(ctx, `/api/loads/${res.json.id}/miles`, {
      method: "PUT",
      body: { loadedMiles: 1, reason: "x" },
      cookie: jake,
    });
    expect(put.status).toBe(403);
  });

  it("previews the form's stops, with the driver's deadhead", async () => {
    const res = await call(ctx, "/api/loads/miles-preview", {
      body: {
        stops: [
          { city: "Chicago", state: "IL", postalCode: "60601" },
          { city: "Dallas", state: "TX", postalCode: "75201" },
        ],
      },
      cookie: dispatcher,
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      loadedMiles: est("60601", "75201"),
      emptyMiles: null,
      source: "estimated",
      unplacedStops: [],
    });
    const lost = await call(ctx, "/api/loads/miles-preview", {
      body: {
        stops: [
          { city: "Chicago", state: "IL", postalCode: "60601" },
          { city: "Nowhere", state: "ZZ" },
        ],
      },
      cookie: dispatcher,
    });
    expect(lost.json).toMatchObject({ loadedMiles: null, source: "none", unplacedStops: [2] });
  });
});

describe("routing engine", () => {
  it("routes pending loads through the configured OSRM in the load-miles job", async () => {
    const osrm = await startRouter("osrm", { factor: 1.3 });
    try {
      await ctx.deps.db
        .insert(geoSettings)
        .values({ id: 1, router: "osrm", routerUrl: osrm.url })
        .onConflictDoUpdate({ target: geoSettings.id, set: { router: "osrm", routerUrl: osrm.url } });
      const res = await create(
        computed({ stops: [chicago("2026-06-02T14:00:00Z"), dallas("2026-06-04T18:00:00Z")] }),
      );
      // The save answers at once with the estimate; the engine's miles come with the job.
      expect(res.json).toMatchObject({ loadedMiles: est("60601", "75201"), milesSource: "estimated" });
      expect((await milesOf(res.json.id)).json.status).toBe("pending");

      const result = await routePendingLoads(ctx.deps);
      expect(result.routed).toBeGreaterThanOrEqual(1);
      expect(osrm.requests.some((r) => r.path.startsWith("/route/v1/driving/"))).toBe(true);
      const routed = roundMiles(haversineMiles(zip("60601"), zip("75201")) * 1.3);
      const miles = await milesOf(res.json.id);
      expect(miles.json).toMatchObject({
        loadedMiles: routed,
        source: "routed",
        engine: "osrm",
        status: "current",
      });
      const loaded = miles.json.stateMiles.filter((s: { leg: string }) => s.leg === "loaded");
      expect(loaded.every((s: { source: string }) => s.source === "routed")).toBe(true);
      expect(Math.round(loaded.reduce((s: number, r: { miles: number }) => s + r.miles * 10, 0))).toBe(
        Math.round(routed * 10),
      );
      const [route] = await ctx.deps.db
        .select()
        .from(loadRoutes)
        .where(and(eq(loadRoutes.loadId, res.json.id), eq(loadRoutes.leg, "loaded")));
      expect(route).toMatchObject({ engine: "osrm", miles: routed });

      // Recorded state miles are never replaced by computed ones.
      await call(ctx, `/api/loads/${res.json.id}/state-miles`, {
        method: "PUT",
        body: {
          items: [
            { jurisdiction: "IL", miles: "300.0" },
            { jurisdiction: "TX", miles: "700.0" },
          ],
        },
        cookie: dispatcher,
      });
      await update(
        res.json.id,
        computed({ stops: [chicago("2026-06-02T14:00:00Z"), dallas("2026-06-04T19:00:00Z")] }),
      );
      await routePendingLoads(ctx.deps);
      const after = await call(ctx, `/api/loads/${res.json.id}/state-miles`, { cookie: dispatcher });
      expect(after.json).toMatchObject({
        source: "recorded",
        items: [
          { jurisdiction: "IL", miles: "300.0" },
          { jurisdiction: "TX", miles: "700.0" },
        ],
      });

      // An engine that is down leaves the load pending, with its estimate.
      osrm.script.fail = "error";
      const down = await create(
        computed({ stops: [chicago("2026-07-02T14:00:00Z"), dallas("2026-07-04T18:00:00Z")] }),
      );
      const failed = await routePendingLoads(ctx.deps);
      expect(failed.failed).toBe(1);
      expect((await milesOf(down.json.id)).json).toMatchObject({ status: "pending", source: "estimated" });
    } finally {
      await ctx.deps.db.update(geoSettings).set({ router: null, routerUrl: "" });
      await osrm.close();
    }
  });
});

describe("reports read the computed miles", () => {
  it("IFTA sums both legs from their best source and says how many are estimated; operational counts deadhead", async () => {
    const manager = await signIn(ctx, "manager@demo.test");
    // Two loads for Jake in 2031: Chicago → Dallas, then Houston → Austin (deadhead Dallas → Houston).
    const first = await create(
      computed({
        driverId: jakeId,
        stops: [chicago("2031-01-06T14:00:00Z"), dallas("2031-01-08T18:00:00Z")],
      }),
    );
    const second = await create(
      computed({
        driverId: jakeId,
        stops: [
          stop("pickup", "Houston", "TX", "77002", "2031-01-10T14:00:00Z"),
          stop("delivery", "Austin", "TX", "78701", "2031-01-10T20:00:00Z"),
        ],
      }),
    );
    const loaded = est("60601", "75201") + est("77002", "78701");
    const empty = est("75201", "77002");
    expect(second.json.emptyMiles).toBe(empty);
    // The first load's Illinois miles are recorded by the driver: they win over the estimate.
    await call(ctx, `/api/loads/${first.json.id}/state-miles`, {
      method: "PUT",
      body: {
        items: [
          { jurisdiction: "IL", miles: "100.0" },
          { jurisdiction: "TX", miles: "850.0" },
        ],
      },
      cookie: dispatcher,
    });

    // Delivered: computed miles count once the load has run.
    await ctx.deps.db
      .update(loads)
      .set({ status: "completed" })
      .where(inArray(loads.id, [first.json.id, second.json.id]));
    const period = "period=custom&from=2031-01-01&to=2031-03-31";
    const ifta = await call(ctx, `/api/reports/ifta?${period}`, { cookie: manager });
    expect(ifta.status).toBe(200);
    const sections = ifta.json.sections as Array<{
      figures: Array<{ key: string; value: string }>;
      tables: Array<{ key: string; rows: Array<{ label: { value: string }; values: string[] }> }>;
      warnings: Array<{ key: string }>;
    }>;
    const sources = sections.flatMap((s) => s.tables).find((t) => t.key === "iftaMileSources");
    const bySource = Object.fromEntries((sources?.rows ?? []).map((r) => [r.label.value, r.values]));
    // Recorded: the first load's loaded leg (950 mi). Estimated: its empty leg (from Jake's earlier
    // delivery, above) and the second load's loaded and empty legs.
    const firstEmpty = first.json.emptyMiles as number;
    expect(firstEmpty).toBeGreaterThan(0);
    const estimated = firstEmpty + est("77002", "78701") + empty;
    expect(bySource.recorded).toEqual(["1", "950.0"]);
    expect(bySource.estimated[0]).toBe("2");
    expect(Number(bySource.estimated[1])).toBeCloseTo(estimated, 1);
    const total = sections.flatMap((s) => s.figures).find((f) => f.key === "iftaMiles");
    expect(Number(total?.value)).toBeCloseTo(950 + estimated, 1);
    expect(sections.flatMap((s) => s.warnings).map((w) => w.key)).toContain("iftaEstimatedMiles");

    const ops = await call(ctx, `/api/reports/operational?${period}`, { cookie: manager });
    const figs = Object.fromEntries(
      (ops.json.sections as typeof sections).flatMap((s) => s.figures).map((f) => [f.key, f.value]),
    );
    expect(Number(figs.emptyMiles)).toBeCloseTo(firstEmpty + empty, 1);
    expect(figs.deadheadPercent).toBe(
      (((firstEmpty + empty) / (loaded + firstEmpty + empty)) * 100).toFixed(1),
    );
  });
});

describe("the load board", () => {
  it("shows a driver their deadhead from their latest delivery to each pickup, estimated", async () => {
    // Jake's latest delivery is in Austin (above); a board load picks up in Dallas.
    const posted = await create(
      computed({
        postedToBoard: true,
        stops: [
          stop("pickup", "Dallas", "TX", "75201", "2031-02-02T14:00:00Z"),
          stop("delivery", "Houston", "TX", "77002", "2031-02-02T20:00:00Z"),
        ],
      }),
    );
    const board = await call(ctx, "/api/load-board", { cookie: jake });
    const item = board.json.items.find((i: { id: string }) => i.id === posted.json.id);
    expect(item).toMatchObject({
      milesEstimated: true,
      loadedMiles: est("75201", "77002"),
      emptyMiles: est("78701", "75201"),
      emptyFrom: "delivery",
    });
  });

  it("measures the board's deadhead from the driver's own live position when it is fresh, else from their delivery", async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    const days = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
    // Jake delivered in Tulsa two days ago; his phone was in Oklahoma City an hour ago. The 2031
    // pickup has his January 2031 delivery (Austin, above) still ahead of the fix.
    const OKC = { lat: 35.4676, lon: -97.5164 };
    const tulsa = await create(
      computed({
        driverId: jakeId,
        stops: [
          stop("pickup", "Wichita", "KS", "67202", days(-3)),
          stop("delivery", "Tulsa", "OK", "74103", days(-2)),
        ],
      }),
    );
    expect(tulsa.status).toBe(201);
    await ctx.deps.db.delete(lastPositions);
    const fix = (recordedAt: Date) => ({
      unitKey: `driver:${jakeId}`,
      driverId: jakeId,
      latitude: OKC.lat,
      longitude: OKC.lon,
      recordedAt,
      source: "phone" as const,
    });
    await ctx.deps.db.insert(lastPositions).values(fix(hoursAgo(1)));
    const soon = await create(
      computed({
        postedToBoard: true,
        stops: [
          stop("pickup", "Dallas", "TX", "75201", days(3)),
          stop("delivery", "Houston", "TX", "77002", days(4)),
        ],
      }),
    );
    const later = await create(
      computed({
        postedToBoard: true,
        stops: [
          stop("pickup", "Dallas", "TX", "75201", "2031-03-02T14:00:00Z"),
          stop("delivery", "Houston", "TX", "77002", "2031-03-02T20:00:00Z"),
        ],
      }),
    );
    const item = async (cookie: string, id: string) =>
      (await call(ctx, "/api/load-board?pageSize=100", { cookie })).json.items.find(
        (i: { id: string }) => i.id === id,
      );
    // Oklahoma City → Dallas 75201: 189.4 mi great circle × 1.18 = 223.5 mi.
    const fromFix = roundMiles(estimatedMiles([OKC, zip("75201")]).miles);
    expect(fromFix).toBe(223.5);
    expect(await item(jake, soon.json.id)).toMatchObject({ emptyMiles: fromFix, emptyFrom: "position" });
    // The delivery still ahead of the fix is where the later pickup's deadhead starts.
    expect(await item(jake, later.json.id)).toMatchObject({
      emptyMiles: est("78701", "75201"),
      emptyFrom: "delivery",
    });

    // Own rows only: Rosa reads her own figure (no fix of hers, no delivery before: unknown).
    expect(await item(rosa, soon.json.id)).toMatchObject({ emptyMiles: null, emptyFrom: null });

    // A fix older than 24 hours no longer says where Jake is: back to his delivery in Tulsa.
    await ctx.deps.db.delete(lastPositions);
    await ctx.deps.db.insert(lastPositions).values(fix(hoursAgo(25)));
    expect(await item(jake, soon.json.id)).toMatchObject({
      emptyMiles: est("74103", "75201"),
      emptyFrom: "delivery",
    });
  });
});
