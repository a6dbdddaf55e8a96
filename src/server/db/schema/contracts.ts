import { CONTRACT_EVENT_KINDS, CONTRACT_STATUSES, CONTRACT_TYPES } from "@shared/contracts/contracts.schema";
import { sql } from "drizzle-orm";
import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";
import { files } from "./platform";

export const contractTypeEnum = pgEnum("contract_type", CONTRACT_TYPES);
export const contractStatusEnum = pgEnum("contract_status", CONTRACT_STATUSES);
export const contractEventKindEnum = pgEnum("contract_event_kind", CONTRACT_EVENT_KINDS);

/**
 * A contract (spec section 3) and, once signed, its signing record: who typed which name, when, from
 * which address and browser, over which exact content (SHA-256), the drawn signature and the signed PDF.
 * Read-only after signing (the service refuses changes).
 */
export const contracts = pgTable(
  "contracts",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    type: contractTypeEnum().notNull(),
    driverId: uuid().references(() => drivers.id, { onDelete: "set null" }),
    signerName: text().notNull(),
    signerEmail: text().notNull(),
    startsOn: date({ mode: "string" }),
    expiresOn: date({ mode: "string" }),
    content: text().notNull(),
    attachmentFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    status: contractStatusEnum().notNull().default("draft"),
    sentAt: timestamp({ withTimezone: true }),
    viewedAt: timestamp({ withTimezone: true }),
    signedAt: timestamp({ withTimezone: true }),
    signedName: text(),
    signedIp: text(),
    signedUserAgent: text(),
    contentSha256: text(),
    signatureFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    signedPdfFileId: uuid().references(() => files.id, { onDelete: "set null" }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index().on(t.status, t.updatedAt),
    index().on(t.updatedAt),
    index().on(t.expiresOn),
    index().on(t.type),
    index().on(t.driverId),
    index("contracts_search_trgm").using(
      "gin",
      sql`(title || ' ' || signer_name || ' ' || signer_email) gin_trgm_ops`,
    ),
  ],
);

/** Signing links: only the token's SHA-256; one active link per contract (re-sending revokes the last). */
export const contractLinks = pgTable(
  "contract_links",
  {
    id: uuid().primaryKey().defaultRandom(),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    /** Signed through this link: it signs nothing again, and may create the driver's account briefly. */
    usedAt: timestamp({ withTimezone: true }),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.contractId)],
);

/** The contract's trail (created, sent, viewed, signed, …): the signed PDF's final page. */
export const contractEvents = pgTable(
  "contract_events",
  {
    id: uuid().primaryKey().defaultRandom(),
    contractId: uuid()
      .notNull()
      .references(() => contracts.id, { onDelete: "cascade" }),
    kind: contractEventKindEnum().notNull(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorName: text(),
    ip: text(),
    userAgent: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index().on(t.contractId, t.at)],
);

/** The company's template per contract type (the built-in one until saved). */
export const contractTemplates = pgTable("contract_templates", {
  type: contractTypeEnum().primaryKey(),
  content: text().notNull(),
  updatedBy: text().references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
