import { TIME_OFF_STATUSES } from "@shared/calendar/time-off.schema";
import { date, index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";

export const timeOffStatusEnum = pgEnum("time_off_status", TIME_OFF_STATUSES);

export const timeOffRequests = pgTable(
  "time_off_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    startDate: date().notNull(),
    endDate: date().notNull(),
    reason: text().notNull(),
    status: timeOffStatusEnum().notNull().default("pending"),
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewNote: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.driverId, t.startDate),
    index().on(t.status, t.startDate),
    index().on(t.startDate, t.endDate),
  ],
);
