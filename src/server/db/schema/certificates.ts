import {
  CERTIFICATE_DIRECTIONS,
  CERTIFICATE_PARTIES,
  HOLDER_KINDS,
  type Insurer,
  type Policy,
  REQUEST_STATUSES,
} from "@shared/certificates/certificates.schema";
import { sql } from "drizzle-orm";
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { customers } from "./customers";
import { files } from "./platform";

export const certificateDirectionEnum = pgEnum("certificate_direction", CERTIFICATE_DIRECTIONS);
export const certificatePartyEnum = pgEnum("certificate_party", CERTIFICATE_PARTIES);
export const holderKindEnum = pgEnum("certificate_holder_kind", HOLDER_KINDS);
export const holderRequestStatusEnum = pgEnum("certificate_request_status", REQUEST_STATUSES);

/**
 * A certificate of insurance (ACORD 25): the producer, the insurers (letter, name, NAIC) and the
 * policies (kind, insurer, number, dates, limits) as the form prints them. `expires_on` is the earliest
 * policy expiry, kept for the filters, the sort and the expiry alerts.
 */
export const insuranceCertificates = pgTable(
  "insurance_certificates",
  {
    id: uuid().primaryKey().defaultRandom(),
    direction: certificateDirectionEnum().notNull(),
    partyKind: certificatePartyEnum(),
    partyName: text().notNull().default(""),
    insuredName: text().notNull(),
    producerName: text().notNull(),
    producerAddress: text().notNull().default(""),
    producerContact: text().notNull().default(""),
    insurers: jsonb().$type<Insurer[]>().notNull(),
    policies: jsonb().$type<Policy[]>().notNull(),
    expiresOn: date({ mode: "string" }),
    fileId: uuid().references(() => files.id, { onDelete: "set null" }),
    notes: text().notNull().default(""),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.direction, t.expiresOn),
    index().on(t.expiresOn),
    index().on(t.createdAt),
    index("insurance_certificates_search_trgm").using(
      "gin",
      sql`(insured_name || ' ' || producer_name || ' ' || party_name) gin_trgm_ops`,
    ),
  ],
);

/** A certificate holder's request: recorded, the agent's certificate attached, then emailed to them. */
export const certificateRequests = pgTable(
  "certificate_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    holderName: text().notNull(),
    holderKind: holderKindEnum().notNull(),
    customerId: uuid().references(() => customers.id, { onDelete: "set null" }),
    holderEmail: text().notNull().default(""),
    holderAddress: text().notNull().default(""),
    certificateId: uuid().references(() => insuranceCertificates.id, { onDelete: "set null" }),
    requestedOn: date({ mode: "string" }).notNull(),
    status: holderRequestStatusEnum().notNull().default("requested"),
    fileId: uuid().references(() => files.id, { onDelete: "set null" }),
    sentAt: timestamp({ withTimezone: true }),
    sentTo: text(),
    notes: text().notNull().default(""),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.status),
    index().on(t.requestedOn),
    index().on(t.certificateId),
    index().on(t.customerId),
    index("certificate_requests_search_trgm").using(
      "gin",
      sql`(holder_name || ' ' || holder_email) gin_trgm_ops`,
    ),
  ],
);
