import { LOAD_REQUEST_STATUSES } from "@shared/portal/load-requests.schema";
import { index, numeric, pgEnum, pgSequence, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { customers } from "./customers";
import { loads } from "./loads";

export const loadRequestStatusEnum = pgEnum("load_request_status", LOAD_REQUEST_STATUSES);

/** Numbers RQ-<year>-<n>. */
export const loadRequestNumberSeq = pgSequence("load_request_number_seq", { startWith: 1 });

/** A customer's request for a load (customer portal), pending until dispatch accepts or declines it. */
export const loadRequests = pgTable(
  "load_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    requestNumber: text().notNull().unique(),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    requestedBy: text().references(() => users.id, { onDelete: "set null" }),
    pickupLocationName: text().notNull(),
    pickupAddress: text().notNull(),
    pickupCity: text().notNull(),
    pickupState: text().notNull(),
    pickupPostalCode: text().notNull().default(""),
    pickupAt: timestamp({ withTimezone: true }).notNull(),
    pickupContactName: text().notNull(),
    pickupContactPhone: text().notNull(),
    deliveryLocationName: text().notNull(),
    deliveryAddress: text().notNull(),
    deliveryCity: text().notNull(),
    deliveryState: text().notNull(),
    deliveryPostalCode: text().notNull().default(""),
    deliveryAt: timestamp({ withTimezone: true }).notNull(),
    deliveryContactName: text().notNull(),
    deliveryContactPhone: text().notNull(),
    commodity: text().notNull(),
    weightLbs: numeric({ precision: 10, scale: 1, mode: "number" }),
    /** One of EQUIPMENT_TYPES (the fleet's trailer types). */
    equipmentType: text().notNull(),
    /** The customer's own notes for dispatch. */
    notes: text().notNull().default(""),
    status: loadRequestStatusEnum().notNull().default("pending"),
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    /** Shown to the customer. */
    declineReason: text(),
    loadId: uuid().references(() => loads.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.status, t.createdAt.desc()),
    index().on(t.customerId, t.createdAt.desc()),
    index().on(t.createdAt.desc()),
    index().on(t.pickupAt.desc()),
    index().on(t.loadId),
  ],
);
