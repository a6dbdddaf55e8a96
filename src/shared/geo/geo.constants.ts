/**
 * Where a place's coordinates came from and how exact they are (issue 40, decision 050). Pure constants
 * shared by the database schema, the server and the screens.
 */

/** How exact a point is: a building, a street, a ZIP/postal code's centre, a city's centre. */
export const GEO_PRECISIONS = ["rooftop", "street", "zip", "city"] as const;
export type GeoPrecision = (typeof GEO_PRECISIONS)[number];

/** Who placed it: the shipped gazetteer, a configured provider, the driver's phone, a person. */
export const GEO_SOURCES = [
  "gazetteer",
  "nominatim",
  "pelias",
  "google",
  "mapbox",
  "maptiler",
  "device",
  "manual",
] as const;
export type GeoSource = (typeof GEO_SOURCES)[number];

/** placed: has coordinates; unplaced: nothing found; pending: a job will try; skipped: old history. */
export const GEO_STATUSES = ["placed", "unplaced", "pending", "skipped"] as const;
export type GeoStatus = (typeof GEO_STATUSES)[number];

/** Geocoding providers an admin may configure (the gazetteer is always the fallback). */
export const GEOCODER_KINDS = ["nominatim", "pelias", "google", "mapbox", "maptiler"] as const;
export type GeocoderKind = (typeof GEOCODER_KINDS)[number];

/** Routing engines an admin may configure ("offline" is the built-in estimate). */
export const ROUTER_KINDS = ["osrm", "valhalla", "graphhopper", "pcmiler"] as const;
export type RouterKind = (typeof ROUTER_KINDS)[number];

/** ELD/GPS providers whose vehicle locations can be polled. */
export const TELEMATICS_KINDS = ["samsara", "motive"] as const;
export type TelematicsKind = (typeof TELEMATICS_KINDS)[number];

/**
 * Road miles are longer than the great circle: a documented circuity factor (Ballou, Rahardja & Sakai
 * 2002 measured ≈1.20 for US roads). The offline estimate is great-circle miles × this, labelled
 * "estimated" wherever shown; the admin may change it in Settings.
 */
export const CIRCUITY_FACTOR = 1.18;

/** Defaults of the geo settings row (Settings → Maps & tracking). */
export const DEFAULT_GEOFENCE_RADIUS_MILES = 0.5;
export const DEFAULT_POSITION_RETENTION_DAYS = 180;
export const DEFAULT_SHARING_INTERVAL_SECONDS = 45;
