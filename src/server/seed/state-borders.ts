/**
 * Which states share a border, for the states of the demo's lanes (dispatch-demo.ts): a truck
 * crosses one line at a time. The state-miles test checks each lane's states form a road with it;
 * the fuel demo puts a load's recorded state miles (stored without an order) back in driving order.
 */
// biome-ignore format: one state per line reads as a table
export const BORDERS: Record<string, string[]> = {
  AL: ["FL", "GA", "MS", "TN"],
  AR: ["LA", "MO", "MS", "OK", "TN", "TX"],
  CO: ["KS", "NE", "NM", "OK", "UT", "WY"],
  GA: ["AL", "FL", "NC", "SC", "TN"],
  IA: ["IL", "MN", "MO", "NE", "SD", "WI"],
  IL: ["IA", "IN", "KY", "MO", "WI"],
  IN: ["IL", "KY", "MI", "OH"],
  KS: ["CO", "MO", "NE", "OK"],
  KY: ["IL", "IN", "MO", "OH", "TN", "VA", "WV"],
  LA: ["AR", "MS", "TX"],
  MI: ["IN", "OH", "WI"],
  MN: ["IA", "ND", "SD", "WI"],
  MO: ["AR", "IA", "IL", "KS", "KY", "NE", "OK", "TN"],
  MS: ["AL", "AR", "LA", "TN"],
  NE: ["CO", "IA", "KS", "MO", "SD", "WY"],
  OH: ["IN", "KY", "MI", "PA", "WV"],
  OK: ["AR", "CO", "KS", "MO", "NM", "TX"],
  TN: ["AL", "AR", "GA", "KY", "MO", "MS", "NC", "VA"],
  TX: ["AR", "LA", "NM", "OK"],
  WI: ["IA", "IL", "MI", "MN"],
};

const neighbours = (a: string, b: string) => BORDERS[a]?.includes(b) ?? false;

/**
 * A load's states in the order the truck drives them: from the first stop's state to the last
 * stop's, through the stops' states in their order, each state next to the one before. When no
 * such road exists (a state the table does not know), the stops' states first, the rest after.
 */
export function drivingOrder(states: string[], stopStates: string[]): string[] {
  const stops = stopStates.filter((s, i) => s !== stopStates[i - 1] && states.includes(s));
  const first = stops[0];
  const last = stops[stops.length - 1];
  const found = first ? walk([first], new Set(states.filter((s) => s !== first))) : null;
  return found ?? [...new Set([...stops, ...states])];

  function walk(path: string[], left: Set<string>): string[] | null {
    if (!left.size) return path[path.length - 1] === last && inStopOrder(path) ? path : null;
    for (const next of left) {
      if (!neighbours(path[path.length - 1], next)) continue;
      if (next === last && left.size > 1) continue;
      const rest = new Set(left);
      rest.delete(next);
      const done = walk([...path, next], rest);
      if (done) return done;
    }
    return null;
  }
  function inStopOrder(path: string[]) {
    const at = stops.map((s) => path.indexOf(s));
    return at.every((p, i) => i === 0 || p >= at[i - 1]);
  }
}
