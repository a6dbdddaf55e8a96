import { readFileSync } from "node:fs";
import type { LatLon } from "@shared/geo/distance";
import booleanPointInPolygon from "@turf/boolean-point-in-polygon";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/**
 * US states, DC and Canadian provinces/territories as polygons (Natural Earth admin-1, public domain;
 * built by `scripts/geo/build-jurisdictions.ts`, decision 051). Ids are the postal codes of
 * `src/shared/fuel/jurisdictions.ts`. Loaded once per process on first use (≈ 30 ms).
 */

type Shape = Feature<Polygon | MultiPolygon, Record<string, never>>;
interface Indexed {
  code: string;
  shape: Shape;
  /** [west, south, east, north]: most points are ruled out without a polygon test. */
  bbox: [number, number, number, number];
}

const dataFile = (name: string) => new URL(`./data/${name}`, import.meta.url);

function readCollection(name: string): FeatureCollection<Polygon | MultiPolygon> {
  const topo = JSON.parse(readFileSync(dataFile(name), "utf8")) as Topology<{
    jurisdictions: GeometryCollection;
  }>;
  return feature(topo, topo.objects.jurisdictions) as FeatureCollection<Polygon | MultiPolygon>;
}

function bboxOf(shape: Shape): Indexed["bbox"] {
  const box: Indexed["bbox"] = [180, 90, -180, -90];
  const rings = shape.geometry.type === "Polygon" ? [shape.geometry.coordinates] : shape.geometry.coordinates;
  for (const polygon of rings)
    for (const [lon, lat] of polygon[0]) {
      if (lon < box[0]) box[0] = lon;
      if (lat < box[1]) box[1] = lat;
      if (lon > box[2]) box[2] = lon;
      if (lat > box[3]) box[3] = lat;
    }
  return box;
}

let indexed: Indexed[] | null = null;
function index(): Indexed[] {
  if (!indexed)
    indexed = readCollection("jurisdictions.topo.json").features.map((f) => {
      const shape = f as Shape;
      return { code: String(f.id), shape, bbox: bboxOf(shape) };
    });
  return indexed;
}

const inside = (j: Indexed, lat: number, lon: number) =>
  lon >= j.bbox[0] &&
  lat >= j.bbox[1] &&
  lon <= j.bbox[2] &&
  lat <= j.bbox[3] &&
  booleanPointInPolygon([lon, lat], j.shape);

/**
 * The jurisdiction a point lies in, or null (at sea, on a lake, outside the US and Canada). `hint` is
 * tried first: consecutive points along a route are almost always in the same one.
 */
export function jurisdictionAt(lat: number, lon: number, hint?: string | null): string | null {
  const all = index();
  if (hint) {
    const j = all.find((x) => x.code === hint);
    if (j && inside(j, lat, lon)) return j.code;
  }
  for (const j of all) if (j.code !== hint && inside(j, lat, lon)) return j.code;
  return null;
}

export const jurisdictionOf = (p: LatLon, hint?: string | null) => jurisdictionAt(p.lat, p.lon, hint);

let outlineCache: FeatureCollection<Polygon | MultiPolygon> | null = null;
/**
 * The display outlines (coarser, ≈ 100 KB as TopoJSON) as GeoJSON with `id` = code: the offline base
 * map draws them when no tile style is configured.
 */
export function outlines(): FeatureCollection<Polygon | MultiPolygon> {
  outlineCache ??= readCollection("outlines.topo.json");
  return outlineCache;
}
