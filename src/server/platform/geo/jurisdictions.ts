import { readFileSync } from "node:fs";
import type { LatLon } from "@shared/geo/distance";
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

/**
 * US states, DC and Canadian provinces/territories as polygons (Natural Earth admin-1, public domain;
 * built by `scripts/geo/build-jurisdictions.ts`, decision 051). Ids are the postal codes of
 * `src/shared/fuel/jurisdictions.ts`. Loaded once per process on first use (≈ 30 ms).
 */

type Shape = Feature<Polygon | MultiPolygon, Record<string, never>>;
type Box = [west: number, south: number, east: number, north: number];
/** One polygon: its rings as flat [lon, lat, lon, lat…] arrays (outer first, then holes) and its box. */
interface Part {
  rings: Float64Array[];
  bbox: Box;
}
interface Indexed {
  code: string;
  /** Most points are ruled out by the boxes without a ring test. */
  bbox: Box;
  parts: Part[];
}

const dataFile = (name: string) => new URL(`./data/${name}`, import.meta.url);

function readCollection(name: string): FeatureCollection<Polygon | MultiPolygon> {
  const topo = JSON.parse(readFileSync(dataFile(name), "utf8")) as Topology<{
    jurisdictions: GeometryCollection;
  }>;
  return feature(topo, topo.objects.jurisdictions) as FeatureCollection<Polygon | MultiPolygon>;
}

function boxOf(ring: Float64Array): Box {
  const box: Box = [180, 90, -180, -90];
  for (let k = 0; k < ring.length; k += 2) {
    if (ring[k] < box[0]) box[0] = ring[k];
    if (ring[k + 1] < box[1]) box[1] = ring[k + 1];
    if (ring[k] > box[2]) box[2] = ring[k];
    if (ring[k + 1] > box[3]) box[3] = ring[k + 1];
  }
  return box;
}

function indexShape(code: string, shape: Shape): Indexed {
  const polygons =
    shape.geometry.type === "Polygon" ? [shape.geometry.coordinates] : shape.geometry.coordinates;
  const parts = polygons.map((polygon) => {
    const rings = polygon.map((ring) => Float64Array.from(ring.flat()));
    return { rings, bbox: boxOf(rings[0]) };
  });
  const bbox: Box = [180, 90, -180, -90];
  for (const p of parts) {
    bbox[0] = Math.min(bbox[0], p.bbox[0]);
    bbox[1] = Math.min(bbox[1], p.bbox[1]);
    bbox[2] = Math.max(bbox[2], p.bbox[2]);
    bbox[3] = Math.max(bbox[3], p.bbox[3]);
  }
  return { code, bbox, parts };
}

/** Even-odd ray casting (the test `@turf/boolean-point-in-polygon` does, without its allocations). */
function inRing(ring: Float64Array, lon: number, lat: number): boolean {
  let inside = false;
  for (let k = 0, m = ring.length - 2; k < ring.length; m = k, k += 2) {
    const yi = ring[k + 1];
    const yj = ring[m + 1];
    if (yi > lat !== yj > lat && lon < ((ring[m] - ring[k]) * (lat - yi)) / (yj - yi) + ring[k])
      inside = !inside;
  }
  return inside;
}

const inBox = (b: Box, lat: number, lon: number) => lon >= b[0] && lat >= b[1] && lon <= b[2] && lat <= b[3];

let indexed: Indexed[] | null = null;
function index(): Indexed[] {
  if (!indexed)
    indexed = readCollection("jurisdictions.topo.json").features.map((f) =>
      indexShape(String(f.id), f as Shape),
    );
  return indexed;
}

function inside(j: Indexed, lat: number, lon: number): boolean {
  if (!inBox(j.bbox, lat, lon)) return false;
  for (const part of j.parts) {
    if (!inBox(part.bbox, lat, lon) || !inRing(part.rings[0], lon, lat)) continue;
    if (!part.rings.slice(1).some((hole) => inRing(hole, lon, lat))) return true;
  }
  return false;
}

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
