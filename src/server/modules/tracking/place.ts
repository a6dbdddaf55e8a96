import { greatCircleMiles } from "@shared/tracking/geofence";

/**
 * "near Joliet, IL" for a position: the map's place column and the shipper's coarse view.
 *
 * TEMPORARY (issue 40, merge note for the lead): the gazetteer's reverse lookup
 * (`platform/geo/gazetteer.ts#nearestCity`, GeoNames cities ≥ 1 000 people, helper A) is not on this
 * branch yet. Until it is, this keeps a short list of the US and Canadian cities the demo lanes pass
 * through and the bigger ones around them, and answers the nearest within 75 mi. At merge `placeNear`
 * calls `nearestCity` instead and this list goes.
 */
const CITIES: ReadonlyArray<readonly [string, string, number, number]> = [
  ["Chicago", "IL", 41.8781, -87.6298],
  ["Joliet", "IL", 41.525, -88.0817],
  ["Aurora", "IL", 41.7606, -88.3201],
  ["Rockford", "IL", 42.2711, -89.094],
  ["Peoria", "IL", 40.6936, -89.589],
  ["Bloomington", "IL", 40.4842, -88.9937],
  ["Champaign", "IL", 40.1164, -88.2434],
  ["Springfield", "IL", 39.7817, -89.6501],
  ["Kankakee", "IL", 41.12, -87.8612],
  ["Milwaukee", "WI", 43.0389, -87.9065],
  ["Kenosha", "WI", 42.5847, -87.8212],
  ["Madison", "WI", 43.0731, -89.4012],
  ["Green Bay", "WI", 44.5133, -88.0133],
  ["Appleton", "WI", 44.2619, -88.4154],
  ["Eau Claire", "WI", 44.8113, -91.4985],
  ["Gary", "IN", 41.5934, -87.3464],
  ["Lafayette", "IN", 40.4167, -86.8753],
  ["Indianapolis", "IN", 39.7684, -86.1581],
  ["Fort Wayne", "IN", 41.0793, -85.1394],
  ["Richmond", "IN", 39.8289, -84.8902],
  ["Terre Haute", "IN", 39.4667, -87.4139],
  ["Evansville", "IN", 37.9716, -87.5711],
  ["Dayton", "OH", 39.7589, -84.1916],
  ["Columbus", "OH", 39.9612, -82.9988],
  ["Cincinnati", "OH", 39.1031, -84.512],
  ["Toledo", "OH", 41.6528, -83.5379],
  ["Cleveland", "OH", 41.4993, -81.6944],
  ["Detroit", "MI", 42.3314, -83.0458],
  ["Kalamazoo", "MI", 42.2917, -85.5872],
  ["Grand Rapids", "MI", 42.9634, -85.6681],
  ["Louisville", "KY", 38.2527, -85.7585],
  ["Lexington", "KY", 38.0406, -84.5037],
  ["Nashville", "TN", 36.1627, -86.7816],
  ["Memphis", "TN", 35.1495, -90.049],
  ["Chattanooga", "TN", 35.0456, -85.3097],
  ["Atlanta", "GA", 33.749, -84.388],
  ["Birmingham", "AL", 33.5186, -86.8104],
  ["St. Louis", "MO", 38.627, -90.1994],
  ["Columbia", "MO", 38.9517, -92.3341],
  ["Kansas City", "MO", 39.0997, -94.5786],
  ["Springfield", "MO", 37.209, -93.2923],
  ["Joplin", "MO", 37.0842, -94.5133],
  ["Tulsa", "OK", 36.154, -95.9928],
  ["Oklahoma City", "OK", 35.4676, -97.5164],
  ["Wichita", "KS", 37.6872, -97.3301],
  ["Topeka", "KS", 39.0473, -95.6752],
  ["Salina", "KS", 38.8403, -97.6114],
  ["Omaha", "NE", 41.2565, -95.9345],
  ["Lincoln", "NE", 40.8136, -96.7026],
  ["Des Moines", "IA", 41.5868, -93.625],
  ["Davenport", "IA", 41.5236, -90.5776],
  ["Iowa City", "IA", 41.6611, -91.5302],
  ["Cedar Rapids", "IA", 41.9779, -91.6656],
  ["Minneapolis", "MN", 44.9778, -93.265],
  ["Rochester", "MN", 44.0121, -92.4802],
  ["Dallas", "TX", 32.7767, -96.797],
  ["Fort Worth", "TX", 32.7555, -97.3308],
  ["Denton", "TX", 33.2148, -97.1331],
  ["Houston", "TX", 29.7604, -95.3698],
  ["Little Rock", "AR", 34.7465, -92.2896],
  ["Denver", "CO", 39.7392, -104.9903],
  ["Colorado Springs", "CO", 38.8339, -104.8214],
  ["Toronto", "ON", 43.6532, -79.3832],
];
const NEAR_MILES = 75;

/** "Joliet, IL" for the nearest listed city within 75 mi, else null. */
export function placeNear(lat: number, lon: number): string | null {
  let best: string | null = null;
  let bestMiles = NEAR_MILES;
  for (const [city, state, cLat, cLon] of CITIES) {
    const miles = greatCircleMiles({ lat, lon }, { lat: cLat, lon: cLon });
    if (miles <= bestMiles) {
      bestMiles = miles;
      best = `${city}, ${state}`;
    }
  }
  return best;
}

/** A listed city's centre, for demo stops the geocoder has not placed yet (the demo seed). */
export function cityCentre(city: string, state: string): { lat: number; lon: number } | null {
  const hit = CITIES.find(([c, s]) => c.toLowerCase() === city.toLowerCase() && s === state.toUpperCase());
  return hit ? { lat: hit[2], lon: hit[3] } : null;
}
