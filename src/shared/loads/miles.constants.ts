/**
 * Where a load's miles come from (issue 40, decision 051). `loads.loaded_miles` stays the one figure
 * every consumer reads (per-mile pay, $/mi, reports); these say how it was obtained.
 * none: no stops placed yet · manual: typed before miles were computed (history) · estimated: the
 * offline great-circle estimate · routed: a routing engine · override: staff typed it, with a reason.
 */
export const MILES_SOURCES = ["none", "manual", "estimated", "routed", "override"] as const;
export type MilesSource = (typeof MILES_SOURCES)[number];

/** current: up to date · pending: a routing engine will refine it · unplaceable: a stop has no coordinates. */
export const MILES_STATUSES = ["current", "pending", "unplaceable"] as const;
export type MilesStatus = (typeof MILES_STATUSES)[number];

/** Which leg a route or a state-miles row belongs to: loaded (pickup → delivery) or empty (deadhead). */
export const MILES_LEGS = ["loaded", "empty"] as const;
export type MilesLeg = (typeof MILES_LEGS)[number];

/**
 * Where a load's miles by state come from, in order of precedence: recorded by a person (odometer
 * at the state lines), from GPS breadcrumbs, from a routing engine's line, from the offline estimate.
 */
export const STATE_MILES_SOURCES = ["recorded", "gps", "routed", "estimated"] as const;
export type StateMilesSource = (typeof STATE_MILES_SOURCES)[number];
