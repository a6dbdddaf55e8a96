import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * The server's VAPID key pair (RFC 8292), made on first start and kept: every browser subscribed with
 * its public key, so a new pair would silence them all. The private key is sealed (platform/secrets).
 */
export const vapidKeys = pgTable("vapid_keys", {
  /** Always "vapid": one pair per installation. */
  id: text().primaryKey(),
  publicKey: text().notNull(),
  privateKeySealed: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A browser's push subscription: one per device and user (an endpoint belongs to one user at a time). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    device: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_key").on(t.endpoint), index().on(t.userId)],
);

/** Pushes waiting to go to a push service (the job queue sends them; a 404/410 drops the subscription). */
export const pushMessages = pgTable(
  "push_messages",
  {
    id: uuid().primaryKey().defaultRandom(),
    subscriptionId: uuid()
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    /** PushPayload: title, body, link, tag — already in the reader's language. */
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    urgency: text().notNull().default("normal"),
    ttl: integer().notNull(),
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.createdAt)],
);
