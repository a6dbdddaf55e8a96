import {
  type EquipmentType,
  LOAD_FILE_KINDS,
  LOAD_STATUSES,
  type LoadEventData,
  type LoadEventKind,
  STOP_TYPES,
} from "@shared/loads/loads.schema";
import type { MilesLeg, MilesSource, MilesStatus, StateMilesSource } from "@shared/loads/miles.constants";
import type { AppointmentKind, DetentionStatus } from "@shared/loads/stops.schema";
import type { TrackingLinkSource } from "@shared/public/tracking.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { geoColumns, syncTimes, timestamps } from "./columns";
import { customers } from "./customers";
import { drivers, payTypeEnum } from "./drivers";
import { trailers, vehicles } from "./fleet";
import { locations } from "./locations";
import { files } from "./platform";

export const loadStatusEnum = pgEnum("load_status", LOAD_STATUSES);
export const stopTypeEnum = pgEnum("stop_type", STOP_TYPES);
export const loadFileKindEnum = pgEnum("load_file_kind", LOAD_FILE_KINDS);

/** Numbers LD-<year>-<n>: one sequence for all years keeps them unique and short. */
export const loadNumberSeq = pgSequence("load_number_seq", { startWith: 1 });

export const loads = pgTable(
  "loads",
  {
    id: uuid().primaryKey().defaultRandom(),
    loadNumber: text().notNull().unique(),
    description: text().notNull().default(""),
    weightLbs: numeric({ precision: 10, scale: 1, mode: "number" }),
    /** One of EQUIPMENT_TYPES. */
    equipmentType: text().$type<EquipmentType>(),
    commodity: text().notNull().default(""),
    /** A reefer's range in °F. */
    tempMinF: numeric({ precision: 5, scale: 1, mode: "number" }),
    tempMaxF: numeric({ precision: 5, scale: 1, mode: "number" }),
    pieceCount: integer(),
    palletCount: integer(),
    poNumber: text().notNull().default(""),
    bolNumber: text().notNull().default(""),
    baseRate: numeric({ precision: 12, scale: 2 }).notNull(),
    lumperFee: numeric({ precision: 12, scale: 2 }),
    detention: numeric({ precision: 12, scale: 2 }),
    /** The part of the base rate that is fuel surcharge (decision 025: a percentage may leave it out). */
    fuelSurcharge: numeric({ precision: 12, scale: 2 }),
    otherCharges: numeric({ precision: 12, scale: 2 }),
    /** base + lumper + detention + other, computed by the server. */
    totalRate: numeric({ precision: 12, scale: 2 }).notNull(),
    customerRate: numeric({ precision: 12, scale: 2 }),
    /** The one miles figure every consumer reads (pay, $/mi, reports); how it was obtained below. */
    loadedMiles: numeric({ precision: 10, scale: 1, mode: "number" }),
    /** Deadhead: the driver's previous delivery (or position) → this load's first pickup. */
    emptyMiles: numeric({ precision: 10, scale: 1, mode: "number" }),
    milesSource: text().$type<MilesSource>().notNull().default("none"),
    /** The routing engine that produced routed miles ("osrm", "pcmiler"…), or "offline". */
    milesEngine: text(),
    milesOverrideReason: text(),
    milesStatus: text().$type<MilesStatus>().notNull().default("pending"),
    milesComputedAt: timestamp({ withTimezone: true }),
    /** The load whose last delivery the empty miles start from. */
    emptyFromLoadId: uuid(),
    customerId: uuid().references(() => customers.id, { onDelete: "set null" }),
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    trailerId: uuid().references(() => trailers.id, { onDelete: "set null" }),
    status: loadStatusEnum().notNull().default("pending"),
    fuelUsedGallons: numeric({ precision: 10, scale: 1, mode: "number" }),
    payType: payTypeEnum(),
    payRate: numeric({ precision: 12, scale: 2 }),
    driverPay: numeric({ precision: 12, scale: 2 }),
    payFromDriverDefault: boolean().notNull().default(false),
    postedToBoard: boolean().notNull().default(false),
    notes: text().notNull().default(""),
    // First pickup and last delivery, copied from the stops for lists, search, sort and the calendar.
    pickupCity: text().notNull(),
    pickupState: text().notNull(),
    pickupAt: timestamp({ withTimezone: true }).notNull(),
    deliveryCity: text().notNull(),
    deliveryState: text().notNull(),
    deliveryAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.pickupAt.desc(), t.id),
    index().on(t.status, t.pickupAt.desc(), t.id),
    index().on(t.driverId, t.pickupAt.desc(), t.id),
    // A customer's loads newest first, with the status and the columns of the search expression: the
    // customer portal's lists and searches (issue 42) walk this index alone (an index-only scan) until
    // a page is found.
    index("loads_customer_pickup_search").on(
      t.customerId,
      t.pickupAt.desc(),
      t.id,
      t.status,
      t.loadNumber,
      t.pickupCity,
      t.deliveryCity,
    ),
    // Reports: a truck's loads in a period (utilisation, loads and profit per truck).
    index("loads_vehicle_pickup").on(t.vehicleId, t.pickupAt),
    index().on(t.deliveryAt.desc()),
    index().on(t.createdAt.desc()),
    index().on(t.totalRate.desc(), t.id),
    // The loads list by rate with a search (issue 42: a year's pickups by rate, "chicago"): the rate
    // order with every column the list's condition tests in a search — the search expression's three
    // fields, a matching customer, the pickup period, a status — so the page's ids are found walking
    // this index alone (`listLoadItems`' ids first), where the index above reads each passed load from
    // the table (52k of them for that page).
    index("loads_rate_search").on(
      t.totalRate.desc(),
      t.id,
      t.pickupAt,
      t.status,
      t.customerId,
      t.loadNumber,
      t.pickupCity,
      t.deliveryCity,
    ),
    // Driver scorecards: a driver's loads completed in a period.
    index("loads_completed_by_driver").on(t.driverId, t.deliveredAt).where(sql`status = 'completed'`),
    // The BOL manager's order: loads on the road or delivered, last delivered first.
    index("loads_paperwork_order")
      .on(t.deliveredAt.desc().nullsLast(), t.loadNumber.desc())
      .where(sql`status in ('in_progress', 'completed')`),
    // Empty miles: a driver's previous delivery.
    index("loads_driver_delivery").on(t.driverId, t.deliveryAt.desc()).where(sql`status <> 'cancelled'`),
    // The routing job's queue.
    index("loads_miles_pending").on(t.id).where(sql`miles_status = 'pending'`),
    check("loads_miles_source", sql`miles_source in ('none', 'manual', 'estimated', 'routed', 'override')`),
    check("loads_miles_status", sql`miles_status in ('current', 'pending', 'unplaceable')`),
    index("loads_board")
      .on(t.pickupAt)
      .where(sql`posted_to_board and status = 'pending' and driver_id is null`),
    index("loads_search_trgm").using(
      "gin",
      sql`(load_number || ' ' || pickup_city || ' ' || delivery_city) gin_trgm_ops`,
    ),
    // Global search for a load number or its prefix ("LD-2025", issue 42): a term without spaces is
    // found at the start of the number (the two btrees: a few matches read by number, many read newest
    // pickup first with the number checked in the index), later in the number, or in a city (the two
    // trigram indexes). Each part is selective where the whole expression's trigrams ("ld-", "202")
    // are in every row. See search.service.ts.
    index("loads_number_prefix").using("btree", sql`lower(load_number) text_pattern_ops`),
    index("loads_pickup_number_prefix").using(
      "btree",
      sql`pickup_at desc nulls last`,
      sql`lower(load_number) text_pattern_ops`,
    ),
    // The loads list's number start in pickup order (issue 42): one probe per UTC pickup day, each
    // day's matches a range of the lower-cased number (`byPickupDay` in loads.repo.ts), where the
    // index above is walked through every newer load.
    index("loads_pickup_day_number").using(
      "btree",
      sql`((pickup_at at time zone 'UTC')::date)`,
      sql`lower(load_number) text_pattern_ops`,
    ),
    // Billing a customer: their completed loads, last delivered first (the invoice form's list;
    // `desc` as the query sorts, nulls first).
    index("loads_completed_by_customer")
      .on(t.customerId, t.deliveredAt.desc().nullsFirst(), t.pickupAt.desc().nullsFirst())
      .where(sql`status = 'completed'`),
    // The same order with the load's id and the three fields a billable-loads search tests as
    // INCLUDE columns (issue 42; hand-written in its migration — drizzle declares no INCLUDE): a common
    // term's 200 ids are found walking this index alone, then only those rows are read (`billableLoads`
    // in invoices.service.ts), where the index above reads every passed load from the table. Included,
    // not keys, so loads of the same delivery and pickup come in the same order as on the index above
    // (the heap's, PostgreSQL's last key) and the list is the one it gave.
    index("loads_completed_by_customer_search")
      .on(t.customerId, t.deliveredAt.desc().nullsFirst(), t.pickupAt.desc().nullsFirst())
      .where(sql`status = 'completed'`),
    // A customer's unbilled work (the customer page, issue 42): their completed loads with the two rates
    // the amount is summed from, read from the index alone and checked against the live invoice rows.
    index("loads_completed_rates_by_customer")
      .on(t.customerId, t.id, t.customerRate, t.totalRate)
      .where(sql`status = 'completed'`),
    index("loads_number_tail_trgm").using("gin", sql`substr(load_number, 2) gin_trgm_ops`),
    index("loads_cities_trgm").using("gin", sql`(pickup_city || ' ' || delivery_city) gin_trgm_ops`),
    // The customer portal (issue 42): a customer's active and recently delivered loads counted from
    // the index alone, and a status filter without reading the customer's other loads.
    index("loads_customer_status").on(t.customerId, t.status, t.deliveredAt),
    // The portal's search: one customer's matches of the search expression straight from the index
    // (btree_gin for the customer, hand-written in its migration), not a bitmap of all their loads.
    index("loads_customer_search_trgm").using(
      "gin",
      t.customerId,
      sql`(load_number || ' ' || pickup_city || ' ' || delivery_city) gin_trgm_ops`,
    ),
  ],
);

