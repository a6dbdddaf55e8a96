import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { syncTimes } from "./columns";
import { drivers } from "./drivers";
import { loads } from "./loads";
import { files, notifications } from "./platform";

/**
 * Chat (issue 16): one conversation per driver with dispatch, keyed by the driver. A message is the
 * driver's or a staff member's; optionally about a load; text and/or one photo or PDF.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    senderId: text().references(() => users.id, { onDelete: "set null" }),
    senderName: text().notNull(),
    fromDriver: boolean().notNull(),
    body: text().notNull().default(""),
    loadId: uuid().references(() => loads.id, { onDelete: "set null" }),
    fileId: uuid().references(() => files.id, { onDelete: "set null" }),
    /** A driver's message from the phone: when it was sent there, and when it arrived (issue 41). */
    ...syncTimes,
    /** clock_timestamp: two messages of one transaction still order. */
    createdAt: timestamp({ withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index().on(t.driverId, t.createdAt.desc(), t.id.desc()), index().on(t.fromDriver, t.createdAt)],
);

/** How far each reader has read each conversation (unread counts and read receipts). */
export const chatReads = pgTable(
  "chat_reads",
  {
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Whether the reader is the driver (else staff): the receipts read one side's latest. */
    isDriver: boolean().notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.driverId, t.userId] }), index().on(t.userId)],
);

/**
 * Custom notifications (`/notifications/custom`): an announcement delivered at `deliver_at` by the
 * job queue into each recipient's notifications; `scheduled` until then (editable, cancellable).
 */
export const announcements = pgTable(
  "announcements",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    description: text().notNull().default(""),
    deliverAt: timestamp({ withTimezone: true }).notNull(),
    /** staff (every staff role), roles (those in `roles`), people (those in `people`), none (drivers only). */
    audience: text().notNull(),
    roles: text().array().notNull().default(sql`'{}'`),
    /** User ids chosen one by one. */
    people: text().array().notNull().default(sql`'{}'`),
    visibleToDrivers: boolean().notNull().default(false),
    status: text().notNull().default("scheduled"),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.deliverAt), index().on(t.deliverAt.desc()), index().on(t.createdAt.desc())],
);

/** Who received a delivered announcement, with the notification whose read flag is the receipt. */
export const announcementRecipients = pgTable(
  "announcement_recipients",
  {
    announcementId: uuid()
      .notNull()
      .references(() => announcements.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid().references(() => notifications.id, { onDelete: "set null" }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index().on(t.notificationId)],
);

/** Per-user settings the communications hub reads (the Settings screen edits them too): the signature. */
export const userPreferences = pgTable("user_preferences", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailSignature: text().notNull().default(""),
  /** The language their emails and texts are written in (the one they last chose in the app). */
  language: text(),
  /** Notification kinds that also arrive by email / by text; null until they choose (the defaults). */
  emailKinds: text().array(),
  smsKinds: text().array(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The company's switches per automated event and channel (AUTOMATED_EVENTS; a missing row is the defaults). */
export const automatedNotifications = pgTable("automated_notifications", {
  event: text().primaryKey(),
  inApp: boolean().notNull(),
  email: boolean().notNull(),
  sms: boolean().notNull(),
  updatedByName: text(),
  updatedAt: timestamp({ withTimezone: true }),
});

/** A mass email's saved audience ("all reefer drivers", "Acme's desks"): the hub's pickers reload it. */
export const recipientGroups = pgTable(
  "recipient_groups",
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** The audience as the composer sends it (audienceSchema). */
    audience: jsonb().$type<Record<string, unknown>>().notNull(),
    createdByName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("recipient_groups_name_key").on(sql`lower(${t.name})`)],
);

/** One mass email or SMS blast: what was said, by whom, when it goes out. */
export const communications = pgTable(
  "communications",
  {
    id: uuid().primaryKey().defaultRandom(),
    channel: text().notNull(),
    /** hub (a person's mass email or blast) or automated (an event's email or text, `notification_kind`). */
    source: text().notNull().default("hub"),
    notificationKind: text(),
    /** An automated copy's page in the app and the language its words are in (the footer is added when sent). */
    link: text(),
    language: text(),
    subject: text().notNull().default(""),
    /** The text as sent: the sender's words and, for email, their signature. */
    body: text().notNull(),
    senderId: text().references(() => users.id, { onDelete: "set null" }),
    senderName: text().notNull(),
    /** scheduled, sending (recipients queued), sent (none left queued), cancelled. */
    status: text().notNull(),
    scheduledAt: timestamp({ withTimezone: true }),
    attachmentIds: uuid().array().notNull().default(sql`'{}'`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.status, t.scheduledAt),
    index().on(t.createdAt.desc()),
    index().on(t.source, t.createdAt.desc()),
  ],
);

/** Every recipient of a communication and what happened to their copy: the communication log. */
export const communicationRecipients = pgTable(
  "communication_recipients",
  {
    id: uuid().primaryKey().defaultRandom(),
    communicationId: uuid()
      .notNull()
      .references(() => communications.id, { onDelete: "cascade" }),
    recipientKind: text().notNull(),
    recipientId: text(),
    name: text().notNull(),
    address: text(),
    /** The recipient's state (a text waits for that state's hours). */
    region: text(),
    status: text().notNull(),
    error: text(),
    /** A customer contact's one-click unsubscribe token (SHA-256; the link holds the token). */
    unsubscribeHash: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.communicationId),
    index().on(t.status, t.createdAt),
    index().on(t.createdAt.desc()),
    index().on(t.unsubscribeHash),
  ],
);

/** Addresses that unsubscribed from bulk mail (RFC 8058 one-click): never mailed in bulk again. */
export const emailUnsubscribes = pgTable("email_unsubscribes", {
  /** Lower-cased. */
  email: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** SMS consent per phone number (E.164): how and when it was given or withdrawn, and by whom recorded. */
export const smsConsents = pgTable(
  "sms_consents",
  {
    phone: text().primaryKey(),
    name: text().notNull().default(""),
    /** opted_in, opted_out. */
    status: text().notNull(),
    /** form, paper, keyword (a reply), import, verbal. */
    method: text().notNull(),
    recordedByName: text().notNull(),
    note: text().notNull().default(""),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status), index().on(t.recordedAt.desc())],
);

/** States whose law is stricter than 8:00–21:00 for text messages: the blast waits for their window. */
export const smsQuietHours = pgTable("sms_quiet_hours", {
  state: text().primaryKey(),
  startHour: integer().notNull(),
  endHour: integer().notNull(),
  timeZone: text().notNull(),
  note: text().notNull().default(""),
});

/** Virtual meetings: a topic, a time, a link, participants by email (invited with an .ics). */
export const meetings = pgTable(
  "meetings",
  {
    id: uuid().primaryKey().defaultRandom(),
    topic: text().notNull(),
    agenda: text().notNull().default(""),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    provider: text().notNull(),
    joinUrl: text().notNull(),
    participants: text().array().notNull(),
    reminderMinutes: integer().notNull().default(15),
    remindedAt: timestamp({ withTimezone: true }),
    status: text().notNull().default("scheduled"),
    /** The invitation's SEQUENCE (RFC 5545): each change and the cancellation raise it. */
    sequence: integer().notNull().default(0),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
    createdByName: text().notNull(),
    createdByEmail: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.startsAt), index().on(t.status, t.startsAt)],
);
