import { index, numeric, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { DRIVER_STATUSES } from "../../../shared/drivers/drivers.schema";
import { PAY_TYPES } from "../../../shared/loads/loads.schema";
import { users } from "./auth";
import { timestamps } from "./columns";

export { DRIVER_STATUSES };
export const driverStatusEnum = pgEnum("driver_status", DRIVER_STATUSES);
export const payTypeEnum = pgEnum("pay_type", PAY_TYPES);

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
    /** Effective status: busy / off_duty are computed (see dispatch's driver-status), else `manualStatus`. */
    status: driverStatusEnum().notNull().default("available"),
    /** What staff last set (available, on_trip, off_duty, unknown). */
    manualStatus: driverStatusEnum().notNull().default("available"),
    /** Used when a load's driver pay is left empty. */
    defaultPayType: payTypeEnum(),
    defaultPayRate: numeric({ precision: 12, scale: 2 }),
    ...timestamps,
  },
  (t) => [index().on(t.fullName), index().on(t.status)],
);
