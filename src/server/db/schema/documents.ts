import { COMPANY_DOCUMENT_TYPES } from "@shared/documents/documents.schema";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { files } from "./platform";

export const companyDocumentTypeEnum = pgEnum("company_document_type", COMPANY_DOCUMENT_TYPES);

/**
 * The company's own documents (operating authority, cab card, IFTA licence, policies, permits, …).
 * Drivers', assets' and loads' documents stay in their own tables; the document centre reads them there.
 */
export const companyDocuments = pgTable(
  "company_documents",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    type: companyDocumentTypeEnum().notNull(),
    expiresOn: date({ mode: "string" }),
    /** Drivers must carry some of them (the cab card, the insurance card): they see these. */
    visibleToDrivers: boolean().notNull().default(false),
    notes: text().notNull().default(""),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: "restrict" }),
    uploadedBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.expiresOn),
    index().on(t.type),
    index().on(t.createdAt),
    index("company_documents_name_trgm").using("gin", sql`name gin_trgm_ops`),
  ],
);

/**
 * The expiry notices sent: one per document, expiry date and threshold (30, 7, 1, 0 days), so the
 * daily job tells the owning staff once each — and again if the document is renewed with a new date.
 */
export const documentExpiryNotices = pgTable(
  "document_expiry_notices",
  {
    owner: text().notNull(),
    documentId: uuid().notNull(),
    expiresOn: date({ mode: "string" }).notNull(),
    daysBefore: smallint().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.documentId, t.expiresOn, t.daysBefore] })],
);
