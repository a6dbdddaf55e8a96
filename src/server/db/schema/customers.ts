import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

/** A customer company; `user_id` links the portal account when it has one. */
export const customers = pgTable(
  "customers",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    name: text().notNull(),
    companyName: text().notNull(),
    email: text(),
    phone: text(),
    address: text(),
    ...timestamps,
  },
  (t) => [index().on(t.companyName), index().on(t.email)],
);
