import type { TelematicsKind } from "@shared/geo/geo.constants";
import { POSITION_FUTURE_SKEW_MS, POSITION_MAX_AGE_MS } from "@shared/tracking/tracking.schema";
import { vehicles } from "../../db/schema";
import type { Deps } from "../../deps";
import { readGeoSettings } from "../../platform/geo/geo-settings";
import { TelematicsError, type TelematicsOptions, telematicsFor } from "../../platform/telematics/telematics";
import type { UnitFix } from "./positions.service";

/**
 * How fixes reach `vehicle_positions`: the tracking ingest for units (`ingestUnitPositions` in
 * `positions.service.ts`, which the job passes), answering how many were new.
 */
export type StoreUnitPositions = (
  deps: Deps,
  input: { source: TelematicsKind; vehicleId: string; points: UnitFix[] },
) => Promise<{ stored: number; duplicates: number }>;

export interface TelematicsPollResult {
  provider: TelematicsKind | null;
  /**
   * Fixes the provider gave, fixes newly stored for our trucks (a unit that has not moved since the
   * last poll gives the same fix: a duplicate, not stored again), and the provider's vehicles we do not know.
   */
  fixes: number;
  stored: number;
  unmatched: string[];
  error?: TelematicsError["kind"];
}

const MPH_TO_MPS = 0.44704;
/** A vehicle gateway's GPS fix; the providers do not report its accuracy. */
const UNIT_ACCURACY_M = 10;

const unitKey = (s: string) => s.trim().toUpperCase();

/**
 * The minute job `telematics-poll` (issue 40, decision 054): reads the ELD/GPS provider configured in
 * Settings → Maps & tracking, matches its vehicles to our trucks — by `vehicles.telematics_id`, else
 * by unit number = Samsara's `name` / Motive's `number` (only trucks without a telematics id) — and
 * stores each truck's fix through the tracking ingest, which keeps it once (its key is the fix's time),
 * runs the geofences and moves the truck on the map. Vehicles we do not know are ignored (named in the
 * result, never stored). A truck with a unit is placed by it; its driver's phone places it otherwise.
 */
export async function pollTelematics(
  deps: Deps,
  store: StoreUnitPositions,
  options: Pick<TelematicsOptions, "fetch" | "timeoutMs"> = {},
  now = new Date(),
): Promise<TelematicsPollResult> {
  const settings = await readGeoSettings(deps.db, deps.config.authSecret);
  const provider = settings.telematics;
  if (!provider?.key) return { provider: null, fixes: 0, stored: 0, unmatched: [] };
  let fixes: Awaited<ReturnType<ReturnType<typeof telematicsFor>["vehicleLocations"]>>;
  try {
    fixes = await telematicsFor(provider.kind, {
      url: provider.url,
      key: provider.key,
      ...options,
    }).vehicleLocations();
  } catch (err) {
    if (!(err instanceof TelematicsError)) throw err;
    deps.log.warn("telematics poll failed", { provider: provider.kind, reason: err.message });
    return { provider: provider.kind, fixes: 0, stored: 0, unmatched: [], error: err.kind };
  }

  const trucks = await deps.db
    .select({ id: vehicles.id, unitNumber: vehicles.unitNumber, telematicsId: vehicles.telematicsId })
    .from(vehicles);
  const byTelematicsId = new Map(trucks.filter((t) => t.telematicsId).map((t) => [t.telematicsId, t.id]));
  const byUnitNumber = new Map(
    trucks.filter((t) => !t.telematicsId).map((t) => [unitKey(t.unitNumber), t.id]),
  );

  const result: TelematicsPollResult = {
    provider: provider.kind,
    fixes: fixes.length,
    stored: 0,
    unmatched: [],
  };
  for (const fix of fixes) {
    const vehicleId =
      byTelematicsId.get(fix.externalId) ?? (fix.name ? byUnitNumber.get(unitKey(fix.name)) : undefined);
    if (!vehicleId) {
      result.unmatched.push(fix.name || fix.externalId);
      continue;
    }
    // The ingest refuses these too; a unit that lost its GPS days ago is not news.
    const age = now.getTime() - Date.parse(fix.at);
    if (age > POSITION_MAX_AGE_MS || age < -POSITION_FUTURE_SKEW_MS) continue;
    const { stored } = await store(deps, {
      source: provider.kind,
      vehicleId,
      points: [
        {
          recordedAt: new Date(fix.at),
          lat: fix.lat,
          lon: fix.lon,
          accuracyM: UNIT_ACCURACY_M,
          speedMps: fix.speedMph === null ? null : Math.min(100, Math.max(0, fix.speedMph * MPH_TO_MPS)),
          heading: fix.heading === null ? null : ((fix.heading % 360) + 360) % 360,
        },
      ],
    });
    result.stored += stored;
  }
  return result;
}
