import { ACCIDENT_ENTRY_KINDS, CLAIM_STATUSES } from "@shared/accidents/accidents.schema";
import { CITATION_STATUSES } from "@shared/citations/citations.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";
import { trailers, vehicles } from "./fleet";
import { files } from "./platform";

export const citationStatusEnum = pgEnum("citation_status", CITATION_STATUSES);
export const claimStatusEnum = pgEnum("claim_status", CLAIM_STATUSES);
export const accidentEntryKindEnum = pgEnum("accident_entry_kind", ACCIDENT_ENTRY_KINDS);

/**
 * A traffic or roadside citation issued to a driver. `driver_id` and `issued_on` are plain indexed
 * columns so per-driver, per-period counts (the driver scorecard) are one index range scan.
 */
export const citations = pgTable(
  "citations",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    citationNumber: text().notNull().default(""),
    /** The spec's "date": when the citation was issued. */
    issuedOn: date().notNull(),
    /** The spec's "expiration date": pay or contest by. Open past it = overdue. */
    dueOn: date().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    violation: text().notNull(),
    fineAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    status: citationStatusEnum().notNull().default("open"),
    notes: text().notNull().default(""),
    /** The latest dispute's reason (the timeline keeps every one). */
    disputeReason: text(),
    disputedAt: timestamp({ withTimezone: true }),
    fileId: uuid().references(() => files.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.driverId, t.issuedOn.desc()),
    index().on(t.issuedOn.desc(), t.id),
    index().on(t.status, t.dueOn),
    index().on(t.dueOn),
    index().on(t.fineAmount),
    index("citations_search_trgm").using(
      "gin",
      sql`(citation_number || ' ' || violation || ' ' || city || ' ' || state) gin_trgm_ops`,
    ),
  ],
);

/** Every status change of a citation, and its recording: who, when, from, to, why. Append-only. */
export const citationEvents = pgTable(
  "citation_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    citationId: uuid()
      .notNull()
      .references(() => citations.id, { onDelete: "cascade" }),
    fromStatus: citationStatusEnum(),
    toStatus: citationStatusEnum().notNull(),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    actorName: text(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.citationId, t.createdAt)],
);

/** References ACC-<year>-<nnnn>: one sequence for all years keeps them unique. */
export const accidentNumberSeq = pgSequence("accident_number_seq", { startWith: 1 });

/**
 * An accident and its insurance claim (spec "Incident"). `driver_id` and `occurred_at` are indexed
 * plainly for per-driver, per-period counts. Driver, vehicle and trailer may be unknown or later
 * removed: the record stays.
 */
export const accidents = pgTable(
  "accidents",
  {
    id: uuid().primaryKey().defaultRandom(),
    reference: text().notNull().unique(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    location: text().notNull(),
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    vehicleId: uuid().references(() => vehicles.id, { onDelete: "set null" }),
    trailerId: uuid().references(() => trailers.id, { onDelete: "set null" }),
    policeReportNumber: text().notNull().default(""),
    description: text().notNull(),
    injuries: boolean().notNull().default(false),
    claimAmount: numeric({ precision: 12, scale: 2 }),
    claimStatus: claimStatusEnum().notNull().default("open"),
    insurer: text().notNull().default(""),
    claimNumber: text().notNull().default(""),
    closedAt: timestamp({ withTimezone: true }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.driverId, t.occurredAt.desc()),
    index().on(t.occurredAt.desc(), t.id),
    index().on(t.claimStatus, t.occurredAt.desc()),
    index().on(t.vehicleId, t.occurredAt.desc()),
    index().on(t.claimAmount),
  ],
);

/**
 * The accident's timeline: notes, claim-status changes, edits and photos added or removed, with
 * author and time. Append-only: nothing updates or deletes a row (only the accident's deletion
 * cascades).
 */
export const accidentNotes = pgTable(
  "accident_notes",
  {
    id: uuid().primaryKey().defaultRandom(),
    accidentId: uuid()
      .notNull()
      .references(() => accidents.id, { onDelete: "cascade" }),
    kind: accidentEntryKindEnum().notNull(),
    body: text(),
    fromStatus: claimStatusEnum(),
    toStatus: claimStatusEnum(),
    /** "updated": `{ fields: [...] }`; image entries: `{ fileName }`. */
    details: jsonb().$type<{ fields?: string[]; fileName?: string }>(),
    authorId: text().references(() => users.id, { onDelete: "set null" }),
    authorName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accidentId, t.createdAt)],
);

export const accidentImages = pgTable(
  "accident_images",
  {
    id: uuid().primaryKey().defaultRandom(),
    accidentId: uuid()
      .notNull()
      .references(() => accidents.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    uploadedBy: text().references(() => users.id, { onDelete: "set null" }),
    uploadedByName: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.accidentId, t.createdAt)],
);
