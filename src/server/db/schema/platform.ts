import { MAIL_STATUSES } from "@shared/audit/audit.schema";
import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Who did what to what, and when. Append-only. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid().primaryKey().defaultRandom(),
    action: text().notNull(),
    actorId: text(),
    actorEmail: text(),
    impersonatorId: text(),
    impersonatorEmail: text(),
    targetType: text(),
    targetId: text(),
    targetLabel: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt.desc()), index().on(t.action, t.createdAt.desc()), index().on(t.actorId)],
);

export const mailStatusEnum = pgEnum("mail_status", MAIL_STATUSES);

/** Every message the app sends; with no SMTP configured this is the outbox an admin reads. */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /**
     * Names, types and sizes of what was attached. The bytes are not copied: `fileId` names the
     * stored file an attachment was (a mass email's upload, an issued certificate, a signed contract),
     * so the outbox can offer it; generated ones (invoice PDFs, invitations) have none.
     */
    attachments:
      jsonb().$type<Array<{ filename: string; contentType: string; size: number; fileId?: string }>>(),
    status: mailStatusEnum().notNull(),
    error: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.createdAt.desc())],
);

/** Fixed-window counters shared by every instance (sign-in, public lookups). */
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  windowStart: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  count: integer().notNull().default(0),
});

/** Small facts about this installation (e.g. when demo data was seeded). */
export const appMeta = pgTable("app_meta", {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every stored file (on disk under DATA_DIR, or S3). Domain tables link to it. */
export const files = pgTable(
  "files",
  {
    id: uuid().primaryKey().defaultRandom(),
    storageKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    uploadedBy: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt)],
);

/** In-app notifications, one row per recipient, for the notifications centre. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid().primaryKey().defaultRandom(),
    recipientId: text().notNull(),
    kind: text().notNull(),
    /** What it says, as data for its kind (NotificationDataByKind; worded by the reader, decision 017). */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Only what a person typed with it (a reason, a note). */
    note: text("body").notNull().default(""),
    link: text(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The second: the retention job removes by age (Admin → Data management).
  (t) => [index().on(t.recipientId, t.createdAt.desc()), index().on(t.createdAt)],
);

/**
 * Idempotent replays (issue 41, decision 060): one row per user and `Idempotency-Key`. Claimed
 * (`response_status` null) before the operation runs, then holding its answer, which every replay of
 * the key gets again. `operation` and `request_hash` tell a replay from the key reused for another
 * request. The nightly job removes rows after 30 days.
 */
export const clientRequests = pgTable(
  "client_requests",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: uuid().notNull(),
    /** Method and path as requested (`POST /api/loads/…/stops/…/check-in`). */
    operation: text().notNull(),
    /** SHA-256 of the body (JSON as sent; multipart by its fields and files' bytes, not its boundary). */
    requestHash: text().notNull(),
    /** Null while the first request runs; then the status of its answer. */
    responseStatus: integer(),
    responseType: text(),
    responseBody: text(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index().on(t.createdAt)],
);
