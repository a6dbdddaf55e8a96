import { can, GEO_ENDPOINT } from "@shared/access";
import {
  GEO_MESSAGES,
  type GeoSettingsInput,
  type GeoSettingsView,
  type GeoTestResult,
  geoEndpoint,
  type geoSettingsInputSchema,
} from "@shared/geo/geo.schema";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { geoSettings } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, forbidden, HttpError } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { type GeoKeyKind, geoKeyPurpose, readGeoSettings } from "../../platform/geo/geo-settings";
import { geocoderFor, locate } from "../../platform/geo/geocoder";
import { openSecret, sealSecret } from "../../platform/secrets/secret-box";

type Input = z.output<typeof geoSettingsInputSchema>;
const PARTS = ["geocoder", "router", "telematics"] as const satisfies readonly GeoKeyKind[];

/** Providers that refuse every request without a key (self-hosted engines may need none). */
const KEY_REQUIRED = new Set(["google", "mapbox", "maptiler", "pcmiler", "samsara", "motive"]);

/** The address the Test button geocodes: a real, stable one (Midway airport's cargo road, Chicago). */
export const TEST_ADDRESS = {
  address: "5700 S Cicero Ave",
  city: "Chicago",
  state: "IL",
  postalCode: "60638",
};

/** The public address a Nominatim request identifies itself with (its usage policy asks for one). */
export const userAgentOf = (deps: Deps) =>
  `LoadManagementSystem/0.1 (${deps.config.company.email || deps.config.publicUrl})`;

/**
 * Settings → Maps & tracking (issue 40, decision 050). Anyone with `geo:configure` sets the tracking
 * rules (geofence radius, retention, sharing interval, circuity, tile style) and may replace a key for
 * the same provider and address; choosing a provider or moving its address — where the company's
 * addresses, routes or positions would go — needs `geo:endpoint` (the admin's) and the key typed
 * again, as for the AI assistant. Keys are sealed and never returned; the audit log records the old
 * and new endpoint, never the key.
 */
