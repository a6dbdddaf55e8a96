import { ROLES } from "@shared/access";
import { boolean, index, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

export const roleEnum = pgEnum("role", ROLES);

/** The spec's app_users: one row per authenticated user, keyed by user id, with its role. */
export const appUsers = pgTable(
  "app_users",
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    role: roleEnum().notNull(),
    /** Set with a temporary password: the user must choose a new one before anything else. */
    mustChangePassword: boolean().notNull().default(false),
    /** The profile's phone (staff; a driver's and a customer's live on their records). */
    phone: text().notNull().default(""),
    lastSignInAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [index().on(t.role)],
);
