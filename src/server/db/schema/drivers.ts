import { index, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

export const DRIVER_STATUSES = ["available", "on_trip", "off_duty", "unknown", "busy"] as const;
export const driverStatusEnum = pgEnum("driver_status", DRIVER_STATUSES);

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
    status: driverStatusEnum().notNull().default("available"),
    ...timestamps,
  },
  (t) => [index().on(t.fullName), index().on(t.status)],
);
