import type { GeoPrecision, GeoSource, GeoStatus } from "@shared/geo/geo.constants";
import { doublePrecision, text, timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at on every table, with time zone. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/**
 * A geocoded address (issue 40, decision 050): coordinates, how exact they are, who placed them,
 * whether a job still has to try, and the place's IANA time zone.
 */
export const geoColumns = {
  latitude: doublePrecision(),
  longitude: doublePrecision(),
  geoPrecision: text().$type<GeoPrecision>(),
  geoSource: text().$type<GeoSource>(),
  geoStatus: text().$type<GeoStatus>().notNull().default("pending"),
  timeZone: text(),
  geocodedAt: timestamp({ withTimezone: true }),
};

/**
 * A record a driver's phone may send late (issue 41, decision 060): when it happened on the device
 * (`X-Occurred-At`, else when it arrived) and when the server received it. Null on rows from before,
 * and on rows staff or imports write: those are never "sent late".
 */
export const syncTimes = {
  occurredAt: timestamp({ withTimezone: true }),
  receivedAt: timestamp({ withTimezone: true }),
};
