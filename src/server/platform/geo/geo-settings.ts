import {
  CIRCUITY_FACTOR,
  DEFAULT_GEOFENCE_RADIUS_MILES,
  DEFAULT_POSITION_RETENTION_DAYS,
  DEFAULT_SHARING_INTERVAL_SECONDS,
  type GeocoderKind,
  type RouterKind,
  type TelematicsKind,
} from "@shared/geo/geo.constants";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { geoSettings } from "../../db/schema";
import { openSecret } from "../secrets/secret-box";

/**
 * Settings → Maps & tracking as the server uses it (issue 40): the configured geocoder, routing
 * engine and ELD/GPS provider with their keys opened, and the tracking rules. Defaults apply until the
 * row is saved (no provider: the offline gazetteer and estimate). Keys are sealed with
 * `sealSecret(authSecret, geoKeyPurpose(kind), key)` and never leave the server.
 */
export interface GeoSettings {
  geocoder: { kind: GeocoderKind; url: string; key: string | null } | null;
  router: { kind: RouterKind; url: string; key: string | null } | null;
  telematics: { kind: TelematicsKind; url: string; key: string | null } | null;
  circuityFactor: number;
  tileStyleUrl: string;
  geofenceRadiusMiles: number;
  positionRetentionDays: number;
  sharingIntervalSeconds: number;
}

export type GeoKeyKind = "geocoder" | "router" | "telematics";
export const geoKeyPurpose = (kind: GeoKeyKind) => `geo:${kind}`;

export const DEFAULT_GEO_SETTINGS: GeoSettings = {
  geocoder: null,
  router: null,
  telematics: null,
  circuityFactor: CIRCUITY_FACTOR,
  tileStyleUrl: "",
  geofenceRadiusMiles: DEFAULT_GEOFENCE_RADIUS_MILES,
  positionRetentionDays: DEFAULT_POSITION_RETENTION_DAYS,
  sharingIntervalSeconds: DEFAULT_SHARING_INTERVAL_SECONDS,
};

/** Read fresh from the row (a few hundred µs); callers on hot paths keep it per request or per job run. */
export async function readGeoSettings(db: Db, authSecret: string): Promise<GeoSettings> {
  const [r] = await db.select().from(geoSettings).where(eq(geoSettings.id, 1));
  if (!r) return DEFAULT_GEO_SETTINGS;
  const open = (kind: GeoKeyKind, sealed: string | null) =>
    sealed ? openSecret(authSecret, geoKeyPurpose(kind), sealed) : null;
  return {
    geocoder: r.geocoder
      ? { kind: r.geocoder, url: r.geocoderUrl, key: open("geocoder", r.geocoderKeySealed) }
      : null,
    router: r.router ? { kind: r.router, url: r.routerUrl, key: open("router", r.routerKeySealed) } : null,
    telematics: r.telematics
      ? { kind: r.telematics, url: r.telematicsUrl, key: open("telematics", r.telematicsKeySealed) }
      : null,
    circuityFactor: Number(r.circuityFactor),
    tileStyleUrl: r.tileStyleUrl,
    geofenceRadiusMiles: Number(r.geofenceRadiusMiles),
    positionRetentionDays: r.positionRetentionDays,
    sharingIntervalSeconds: r.sharingIntervalSeconds,
  };
}
