import type { GeoPrecision, GeoSource, GeoStatus } from "@shared/geo/geo.constants";
import { eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { geoSettings, locations } from "../../db/schema";
import { type GazetteerHit, lookupCity, lookupPostal, stateCode } from "./gazetteer";
import { type GeocodeQuery, locate } from "./geocoder";

/**
 * Coordinates on save (issue 40, decision 050): a stop, saved location or customer gets the offline
 * gazetteer's point and zone in the same transaction (microseconds, no network). With a provider
 * configured the row is `pending` and the `geo-refine` job upgrades it within the minute; without one
 * it is `placed`, or `unplaced` when nothing matched (the form says so). Modules call these helpers
 * from their own write path, so no module imports another for it.
 */
export interface GeoFields {
  latitude: number | null;
  longitude: number | null;
  geoPrecision: GeoPrecision | null;
  geoSource: GeoSource | null;
  geoStatus: GeoStatus;
  timeZone: string | null;
  geocodedAt: Date | null;
}

type Address = Pick<GeocodeQuery, "address" | "city" | "state"> & { postalCode?: string | null };

/** Whether a geocoder is chosen in Settings (then rows wait for the job's better answer). */
export async function geocoderConfigured(db: Db | Tx): Promise<boolean> {
  const [row] = await db
    .select({ geocoder: geoSettings.geocoder })
    .from(geoSettings)
    .where(eq(geoSettings.id, 1));
  return !!row?.geocoder;
}

/** The gazetteer's fields for an address; `pending` when the job will ask the provider. */
export async function gazetteerFields(a: Address, providerConfigured: boolean): Promise<GeoFields> {
  const { place } = await locate({ ...a, postalCode: a.postalCode ?? "" });
  const status: GeoStatus = providerConfigured ? "pending" : place ? "placed" : "unplaced";
  return {
    latitude: place?.lat ?? null,
    longitude: place?.lon ?? null,
    geoPrecision: place?.precision ?? null,
    geoSource: place ? "gazetteer" : null,
    geoStatus: status,
    timeZone: place?.timeZone ?? null,
    geocodedAt: place ? new Date() : null,
  };
}

/** One address's fields on save. */
export async function placeAddress(db: Db | Tx, a: Address): Promise<GeoFields> {
  return gazetteerFields(a, await geocoderConfigured(db));
}

/** A one-line address (a customer's): split, then placed; none typed → `skipped` (nothing to place). */
export async function placeOneLine(db: Db | Tx, line: string | null | undefined): Promise<GeoFields> {
  if (!line?.trim()) return { ...fieldsOf({}), geoStatus: "skipped" };
  return placeAddress(db, splitOneLine(line));
}

const norm = (s: string | null | undefined) => (s ?? "").trim().toLowerCase().replace(/\s+/g, " ");
export const sameAddress = (a: Address, b: Address) =>
  norm(a.address) === norm(b.address) &&
  norm(a.city) === norm(b.city) &&
  (stateCode(a.state) ?? norm(a.state)) === (stateCode(b.state) ?? norm(b.state)) &&
  norm(a.postalCode).replace(/\s/g, "") === norm(b.postalCode).replace(/\s/g, "");

type Placed = Address & Partial<GeoFields>;
const fieldsOf = (r: Partial<GeoFields>): GeoFields => ({
  latitude: r.latitude ?? null,
  longitude: r.longitude ?? null,
  geoPrecision: r.geoPrecision ?? null,
  geoSource: r.geoSource ?? null,
  geoStatus: r.geoStatus ?? "pending",
  timeZone: r.timeZone ?? null,
  geocodedAt: r.geocodedAt ?? null,
});

/**
 * Each stop's fields, in order: a stop whose address did not change keeps its point (a provider's
 * rooftop is not downgraded by an edit of the appointment); a stop picked from a saved location with
 * the location's address copies the location's point; any other is placed by the gazetteer.
 */
export async function placeStops(
  tx: Db | Tx,
  stops: (Address & { id?: string | null; locationId?: string | null })[],
  previous: ReadonlyMap<string, Placed>,
): Promise<GeoFields[]> {
  const locationIds = [...new Set(stops.map((s) => s.locationId).filter((id): id is string => !!id))];
  const saved = new Map(
    locationIds.length
      ? (
          await tx
            .select({
              id: locations.id,
              address: locations.address,
              city: locations.city,
              state: locations.state,
              postalCode: locations.postalCode,
              latitude: locations.latitude,
              longitude: locations.longitude,
              geoPrecision: locations.geoPrecision,
              geoSource: locations.geoSource,
              geoStatus: locations.geoStatus,
              timeZone: locations.timeZone,
              geocodedAt: locations.geocodedAt,
            })
            .from(locations)
            .where(inArray(locations.id, locationIds))
        ).map((l) => [l.id, l] as const)
      : [],
  );
  let configured: boolean | null = null;
  const out: GeoFields[] = [];
  for (const s of stops) {
    const before = s.id ? previous.get(s.id) : undefined;
    if (before && before.geoStatus !== "pending" && sameAddress(before, s)) {
      out.push(fieldsOf(before));
      continue;
    }
    const location = s.locationId ? saved.get(s.locationId) : undefined;
    if (location && location.geoStatus === "placed" && sameAddress(location, s)) {
      out.push(fieldsOf(location));
      continue;
    }
    configured ??= await geocoderConfigured(tx);
    out.push(await gazetteerFields(s, configured));
  }
  return out;
}

/**
 * A one-line address as customers keep it ("4800 Race St, Denver, CO 80216") split into the parts the
 * geocoders take; what cannot be read stays in `address`.
 */
export function splitOneLine(line: string | null | undefined): Address & { postalCode: string } {
  const text = (line ?? "").replace(/\s+/g, " ").trim();
  const parts = text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? "";
  const m = /^(.*?)\s*\b([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)$/.exec(last);
  const stateOnly = /^([A-Za-z]{2})$/.exec(last);
  if ((m || stateOnly) && parts.length >= 2) {
    const state = (m ? m[2] : (stateOnly?.[1] ?? "")).toUpperCase();
    const postalCode = m ? m[3].toUpperCase() : "";
    // "Denver, CO 80216": the city is the part before; "…, Denver CO 80216": in the same part.
    const cityInLast = m?.[1] ?? "";
    const city = cityInLast || (parts.at(-2) ?? "");
    const street = parts.slice(0, cityInLast ? -1 : -2).join(", ");
    return { address: street, city, state, postalCode };
  }
  return { address: text, city: "", state: "", postalCode: "" };
}

/**
 * Where fuel was bought, from what the driver typed ("Pilot #612, Joliet" in IL): a ZIP in the text,
 * else any comma-separated part that is a city of that state. Nulls when nothing matches (the state
 * alone still serves IFTA). The phone's fix, when the driver shares location, is better and wins.
 */
export function placeFuelStop(
  location: string,
  state: string,
): Pick<GeoFields, "latitude" | "longitude" | "geoPrecision" | "geoSource"> {
  const hit = fuelStopHit(location, state);
  return hit
    ? { latitude: hit.lat, longitude: hit.lon, geoPrecision: hit.precision, geoSource: "gazetteer" }
    : { latitude: null, longitude: null, geoPrecision: null, geoSource: null };
}

/** The gazetteer's place for a fuel stop's text, as saved — also what the fuel form says while typing. */
export function fuelStopHit(location: string, state: string): GazetteerHit | null {
  const zip = /\b(\d{5}|[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d)\b/.exec(location)?.[1];
  const parts = location
    .split(/[,/]/)
    .map((p) => p.replace(/#?\d+/g, "").trim())
    .filter(Boolean);
  return (
    (zip ? lookupPostal(zip, state) : null) ??
    [location, ...parts.reverse()].map((p) => lookupCity(p, state)).find((h) => h) ??
    null
  );
}
