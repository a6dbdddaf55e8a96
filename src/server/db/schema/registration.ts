import { ACCOUNT_REVIEW_STATUSES } from "@shared/registration/registration.schema";
import { index, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { timestamps } from "./columns";

export const accountReviewStatusEnum = pgEnum("account_review_status", ACCOUNT_REVIEW_STATUSES);

/** Registration requests awaiting review, unique on email. The password is kept only as a hash. */
export const accountReviews = pgTable(
  "account_reviews",
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull().unique(),
    name: text().notNull(),
    companyName: text().notNull(),
    phone: text().notNull(),
    address: text().notNull().default(""),
    message: text().notNull().default(""),
    passwordHash: text().notNull(),
    status: accountReviewStatusEnum().notNull().default("pending"),
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.status, t.createdAt)],
);