export const loadStops = pgTable(
  "load_stops",
  {
    id: uuid().primaryKey().defaultRandom(),
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    sequence: integer().notNull(),
    type: stopTypeEnum().notNull(),
    locationName: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    postalCode: text().notNull().default(""),
    /** Decision 034: an appointment, a window (scheduledAt–scheduledEnd) or FCFS hours. */
    appointmentKind: text().$type<AppointmentKind>().notNull().default("appointment"),
    scheduledAt: timestamp({ withTimezone: true }).notNull(),
    scheduledEnd: timestamp({ withTimezone: true }),
    contactName: text().notNull().default(""),
    contactPhone: text().notNull().default(""),
    /** Pickup number or delivery number. */
    referenceNumber: text().notNull().default(""),
    poNumber: text().notNull().default(""),
    locationId: uuid().references(() => locations.id, { onDelete: "set null" }),
    ...geoColumns,
    // The driver's check-ins (staff may correct them, with a reason on the timeline).
    arrivedAt: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
    departedAt: timestamp({ withTimezone: true }),
    detentionMinutes: integer(),
    detentionAmount: numeric({ precision: 12, scale: 2 }),
    detentionStatus: text().$type<DetentionStatus>(),
  },
  (t) => [
    index().on(t.loadId, t.sequence),
    index().on(t.locationId),
    index("load_stops_geo_pending").on(t.id).where(sql`geo_status = 'pending'`),
    check("load_stops_appointment_kind", sql`${t.appointmentKind} in ('appointment', 'window', 'fcfs')`),
    check(
      "load_stops_detention_status",
      sql`${t.detentionStatus} is null or ${t.detentionStatus} in ('proposed', 'accepted', 'dismissed')`,
    ),
  ],
);

