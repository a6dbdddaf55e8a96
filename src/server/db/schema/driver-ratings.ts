import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";
import { drivers } from "./drivers";
import { loads } from "./loads";

/** A driver's rating on one completed load: four 1–5 scores and a comment. One per load. */
export const driverRatings = pgTable(
  "driver_ratings",
  {
    id: uuid().primaryKey().defaultRandom(),
    driverId: uuid()
      .notNull()
      .references(() => drivers.id, { onDelete: "cascade" }),
    loadId: uuid()
      .notNull()
      .unique()
      .references(() => loads.id, { onDelete: "cascade" }),
    punctuality: smallint().notNull(),
    communication: smallint().notNull(),
    safety: smallint().notNull(),
    equipmentCare: smallint().notNull(),
    /** The mean of the four scores. */
    overall: numeric({ precision: 3, scale: 2 }).notNull(),
    comment: text().notNull().default(""),
    ratedBy: text().references(() => users.id, { onDelete: "set null" }),
    ratedByName: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.driverId, t.createdAt.desc()),
    index().on(t.createdAt.desc()),
    index().on(t.overall),
    check(
      "driver_ratings_scores",
      sql`${t.punctuality} between 1 and 5 and ${t.communication} between 1 and 5 and ${t.safety} between 1 and 5 and ${t.equipmentCare} between 1 and 5`,
    ),
  ],
);
