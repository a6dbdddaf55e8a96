import type { MilesLeg } from "@shared/loads/miles.constants";
import type {
  EtaBasis,
  GeofenceEventKind,
  GeofenceEventStatus,
  PositionSource,
} from "@shared/tracking/tracking.constants";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { drivers } from "./drivers";
import { vehicles } from "./fleet";
import { loadStops, loads } from "./loads";

/*
 * Where the trucks are (issue 40, decision 052). The positions themselves live in `vehicle_positions`,
 * a table partitioned by month that Drizzle cannot declare: it is created by a hand-written migration
 * and read through `modules/tracking/positions.repo.ts`.
 */

/** A load's route line per leg (polyline, precision 6), kept off `loads`. */
export const loadRoutes = pgTable(
  "load_routes",
  {
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    leg: text().$type<MilesLeg>().notNull(),
    polyline6: text().notNull(),
    /** "offline" or the routing engine ("osrm", "pcmiler"…). */
    engine: text().notNull(),
    miles: numeric({ precision: 10, scale: 1, mode: "number" }).notNull(),
    computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.loadId, t.leg] }),
    check("load_routes_leg", sql`${t.leg} in ('loaded', 'empty')`),
  ],
);

/** The latest fix of each unit (a truck's ELD, or a driver's phone): what the map reads. */
export const lastPositions = pgTable(
  "last_positions",
  {
    /** "vehicle:<id>" or "driver:<id>". */
    unitKey: text().primaryKey(),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "cascade" }),
    driverId: uuid().references(() => drivers.id, { onDelete: "cascade" }),
    loadId: uuid().references(() => loads.id, { onDelete: "set null" }),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    accuracyM: real(),
    speedMps: real(),
    heading: smallint(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
    source: text().$type<PositionSource>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.vehicleId), index().on(t.driverId), index().on(t.loadId), index().on(t.recordedAt)],
);

/** A load in progress: its next stop, remaining miles, ETA and whether it runs late. */
export const loadTracking = pgTable("load_tracking", {
  loadId: uuid()
    .primaryKey()
    .references(() => loads.id, { onDelete: "cascade" }),
  nextStopId: uuid().references(() => loadStops.id, { onDelete: "set null" }),
  remainingMiles: numeric({ precision: 10, scale: 1, mode: "number" }),
  etaAt: timestamp({ withTimezone: true }),
  etaBasis: text().$type<EtaBasis>(),
  avgSpeedMph: numeric({ precision: 5, scale: 1, mode: "number" }),
  /** Minutes the hours-of-service model adds for breaks and rests. */
  hosBufferMinutes: integer(),
  late: boolean().notNull().default(false),
  /** The stop dispatch was last told about (a late notice goes once per stop). */
  lateNotifiedStopId: uuid(),
  computedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Arriving within / leaving a stop's geofence, proposed from positions, confirmed by a person. */
export const stopGeofenceEvents = pgTable(
  "stop_geofence_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    stopId: uuid()
      .notNull()
      .references(() => loadStops.id, { onDelete: "cascade" }),
    kind: text().$type<GeofenceEventKind>().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    source: text().$type<PositionSource>().notNull(),
    status: text().$type<GeofenceEventStatus>().notNull().default("proposed"),
    decidedBy: text().references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.stopId, t.kind),
    index().on(t.loadId, t.at),
    check("stop_geofence_events_kind", sql`${t.kind} in ('arrived', 'departed')`),
    check("stop_geofence_events_status", sql`${t.status} in ('proposed', 'confirmed', 'dismissed')`),
  ],
);

/** A driver's consent to share their phone's location while on a load (decision 054). */
export const driverLocationConsents = pgTable("driver_location_consents", {
  driverId: uuid()
    .primaryKey()
    .references(() => drivers.id, { onDelete: "cascade" }),
  consentedAt: timestamp({ withTimezone: true }),
  withdrawnAt: timestamp({ withTimezone: true }),
  userAgent: text().notNull().default(""),
});
