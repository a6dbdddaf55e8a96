/** Live tracking constants shared by the schema, the server and the screens (issue 40, decision 052). */

/** Where a position came from: the driver's phone or the truck's ELD/GPS unit. */
export const POSITION_SOURCES = ["phone", "samsara", "motive"] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

/** A geofence crossing proposed from positions, then confirmed or dismissed by a person. */
export const GEOFENCE_EVENT_KINDS = ["arrived", "departed"] as const;
export type GeofenceEventKind = (typeof GEOFENCE_EVENT_KINDS)[number];
export const GEOFENCE_EVENT_STATUSES = ["proposed", "confirmed", "dismissed"] as const;
export type GeofenceEventStatus = (typeof GEOFENCE_EVENT_STATUSES)[number];

/** What an ETA's remaining miles rest on: a routed line or the offline estimate. */
export const ETA_BASES = ["routed", "estimated"] as const;
export type EtaBasis = (typeof ETA_BASES)[number];

/** The LISTEN/NOTIFY channel a stored position is announced on (the map's live updates). */
export const POSITIONS_CHANNEL = "lms_positions";
