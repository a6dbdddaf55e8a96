/**
 * Miles for a new load with the offline estimator (issue 40): the 5-stop estimate (< 20 ms) and its
 * state split (< 50 ms), measured in-process on the real code — the gazetteer lookup of each stop's
 * ZIP (`modules/loads/stop-points.ts`), great circle × circuity (`shared/geo/distance.ts`) and the
 * polygon split (`platform/geo/state-split.ts`). The first call of each is timed apart (it loads the
 * gazetteer and the polygons once per process); then N runs over different 5-stop loads.
 *
 *   npx tsx bench/miles.ts            (BENCH_RUNS=200)
 */

import { pointsOfStops } from "../src/server/modules/loads/stop-points";
import { apportion, splitByJurisdiction } from "../src/server/platform/geo/state-split";
import { estimatedMiles, greatCircleLine } from "../src/shared/geo/distance";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
// ZIPs by region: a regional load strings five ZIPs of one region together (≈ 1,000–2,000 mi); a
// cross-country one takes each stop from another region (≈ 6,000 mi, the split's worst case).
const REGIONS = [
  ["60632", "46214", "43207", "48212", "53218", "55413", "64120", "63147"],
  ["75207", "77029", "30354", "37211", "38118", "70123", "32254", "28208"],
  ["23234", "21226", "17111", "15205", "07114", "12205", "02128", "M5V"],
  ["80216", "84104", "85043", "87105", "89118", "90058", "95828", "97217"],
];
const regional = (i: number) => {
  const region = REGIONS[i % REGIONS.length];
  return [0, 1, 2, 3, 4].map((k) => region[(i + k * 3) % region.length]);
};
const crossCountry = (i: number) => [0, 1, 2, 3, 0].map((r, k) => REGIONS[(r + i) % 4][(i + k) % 8]);
const stopsOf = (zips: string[]) =>
  zips.map((postalCode) => ({ latitude: null, longitude: null, postalCode, city: "", state: "" }));

const ms = (t: bigint) => Number(t) / 1e6;
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function measure(name: string, zipsOf: (i: number) => string[]) {
  const estimate: number[] = [];
  const split: number[] = [];
  let miles = 0;
  for (let i = 1; i <= RUNS; i++) {
    let t = process.hrtime.bigint();
    const { points } = await pointsOfStops(stopsOf(zipsOf(i)));
    const e = estimatedMiles(points ?? []);
    estimate.push(ms(process.hrtime.bigint() - t));
    t = process.hrtime.bigint();
    const states = apportion(splitByJurisdiction(greatCircleLine(points ?? [])), e.miles);
    split.push(ms(process.hrtime.bigint() - t));
    miles += e.miles;
    if (!Object.keys(states).length) throw new Error(`no states for load ${i}`);
  }
  const row = (what: string, xs: number[], target: number) =>
    console.log(
      `  ${what.padEnd(24)} p50 ${pct(xs, 0.5).toFixed(2)} ms  p95 ${pct(xs, 0.95).toFixed(2)} ms  max ${Math.max(...xs).toFixed(2)} ms  (target < ${target} ms)`,
    );
  console.log(`${name}: ${RUNS} five-stop loads, ${(miles / RUNS).toFixed(0)} estimated mi on average`);
  row("offline estimate", estimate, 20);
  row("state split", split, 50);
}

async function main() {
  let t = process.hrtime.bigint();
  const first = await pointsOfStops(stopsOf(regional(0)));
  const coldEstimate = ms(process.hrtime.bigint() - t);
  t = process.hrtime.bigint();
  splitByJurisdiction(greatCircleLine(first.points ?? []));
  const coldSplit = ms(process.hrtime.bigint() - t);
  console.log(
    `first call (loads the gazetteer / the polygons, once per process): estimate ${coldEstimate.toFixed(0)} ms, split ${coldSplit.toFixed(0)} ms`,
  );
  await measure("regional", regional);
  await measure("cross-country", crossCountry);
}

await main();
