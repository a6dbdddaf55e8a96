import { JURISDICTIONS } from "@shared/fuel/jurisdictions";
import type { LatLon } from "@shared/geo/distance";

/** The gazetteer names Canadian provinces in full ("Ontario"), US states by code. */
const NAMES = new Map<string, string>(JURISDICTIONS.map((j) => [j.code, j.name]));

/**
 * Where a stop is, for miles (decision 051): its own coordinates when it has them (the geocoder
 * writes them on save, decision 050), else the centre of its ZIP / Canadian FSA (when the ZIP is in the
 * state typed), else of its city, from the shipped gazetteer (`zipcodes`, loaded on first use). null:
 * it cannot be placed.
 */
export interface StopPlace {
  latitude: number | null;
  longitude: number | null;
  postalCode: string;
  city: string;
  state: string;
}

type ZipCodes = typeof import("zipcodes");
let gazetteer: Promise<ZipCodes> | null = null;
const zipcodes = () => {
  gazetteer ??= import("zipcodes").then((m) => ((m as { default?: ZipCodes }).default ?? m) as ZipCodes);
  return gazetteer;
};

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
const CA_POSTAL = /^([A-Z]\d[A-Z])\s*(?:\d[A-Z]\d)?$/;

export async function pointOfStop(stop: StopPlace): Promise<LatLon | null> {
  if (stop.latitude !== null && stop.longitude !== null) return { lat: stop.latitude, lon: stop.longitude };
  const z = await zipcodes();
  const code = stop.postalCode.trim().toUpperCase();
  const key = US_ZIP.exec(code)?.[1] ?? CA_POSTAL.exec(code)?.[1];
  const hit = key ? z.lookup(key) : undefined;
  // A ZIP of another state than the one typed is a typo: the city says more.
  const state = stop.state.trim().toUpperCase();
  const sameState = hit && (!state || hit.state === state || NAMES.get(state) === hit.state);
  if (hit && sameState) return { lat: hit.latitude, lon: hit.longitude };
  if (stop.city.trim() && stop.state.trim()) {
    const [city] = z.lookupByName(stop.city.trim(), stop.state.trim().toUpperCase());
    if (city) return { lat: city.latitude, lon: city.longitude };
  }
  return null;
}

/** Every stop's point in order, and the 1-based numbers of those that could not be placed. */
export async function pointsOfStops(stops: readonly StopPlace[]) {
  const points = await Promise.all(stops.map(pointOfStop));
  const unplaced = points.flatMap((p, i) => (p ? [] : [i + 1]));
  return { points: unplaced.length ? null : (points as LatLon[]), unplaced };
}