/**
 * The load's timeline: every status change and driver event — who, when, from, to, and what happened
 * as a kind and its data (rendered in the reader's language, decision 017).
 */
export const loadStatusEvents = pgTable(
  "load_status_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    kind: text().$type<LoadEventKind>().notNull(),
    data: jsonb().$type<LoadEventData>().notNull().default({}),
    fromStatus: loadStatusEnum(),
    toStatus: loadStatusEnum().notNull(),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    /** Only what a person typed (a status change's or a decline's reason). */
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.loadId, t.createdAt)],
);

export const loadFiles = pgTable(
  "load_files",
  {
    id: uuid().primaryKey().defaultRandom(),
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    kind: loadFileKindEnum().notNull(),
    /** staff, driver or public_link */
    uploadedVia: text().notNull(),
    ...syncTimes,
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.loadId)],
);

/** A driver's interest in a posted load (once; withdrawing deletes it). */
export const loadInterests = pgTable(
  "load_interests",
  {
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loadId, t.driverId] }), index().on(t.driverId)],
);

/** Public BOL upload links: only the SHA-256 of the token is stored. */
export const bolUploadLinks = pgTable(
  "bol_upload_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    uploads: integer().notNull().default(0),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.loadId)],
);

/**
 * Private tracking links (`/track/:token`): only the SHA-256 of the token is stored. A link ends when
 * revoked or replaced, or by `trackingLinkExpiresAt` (shared/public/tracking.schema.ts), which follows
 * the load's delivery — so no expiry is stored.
 */
