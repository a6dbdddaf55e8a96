import { z } from "zod";
import {
  ETA_BASES,
  GEOFENCE_EVENT_KINDS,
  GEOFENCE_EVENT_STATUSES,
  POSITION_SOURCES,
} from "./tracking.constants";

/**
 * The live-tracking contract between the server (modules/tracking) and the screens (features/tracking):
 * the phone's position batches, the sharing state, the dispatch map, a load's tracking panel, and the
 * coarse view a shipper gets (issue 40, decision 052).
 */

/** A batch holds at most this many points (a phone that was offline for a while sends several). */
export const POSITION_BATCH_MAX = 500;
/** A point's device time may run ahead of the server's by this much (clock skew)… */
export const POSITION_FUTURE_SKEW_MS = 2 * 60_000;
/** …and be this old at most (a phone that was offline for a day still sends its trail). */
export const POSITION_MAX_AGE_MS = 72 * 3_600_000;

export const TRACKING_MESSAGES = {
  notSharing: "Location sharing is off: it runs only while you have a load in progress and are on duty.",
  noConsent: "Agree to share your location first.",
  futurePoint: "This position's time is in the future.",
  stalePoint: "This position is older than 72 hours.",
} as const;

export const positionPointSchema = z.object({
  /** Device time of the fix (ISO 8601 with offset). */
  t: z.iso.datetime({ offset: true }),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
  /** Accuracy in metres. */
  acc: z.number().min(0).max(100_000),
  /** Speed in m/s and heading in degrees, when the device knows them. */
  spd: z.number().min(0).max(100).nullish(),
  hdg: z.number().min(0).max(360).nullish(),
});
export type PositionPoint = z.infer<typeof positionPointSchema>;

export const positionBatchSchema = z.object({
  points: z.array(positionPointSchema).min(1).max(POSITION_BATCH_MAX),
});
export type PositionBatch = z.infer<typeof positionBatchSchema>;

/** "You're at <stop> — check in?" (or "Did you leave <stop>?") proposed from the batch's fixes. */
export const geofencePromptSchema = z.object({
  eventId: z.string(),
  loadId: z.string(),
  stopId: z.string(),
  kind: z.enum(GEOFENCE_EVENT_KINDS),
  at: z.string(),
  locationName: z.string(),
});
export type GeofencePrompt = z.infer<typeof geofencePromptSchema>;

export const positionBatchResultSchema = z.object({
  accepted: z.number().int(),
  /** Points already stored (a replay): never stored twice. */
  duplicates: z.number().int(),
  rejected: z.array(z.object({ index: z.number().int(), reason: z.string() })),
  prompt: geofencePromptSchema.nullable(),
});
export type PositionBatchResult = z.infer<typeof positionBatchResultSchema>;

/** Whether the driver's phone should be sharing now, and how often to send. */
export const sharingStateSchema = z.object({
  consented: z.boolean(),
  /** Consent given, a load in progress, not off duty. */
  sharing: z.boolean(),
  /**
   * The driver's load on its way (in progress, or assigned and accepted), whether or not they share:
   * without consent it is what the phone offers the consent screen for.
   */
  loadId: z.string().nullable(),
  intervalSeconds: z.number().int(),
  geofenceRadiusMiles: z.number(),
  /** How many days positions are kept (the company's setting), said on the consent screen. */
  retentionDays: z.number().int(),
  /** The next stop, for the phone to raise its accuracy when near it. */
  nextStop: z
    .object({ id: z.string(), locationName: z.string(), lat: z.number(), lon: z.number() })
    .nullable(),
  /** An unanswered geofence proposal (the prompt survives a reload). */
  prompt: geofencePromptSchema.nullable(),
});
export type SharingState = z.infer<typeof sharingStateSchema>;

export const consentInputSchema = z.object({ consent: z.boolean() });
export type ConsentInput = z.infer<typeof consentInputSchema>;

/** The dispatch map's filters. `stale`: only trucks whose last fix is older than 30 minutes. */
export const mapQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(["all", "in_progress", "assigned", "idle"]).default("all"),
  driverId: z.string().uuid().optional(),
  customerId: z.string().uuid().optional(),
  stale: z.enum(["true", "false"]).optional(),
});
export type MapQuery = z.infer<typeof mapQuerySchema>;