export function createGeoSettingsService(deps: Deps) {
  const { db, config } = deps;

  async function row() {
    const [r] = await db.select().from(geoSettings).where(eq(geoSettings.id, 1));
    return r ?? null;
  }
  type Row = NonNullable<Awaited<ReturnType<typeof row>>>;
  const sealedOf = (r: Row | null, part: GeoKeyKind) =>
    r
      ? { geocoder: r.geocoderKeySealed, router: r.routerKeySealed, telematics: r.telematicsKeySealed }[part]
      : null;
  const kindOf = (r: Row | null, part: GeoKeyKind) =>
    r ? { geocoder: r.geocoder, router: r.router, telematics: r.telematics }[part] : null;
  const urlOf = (r: Row | null, part: GeoKeyKind) =>
    r ? { geocoder: r.geocoderUrl, router: r.routerUrl, telematics: r.telematicsUrl }[part] : "";
  const keySet = (r: Row | null, part: GeoKeyKind) => {
    const sealed = sealedOf(r, part);
    return !!sealed && !!openSecret(config.authSecret, geoKeyPurpose(part), sealed);
  };

  async function view(actor: Actor): Promise<GeoSettingsView> {
    const r = await row();
    const s = await readGeoSettings(db, config.authSecret);
    const provider = <K>(part: GeoKeyKind) => ({
      kind: (kindOf(r, part) ?? null) as K | null,
      url: urlOf(r, part),
      keySet: keySet(r, part),
    });
    return {
      geocoder: provider(PARTS[0]),
      router: provider(PARTS[1]),
      telematics: provider(PARTS[2]),
      circuityFactor: s.circuityFactor,
      tileStyleUrl: s.tileStyleUrl,
      geofenceRadiusMiles: s.geofenceRadiusMiles,
      positionRetentionDays: s.positionRetentionDays,
      sharingIntervalSeconds: s.sharingIntervalSeconds,
      canChangeEndpoints: can(actor, GEO_ENDPOINT),
      updatedAt: r?.updatedAt.toISOString() ?? null,
      updatedByName: r?.updatedByName ?? null,
    } as GeoSettingsView;
  }

  return {
    view,

    async save(actor: Actor, input: Input): Promise<GeoSettingsView> {
      const current = await row();
      const sealed: Record<GeoKeyKind, string | null> = { geocoder: null, router: null, telematics: null };
      const from: string[] = [];
      const to: string[] = [];
      for (const part of PARTS) {
        const p = input[part];
        const before = geoEndpoint(kindOf(current, part) ?? null, urlOf(current, part));
        const after = geoEndpoint(p.kind, p.kind ? p.url : "");
        // Turning a provider off sends nothing anywhere (and forgets its key); any other new endpoint
        // is where the company's data would go: the endpoint permission's, with the key typed again.
        const moved = after !== null && after !== before;
        if (moved && !can(actor, GEO_ENDPOINT))
          throw forbidden(GEO_MESSAGES.endpoint, "GEO_ENDPOINT_FORBIDDEN");
        if (moved && !p.key && sealedOf(current, part))
          throw new HttpError(400, "GEO_KEY_REQUIRED", GEO_MESSAGES.keyAgain, {
            fields: { [`${part}.key`]: GEO_MESSAGES.keyAgain },
          });
        sealed[part] = !p.kind
          ? null
          : p.key
            ? sealSecret(config.authSecret, geoKeyPurpose(part), p.key)
            : (sealedOf(current, part) ?? null);
        if (p.kind && KEY_REQUIRED.has(p.kind) && !sealed[part])
          throw badRequest(GEO_MESSAGES.key, { fields: { [`${part}.key`]: GEO_MESSAGES.key } });
        if (after !== before) {
          from.push(`${part} ${before ?? "—"}`);
          to.push(`${part} ${after ?? "—"}`);
        }
      }
      const values = {
        geocoder: input.geocoder.kind,
        geocoderUrl: input.geocoder.kind ? input.geocoder.url : "",
        geocoderKeySealed: sealed.geocoder,
        router: input.router.kind,
        routerUrl: input.router.kind ? input.router.url : "",
        routerKeySealed: sealed.router,
        telematics: input.telematics.kind,
        telematicsUrl: input.telematics.kind ? input.telematics.url : "",
        telematicsKeySealed: sealed.telematics,
        circuityFactor: input.circuityFactor.toFixed(2),
        tileStyleUrl: input.tileStyleUrl,
        geofenceRadiusMiles: input.geofenceRadiusMiles.toFixed(2),
        positionRetentionDays: input.positionRetentionDays,
        sharingIntervalSeconds: input.sharingIntervalSeconds,
        updatedByName: actor.name,
        updatedAt: new Date(),
      };
      await db.transaction(async (tx) => {
        await tx
          .insert(geoSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: geoSettings.id, set: values });
        await recordAudit(tx, actor, {
          action: "geo.settings_updated",
          targetType: "company",
          // Which providers are set and whose key was typed, never a key: "geocoder pelias (new key), router —, telematics —".
          targetLabel: PARTS.map(
            (p) => `${p} ${input[p].kind ?? "—"}${input[p].kind && input[p].key ? " (new key)" : ""}`,
          ).join(", "),
          // Where addresses, routes or positions went and go now (provider and address, never the key).
          ...(from.length ? { details: { from: from.join("; "), to: to.join("; ") } } : {}),
        });
        // Every instance (the CSP's tile origins, the jobs) follows the change.
        await tx.execute(sql`select pg_notify('lms_geo_settings', '')`);
      });
      return view(actor);
    },

    /** Geocodes the test address once with the configured geocoder (none: the gazetteer) and says what came back. */
    async test(): Promise<GeoTestResult> {
      const s = await readGeoSettings(db, config.authSecret);
      const address = `${TEST_ADDRESS.address}, ${TEST_ADDRESS.city}, ${TEST_ADDRESS.state} ${TEST_ADDRESS.postalCode}`;
      const started = performance.now();
      const provider = s.geocoder
        ? geocoderFor(s.geocoder.kind, {
            url: s.geocoder.url,
            key: s.geocoder.key,
            userAgent: userAgentOf(deps),
          })
        : null;
      const { place, providerOutcome } = await locate(TEST_ADDRESS, provider);
      return {
        provider: s.geocoder?.kind ?? null,
        outcome: providerOutcome ?? "offline",
        address,
        place: place
          ? {
              status: "placed",
              lat: place.lat,
              lon: place.lon,
              precision: place.precision,
              timeZone: place.timeZone,
              label: place.label,
              source: place.source,
            }
          : null,
        milliseconds: Math.round(performance.now() - started),
      };
    },
  };
}
export type { GeoSettingsInput };
