/**
 * The tracking screens' query keys, in a file of their own: the events stream (in the app's first
 * download) writes positions under them without pulling the screens' code in with it.
 */
export const trackingKeys = {
  all: ["tracking"] as const,
  maps: () => [...trackingKeys.all, "map"] as const,
  map: (query: object) => [...trackingKeys.maps(), query] as const,
  load: (loadId: string) => [...trackingKeys.all, "load", loadId] as const,
  base: () => [...trackingKeys.all, "base"] as const,
};