export const loadTrackingLinks = pgTable(
  "load_tracking_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    /** Who made it: dispatch (from the load's page) or the customer (from the portal). */
    source: text().$type<TrackingLinkSource>().notNull(),
    /** The address dispatch emailed it to. */
    sentTo: text(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp({ withTimezone: true }),
    lastOpenedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.loadId, t.createdAt),
    check("load_tracking_links_source", sql`${t.source} in ('dispatch', 'portal')`),
  ],
);

/** A review decision of the BOL manager; "missing" and "received" are derived from the files. */
export const paperworkReviewStatusEnum = pgEnum("paperwork_review_status", ["verified", "rejected"]);

/**
 * Accounting's review of a load's BOL and POD (the BOL manager): the latest decision and the latest
 * request to the driver. A decision stands until a newer BOL or POD arrives (then it is "received"
 * again); each decision is also in the audit log.
 */
export const loadPaperworkReviews = pgTable(
  "load_paperwork_reviews",
  {
    loadId: uuid()
      .primaryKey()
      .references(() => loads.id, { onDelete: "cascade" }),
    status: paperworkReviewStatusEnum(),
    reason: text(),
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    requestedBy: text().references(() => users.id, { onDelete: "set null" }),
    requestedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.reviewedAt)],
);

/**
 * The miles a load drove in each state or province (IFTA, issue 15): what the driver records from
 * the state-line odometer readings or the trip's state miles. One row per load and jurisdiction.
 */
export const loadJurisdictionMiles = pgTable(
  "load_jurisdiction_miles",
  {
    loadId: uuid()
      .notNull()
      .references(() => loads.id, { onDelete: "cascade" }),
    /** Postal code of the US state or Canadian province (shared/fuel/jurisdictions.ts). */
    jurisdiction: text().notNull(),
    /** loaded (pickup → delivery) or empty (deadhead). */
    leg: text().$type<MilesLeg>().notNull().default("loaded"),
    /** recorded > gps > routed > estimated: a load has one set per leg. */
    source: text().$type<StateMilesSource>().notNull().default("recorded"),
    miles: numeric({ precision: 10, scale: 1 }).notNull(),
    recordedBy: text().references(() => users.id, { onDelete: "set null" }),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.loadId, t.leg, t.jurisdiction] }),
    check("load_jurisdiction_miles_positive", sql`${t.miles} >= 0`),
    check("load_jurisdiction_miles_leg", sql`${t.leg} in ('loaded', 'empty')`),
    check("load_jurisdiction_miles_source", sql`${t.source} in ('recorded', 'gps', 'routed', 'estimated')`),
  ],
);