/** One truck on the map: its last fix, driver, load and next stop with the ETA. */
export const mapTruckSchema = z.object({
  /** "vehicle:<id>" or "driver:<id>" (a driver's phone when the truck has no unit). */
  unitKey: z.string(),
  vehicleId: z.string().nullable(),
  unitNumber: z.string().nullable(),
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  heading: z.number().nullable(),
  speedMph: z.number().nullable(),
  recordedAt: z.string(),
  source: z.enum(POSITION_SOURCES),
  /** "near Joliet, IL". */
  place: z.string().nullable(),
  load: z
    .object({
      id: z.string(),
      loadNumber: z.string(),
      status: z.string(),
      customerName: z.string().nullable(),
      nextStop: z
        .object({
          id: z.string(),
          locationName: z.string(),
          city: z.string(),
          state: z.string(),
          /** Its IANA zone: the ETA is shown there, named, like its appointment (issue 40). */
          timeZone: z.string().nullable(),
        })
        .nullable(),
      etaAt: z.string().nullable(),
      late: z.boolean(),
    })
    .nullable(),
});
export type MapTruck = z.infer<typeof mapTruckSchema>;
export const mapResponseSchema = z.object({ trucks: z.array(mapTruckSchema), at: z.string() });
export type MapResponse = z.infer<typeof mapResponseSchema>;

export const geofenceEventSchema = z.object({
  id: z.string(),
  stopId: z.string(),
  kind: z.enum(GEOFENCE_EVENT_KINDS),
  at: z.string(),
  status: z.enum(GEOFENCE_EVENT_STATUSES),
});
export type GeofenceEvent = z.infer<typeof geofenceEventSchema>;

export const etaSchema = z.object({
  nextStopId: z.string().nullable(),
  remainingMiles: z.number().nullable(),
  etaAt: z.string().nullable(),
  basis: z.enum(ETA_BASES).nullable(),
  avgSpeedMph: z.number().nullable(),
  /** Minutes added for the hours-of-service breaks and rests the driver must take on the way. */
  hosBufferMinutes: z.number().nullable(),
  late: z.boolean(),
  computedAt: z.string().nullable(),
});
export type Eta = z.infer<typeof etaSchema>;

/**
 * A [lat, lon] pair. An array of two numbers rather than a tuple: OpenAPI 3.1 draws a tuple as
 * `prefixItems` without `items`, which the document's lint refuses.
 */
export const latLonSchema = z.array(z.number()).length(2);
export type LatLon = [number, number];

/** A load's tracking panel (staff with tracking:view, the load's own driver). */
export const loadTrackingSchema = z.object({
  /** [lat, lon] pairs, simplified to at most 500 points. */
  breadcrumb: z.array(latLonSchema),
  /** The planned route, loaded leg ([lat, lon] pairs). */
  route: z.array(latLonSchema),
  last: z
    .object({ lat: z.number(), lon: z.number(), recordedAt: z.string(), source: z.enum(POSITION_SOURCES) })
    .nullable(),
  eta: etaSchema.nullable(),
  geofenceEvents: z.array(geofenceEventSchema),
  stops: z.array(
    z.object({
      id: z.string(),
      locationName: z.string(),
      lat: z.number().nullable(),
      lon: z.number().nullable(),
      /** The stop's IANA zone: the ETA to it and its GPS times are shown there, named (issue 40). */
      timeZone: z.string().nullable(),
    }),
  ),
});
export type LoadTracking = z.infer<typeof loadTrackingSchema>;

/**
 * What a shipper sees (the private link, the portal): the truck's position coarsened to a city while
 * the load is in progress, the ETA — never the driver, never after delivery + 24 h.
 */
export const LIVE_VIEW_HOURS_AFTER_DELIVERY = 24;
export const liveViewSchema = z
  .object({
    /** Rounded to 0.1° (≈ 7 mi). */
    lat: z.number(),
    lon: z.number(),
    /** "Joliet, IL". */
    near: z.string().nullable(),
    recordedAt: z.string(),
    etaAt: z.string().nullable(),
    nextStopCity: z.string().nullable(),
    /** The next stop's IANA zone: the ETA is read there, named, like its appointment (null unplaced). */
    nextStopTimeZone: z.string().nullable(),
    late: z.boolean(),
  })
  .strict();
export type LiveView = z.infer<typeof liveViewSchema>;

/** The event stream's `position` event (staff with tracking:view): one truck moved. */
export const streamPositionSchema = mapTruckSchema.pick({
  unitKey: true,
  vehicleId: true,
  driverId: true,
  lat: true,
  lon: true,
  heading: true,
  speedMph: true,
  recordedAt: true,
  source: true,
  // The city it is near, named by the stream as the map's rows name it.
  place: true,
});
export type StreamPosition = z.infer<typeof streamPositionSchema>;
