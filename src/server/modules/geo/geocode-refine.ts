import type { GeoStatus } from "@shared/geo/geo.constants";
import { sql } from "drizzle-orm";
import type { Deps } from "../../deps";
import { readGeoSettings } from "../../platform/geo/geo-settings";
import { type Geocoder, geocoderFor, locate, minIntervalMs } from "../../platform/geo/geocoder";
import { splitOneLine } from "../../platform/geo/place-rows";
import { userAgentOf } from "./geo-settings.service";

/** Rows the gazetteer alone places per table and minute (the migration's backlog clears in minutes). */
const GAZETTEER_BATCH = 5000;
/** Rows a provider is asked about per table and minute (the public Nominatim: one a second). */
const PROVIDER_BATCH = 20;

interface PendingRow extends Record<string, unknown> {
  id: string;
  address: string;
  city: string;
  state: string;
  postal_code: string;
}

const TABLES = [
  {
    table: "load_stops",
    select: sql`select id, address, city, state, postal_code from load_stops`,
  },
  {
    table: "locations",
    select: sql`select id, address, city, state, postal_code from locations`,
  },
  {
    // Customers keep one line ("4800 Race St, Denver, CO 80216"): split below.
    table: "customers",
    select: sql`select id, coalesce(address, '') as address, '' as city, '' as state, '' as postal_code from customers`,
  },
] as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The `geo-refine` job (every minute, issue 40): rows saved `pending` — because a provider is
 * configured, or left so by the migration — are placed. With a provider: a small batch per table,
 * spaced to its rate limit, each falling back to the gazetteer when the provider fails or answers
 * elsewhere (a provider that is down leaves the row pending, with the gazetteer's point, for the next
 * run). Without one: the gazetteer, in large batches. Stops placed, their loads' miles follow (WP2's
 * job reads `geo_status`). Returns how many rows were placed or found unplaceable.
 */
export async function refinePendingPlaces(deps: Deps, now = new Date()): Promise<number> {
  const { db, log } = deps;
  const settings = await readGeoSettings(db, deps.config.authSecret);
  const provider: Geocoder | null = settings.geocoder
    ? geocoderFor(settings.geocoder.kind, {
        url: settings.geocoder.url,
        key: settings.geocoder.key,
        userAgent: userAgentOf(deps),
      })
    : null;
  const gap = settings.geocoder ? minIntervalMs(settings.geocoder.kind, settings.geocoder.url) : 0;
  let done = 0;
  let last = 0;
  for (const { table, select } of TABLES) {
    const result = await db.execute<PendingRow>(
      sql`${select} where geo_status = 'pending' order by id limit ${provider ? PROVIDER_BATCH : GAZETTEER_BATCH}`,
    );
    for (const r of result.rows) {
      const q =
        table === "customers"
          ? splitOneLine(r.address)
          : { address: r.address, city: r.city, state: r.state, postalCode: r.postal_code };
      if (provider && gap) {
        const wait = last + gap - Date.now();
        if (wait > 0) await sleep(wait);
        last = Date.now();
      }
      const { place, providerOutcome } = await locate(q, provider);
      // The provider was down or refused: keep the row pending (retried next minute) with the gazetteer's point.
      const retry = providerOutcome === "unavailable" || providerOutcome === "refused";
      const status: GeoStatus = retry ? "pending" : place ? "placed" : "unplaced";
      await db.execute(sql`
        update ${sql.identifier(table)}
           set latitude = ${place?.lat ?? null}, longitude = ${place?.lon ?? null},
               geo_precision = ${place?.precision ?? null}, geo_source = ${place?.source ?? null},
               time_zone = ${place?.timeZone ?? null}, geo_status = ${status},
               geocoded_at = ${place ? now : null}
         where id = ${r.id} and geo_status = 'pending'`);
      if (retry) {
        // The kind and outcome only: never the key or the address.
        log.warn("geocoder unavailable", { provider: provider?.kind, outcome: providerOutcome });
        break;
      }
      done++;
    }
  }
  return done;
}
