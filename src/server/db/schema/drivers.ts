import { DRIVER_STATUSES } from "@shared/drivers/drivers.schema";
import { DRIVER_DOCUMENT_KINDS, WORKER_TYPES } from "@shared/drivers/management.schema";
import { PAY_TYPES } from "@shared/loads/loads.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { files } from "./platform";

export { DRIVER_STATUSES };
export const driverStatusEnum = pgEnum("driver_status", DRIVER_STATUSES);
export const payTypeEnum = pgEnum("pay_type", PAY_TYPES);
export const workerTypeEnum = pgEnum("worker_type", WORKER_TYPES);
export const driverDocumentKindEnum = pgEnum("driver_document_kind", DRIVER_DOCUMENT_KINDS);

/** A driver; `user_id` links the sign-in account (a driver may exist before having one). */
export const drivers = pgTable(
  "drivers",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    fullName: text().notNull(),
    phone: text(),
    email: text(),
    /** Effective status: busy / off_duty are computed (see dispatch's driver-status), else `manualStatus`. */
    status: driverStatusEnum().notNull().default("available"),
    /** What staff last set (available, on_trip, off_duty, unknown). */
    manualStatus: driverStatusEnum().notNull().default("available"),
    /** Used when a load's driver pay is left empty. */
    defaultPayType: payTypeEnum(),
    defaultPayRate: numeric({ precision: 12, scale: 2 }),
    /** SSN or EIN. Only roles with `drivers:taxId` ever receive it whole (the service masks it). */
    taxId: text(),
    /** Company driver (W-2, paid through payroll elsewhere) or independent contractor / owner-operator (1099). */
    workerType: workerTypeEnum().notNull().default("company"),
    mailingStreet: text().notNull().default(""),
    mailingCity: text().notNull().default(""),
    mailingState: text().notNull().default(""),
    mailingPostalCode: text().notNull().default(""),
    /** Agreed to receive tax forms electronically (1099 e-delivery goes only to these). */
    taxFormsEconsent: boolean().notNull().default(false),
    taxFormsEconsentAt: timestamp({ withTimezone: true }),
    licenseNumber: text(),
    licenseState: text(),
    licenseExpiry: date(),
    insuranceProvider: text(),
    insurancePolicyNumber: text(),
    insuranceExpiry: date(),
    medicalCardExpiry: date(),
    hireDate: date(),
    notes: text().notNull().default(""),
    /** Deactivated drivers keep their history but leave the pickers, and their account is disabled. */
    active: boolean().notNull().default(true),
    deactivatedAt: timestamp({ withTimezone: true }),
    /** The mean of the driver's ratings' overall scores, kept by the ratings service. */
    ratingAverage: numeric({ precision: 3, scale: 2 }),
    ratingCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index().on(t.fullName),
    index().on(t.status),
    index().on(t.active, t.fullName),
    index().on(t.licenseExpiry),
    index().on(t.medicalCardExpiry),
    index().on(t.insuranceExpiry),
    index().on(t.hireDate),
    index().on(t.ratingAverage),
    index().on(t.createdAt),
    index("drivers_search_trgm").using(
      "gin",
      sql`(full_name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || coalesce(license_number, '')) gin_trgm_ops`,
    ),
  ],
);

/** A driver's documents: licence front and back images (one current each), medical and insurance cards, others. */
export const driverDocuments = pgTable(
  "driver_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "cascade" }),
    kind: driverDocumentKindEnum().notNull(),
    /** The date the document itself shows (a renewed medical card's), when someone entered it. */
    expiresOn: date({ mode: "string" }),
    uploadedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Staff uploads are confirmed at once; a driver's own upload waits for staff (null until then). */
    confirmedAt: timestamp({ withTimezone: true }),
    confirmedBy: text().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index().on(t.driverId, t.createdAt),
    index("driver_documents_unconfirmed").on(t.createdAt).where(sql`confirmed_at is null`),
    uniqueIndex("driver_documents_single_kind")
      .on(t.driverId, t.kind)
      .where(sql`kind in ('license_front', 'license_back')`),
  ],
);
