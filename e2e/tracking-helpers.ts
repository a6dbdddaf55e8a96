import { type Browser, expect, type Page, test } from "@playwright/test";
import type { LoadTracking, PositionBatchResult } from "../src/shared/tracking/tracking.schema";
import { loginAs } from "./fixtures";
import { hoursFromNow, send, uniqueLoadNumber } from "./load-helpers";

/*
 * Live tracking against the real server (issue 40): a driver of the spec's own — a sign-in, consent
 * to share, a load in progress — whose phone posts real fixes, so no spec moves a demo truck another
 * spec reads.
 */

export interface Place {
  lat: number;
  lon: number;
}

export interface DriverOnTheRoad {
  driverId: string;
  name: string;
  phoneNumber: string;
  /** The driver's own browser (signed in, password changed, consent given). */
  phone: Page;
  load: { id: string; loadNumber: string };
  pickup: { id: string; locationName: string } & Place;
  delivery: { id: string; locationName: string } & Place;
}

/** A stop at a real ZIP: the gazetteer places it at the ZIP's centre. */
const dock = (
  type: "pickup" | "delivery",
  locationName: string,
  city: string,
  state: string,
  postalCode: string,
  scheduledAt: string,
) => ({ type, locationName, address: "1 Dock St", city, state, postalCode, scheduledAt });

/**
 * A new driver named `name` with a sign-in of their own, who agreed to share their location, on a
 * load in progress from Joliet, IL (60432) to Indianapolis, IN (46204), with appointments the truck keeps
 * (the pickup in an hour, the delivery in 12): none of these trucks runs late.
 * `dispatcher` is a signed-in dispatcher's page.
 */
export async function driverOnTheRoad(
  browser: Browser,
  dispatcher: Page,
  name: string,
): Promise<DriverOnTheRoad> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `gps.${stamp}@drivers.test`;
  const phoneNumber = `+1 815 555 ${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`;
  const temporary = "Welcome2026!";
  const driver = await send<{ id: string }>(dispatcher, "post", "/api/drivers", {
    fullName: name,
    email,
    phone: phoneNumber,
    createAccount: true,
    password: temporary,
  });
  const loadNumber = uniqueLoadNumber("GPS");
  const created = await send<{ id: string; stops: Array<{ id: string; locationName: string }> }>(
    dispatcher,
    "post",
    "/api/loads",
    {
      loadNumber,
      driverId: driver.id,
      baseRate: "1200",
      stops: [
        dock("pickup", `Joliet Dock ${stamp}`, "Joliet", "IL", "60432", hoursFromNow(1)),
        dock("delivery", `Circle City Foods ${stamp}`, "Indianapolis", "IN", "46204", hoursFromNow(12)),
      ],
    },
  );
  await send(dispatcher, "post", `/api/loads/${created.id}/status`, { status: "in_progress" });

  // The driver signs in on their own browser, replaces the temporary password and agrees to share.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const phone = await context.newPage();
  await loginAs(phone, email, temporary);
  await send(phone, "post", "/api/me/password", {
    currentPassword: temporary,
    newPassword: "Rolling2026!",
    confirmPassword: "Rolling2026!",
  });
  await send(phone, "put", "/api/tracking/consent", { consent: true });

  // The stops as the geocoder placed them (on save, from the ZIP): the geofences the fixes cross.
  let tracking: LoadTracking | null = null;
  await expect
    .poll(async () => {
      const res = await dispatcher.request.get(`/api/loads/${created.id}/tracking`);
      tracking = res.ok() ? ((await res.json()) as LoadTracking) : null;
      return tracking?.stops.every((s) => s.lat !== null && s.lon !== null) ?? false;
    })
    .toBe(true);
  const stops = (tracking as LoadTracking | null)?.stops ?? [];
  const placed = (i: number) => ({
    id: stops[i].id,
    locationName: stops[i].locationName,
    lat: stops[i].lat as number,
    lon: stops[i].lon as number,
  });
  return {
    driverId: driver.id,
    name,
    phoneNumber,
    phone,
    load: { id: created.id, loadNumber },
    pickup: placed(0),
    delivery: placed(1),
  };
}

/** The phone sends a batch of fixes (device time `at`, 10 m accuracy, 25 m/s) as the app does. */
export async function postFixes(
  phone: Page,
  fixes: Array<Place & { at: Date }>,
): Promise<PositionBatchResult> {
  const result = await send<PositionBatchResult>(phone, "post", "/api/tracking/positions", {
    points: fixes.map((f) => ({ t: f.at.toISOString(), lat: f.lat, lon: f.lon, acc: 10, spd: 25, hdg: 135 })),
  });
  expect(result.rejected).toEqual([]);
  return result;
}

/**
 * Waits for the `tracking-minute` job (every minute, the real scheduler) to give the load an ETA: up
 * to 90 s, the job's period plus its run — the one wait these specs cannot shorten.
 */
export async function etaOf(staff: Page, loadId: string): Promise<NonNullable<LoadTracking["eta"]>> {
  let eta: LoadTracking["eta"] = null;
  await expect
    .poll(
      async () => {
        const res = await staff.request.get(`/api/loads/${loadId}/tracking`);
        eta = ((await res.json()) as LoadTracking).eta;
        return eta?.etaAt ?? null;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .not.toBeNull();
  return eta as unknown as NonNullable<LoadTracking["eta"]>;
}

/** `miles` from `from` on a bearing of 135° (south-east, towards Indianapolis). */
export function southEastOf(from: Place, miles: number): Place {
  const d = miles / 69 / Math.SQRT2;
  return { lat: from.lat - d, lon: from.lon + d / Math.cos((from.lat * Math.PI) / 180) };
}
