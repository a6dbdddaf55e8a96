import { haversineMiles, type LatLon, roundMiles } from "@shared/geo/distance";
import { jurisdictionOf } from "./jurisdictions";

/**
 * Miles by state/province along a line (a routed geometry, or the great circle between stops when
 * no router is configured): IFTA's input (decision 051). The line is sampled about every mile; where
 * two samples fall in different jurisdictions the crossing is found by bisection to ~20 m. Stretches
 * in no jurisdiction (a lake, the sea between two provinces) count for the jurisdiction before them
 * (or after, at the start): a truck does not drive on water, the line only approximates its road.
 * Answers great-circle miles along the line; callers scale them to the leg's miles (`apportion`).
 */

const SAMPLE_MILES = 1;
const PRECISION_MILES = 0.0125; // ≈ 20 m

const lerp = (a: LatLon, b: LatLon, f: number): LatLon => ({
  lat: a.lat + (b.lat - a.lat) * f,
  lon: a.lon + (b.lon - a.lon) * f,
});

export function splitByJurisdiction(line: readonly LatLon[]): Record<string, number> {
  const runs: { code: string | null; miles: number }[] = [];
  const add = (code: string | null, miles: number) => {
    if (miles <= 0) return;
    const last = runs[runs.length - 1];
    if (last && last.code === code) last.miles += miles;
    else runs.push({ code, miles });
  };
  if (line.length === 0) return {};
  let prevCode = jurisdictionOf(line[0]);
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1];
    const b = line[i];
    const length = haversineMiles(a, b);
    const steps = Math.max(1, Math.ceil(length / SAMPLE_MILES));
    let prevF = 0;
    for (let s = 1; s <= steps; s++) {
      const f = s / steps;
      const code = jurisdictionOf(lerp(a, b, f), prevCode);
      if (code === prevCode) continue;
      // Bisect between the last sample (prevCode) and this one (code) for the crossing.
      let lo = prevF;
      let hi = f;
      while ((hi - lo) * length > PRECISION_MILES) {
        const mid = (lo + hi) / 2;
        if (jurisdictionOf(lerp(a, b, mid), prevCode) === prevCode) lo = mid;
        else hi = mid;
      }
      add(prevCode, (lo - prevF) * length);
      add(code, (f - lo) * length);
      prevCode = code;
      prevF = f;
    }
    add(prevCode, (1 - prevF) * length);
  }
  const miles: Record<string, number> = {};
  let pending = 0; // miles in no jurisdiction before the first one
  let last: string | null = null;
  for (const run of runs) {
    const code: string | null = run.code ?? last;
    if (!code) {
      pending += run.miles;
      continue;
    }
    miles[code] = (miles[code] ?? 0) + run.miles + pending;
    pending = 0;
    last = code;
  }
  return miles;
}

/**
 * Scales a split to a leg's miles and rounds each to 0.1 mi so that they add up to the rounded total
 * exactly (largest remainder): IFTA's state totals then agree with the loads' miles.
 */
export function apportion(split: Record<string, number>, totalMiles: number): Record<string, number> {
  const sum = Object.values(split).reduce((s, m) => s + m, 0);
  if (sum <= 0) return {};
  const tenths = Math.round(roundMiles(totalMiles) * 10);
  const exact = Object.entries(split).map(([code, m]) => ({ code, t: (m / sum) * tenths }));
  const out = exact.map((e) => ({ code: e.code, t: Math.floor(e.t), r: e.t - Math.floor(e.t) }));
  let left = tenths - out.reduce((s, e) => s + e.t, 0);
  for (const e of [...out].sort((x, y) => y.r - x.r)) {
    if (left <= 0) break;
    e.t += 1;
    left -= 1;
  }
  const result: Record<string, number> = {};
  for (const e of out) if (e.t > 0) result[e.code] = e.t / 10;
  return result;
}
