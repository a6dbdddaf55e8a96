import type {
  AccountReview,
  accountReviewFilterSchema,
  RegistrationInput,
} from "@shared/registration/registration.schema";
import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { accountReviews, appUsers, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { iso, likePattern, offsetOf, type PageQuery, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { enforceRateLimit } from "../../platform/rate-limit/rate-limit";
import { createAccount, emailTaken, hashPassword } from "../auth/accounts";

type Review = typeof accountReviews.$inferSelect;

const toDto = (r: Review, reviewerEmail: string | null = null): AccountReview => ({
  id: r.id,
  email: r.email,
  name: r.name,
  companyName: r.companyName,
  phone: r.phone,
  address: r.address,
  message: r.message,
  status: r.status,
  reviewedBy: r.reviewedBy,
  reviewerEmail,
  reviewedAt: iso(r.reviewedAt),
  rejectionReason: r.rejectionReason,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Registration submissions allowed per hour from one address, and for one email from any. */
export const REGISTRATION_LIMIT_PER_ADDRESS = 10;
export const REGISTRATION_LIMIT_PER_EMAIL = 5;
const REGISTRATION_WINDOW_SECONDS = 60 * 60;

export const ACCOUNT_EXISTS_MESSAGE = "An account with this email already exists. Please log in.";
export const REGISTRATION_PENDING_MESSAGE =
  "A request for this email is already pending review. You will be notified once it's approved.";

export function createRegistrationService(deps: Deps) {
  const { db, mailer, config } = deps;

  /**
   * A submission is where the spec's existence check happens (decision 040): tightly limited per
   * address and per email, so "An account with this email already exists" is no enumeration oracle.
   */
  const limitSubmissions = async (ip: string | null, email: string) => {
    await enforceRateLimit(
      db,
      [`registration:${ip ?? "unknown"}`],
      REGISTRATION_LIMIT_PER_ADDRESS,
      REGISTRATION_WINDOW_SECONDS,
      "registration requests",
    );
    await enforceRateLimit(
      db,
      [`registration:email:${email}`],
      REGISTRATION_LIMIT_PER_EMAIL,
      REGISTRATION_WINDOW_SECONDS,
      "registration requests",
    );
  };

  async function notifyAdmins(subject: string, text: string) {
    const admins = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(appUsers, eq(appUsers.userId, users.id))
      .where(and(eq(appUsers.role, "admin"), eq(users.banned, false)));
    for (const a of admins) await mailer.send({ to: a.email, subject, text });
  }

  return {
    /**
     * Stores (or refreshes) a pending request, unique on email; never for an existing account. The
     * spec's `user_exists` check is this step's first, after the limits: there is no bare oracle.
     */
    async submit(input: RegistrationInput & { password: string }, ip: string | null): Promise<void> {
      const email = input.email.trim().toLowerCase();
      await limitSubmissions(ip, email);
      if (await emailTaken(db, email)) {
        throw conflict(ACCOUNT_EXISTS_MESSAGE, "ACCOUNT_EXISTS");
      }
      const passwordHash = await hashPassword(input.password);
      const values = {
        email,
        name: input.name.trim(),
        companyName: input.companyName.trim(),
        phone: input.phone.trim(),
        address: input.address?.trim() ?? "",
        message: input.message?.trim() ?? "",
        passwordHash,
        status: "pending" as const,
        reviewedBy: null,
        reviewedAt: null,
        rejectionReason: null,
      };
      await db.transaction(async (tx) => {
        // A pending request keeps the password and name it was sent with: whoever approves it hands
        // the account to its first sender. Only a reviewed (rejected) request is replaced by a new one.
        const [pending] = await tx
          .select({ id: accountReviews.id })
          .from(accountReviews)
          .where(and(eq(accountReviews.email, email), eq(accountReviews.status, "pending")))
          .for("update");
        if (pending) throw conflict(REGISTRATION_PENDING_MESSAGE, "REGISTRATION_PENDING");
        const [row] = await tx
          .insert(accountReviews)
          .values(values)
          .onConflictDoUpdate({
            target: accountReviews.email,
            set: { ...values, updatedAt: new Date() },
            // A request that became pending between the check and the insert is left alone.
            setWhere: sql`${accountReviews.status} <> 'pending'`,
          })
          .returning({ id: accountReviews.id });
        if (!row) throw conflict(REGISTRATION_PENDING_MESSAGE, "REGISTRATION_PENDING");
        await recordAudit(tx, null, {
          action: "registration.submitted",
          targetType: "account_review",
          targetId: row.id,
          targetLabel: email,
          details: { companyName: values.companyName, ip },
        });
      });
      await notifyAdmins(
        "New customer registration to review",
        `${values.name} (${values.companyName}, ${email}) asked for a customer account.\n\n` +
          `Review it at ${config.publicUrl}/admin/account-review`,
      );
    },

    async list(filter: z.infer<typeof accountReviewFilterSchema>, page: PageQuery) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(accountReviews.status, filter.status));
      if (filter.q) {
        const p = likePattern(filter.q);
        where.push(
          or(
            ilike(accountReviews.email, p),
            ilike(accountReviews.name, p),
            ilike(accountReviews.companyName, p),
          )!,
        );
      }
      const cond = where.length ? and(...where) : undefined;
      const [{ total }] = await db.select({ total: count() }).from(accountReviews).where(cond);
      const rows = await db
        .select({ review: accountReviews, reviewerEmail: users.email })
        .from(accountReviews)
        .leftJoin(users, eq(users.id, accountReviews.reviewedBy))
        .where(cond)
        .orderBy(desc(accountReviews.createdAt))
        .limit(page.pageSize)
        .offset(offsetOf(page));
      return toPage(
        rows.map((r) => toDto(r.review, r.reviewerEmail)),
        total,
        page,
      );
    },

    /** Creates the customer account with the password the applicant chose, and tells them. */
    async approve(actor: Actor, id: string): Promise<AccountReview> {
      const review = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(accountReviews).where(eq(accountReviews.id, id)).for("update");
        if (!r) throw notFound("The registration request");
        if (r.status !== "pending")
          throw conflict("This request has already been reviewed.", "ALREADY_REVIEWED");
        const userId = await createAccount(tx, {
          name: r.name,
          email: r.email,
          role: "customer",
          passwordHash: r.passwordHash,
          companyName: r.companyName,
          phone: r.phone,
          address: r.address,
        });
        const [updated] = await tx
          .update(accountReviews)
          .set({ status: "approved", reviewedBy: actor.userId, reviewedAt: new Date(), userId })
          .where(eq(accountReviews.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: "registration.approved",
          targetType: "account_review",
          targetId: id,
          targetLabel: r.email,
          details: { userId, companyName: r.companyName },
        });
        return updated;
      });
      await mailer.send({
        to: review.email,
        subject: "Your Load Management System account is approved",
        text:
          `Hello ${review.name},\n\nYour customer account for ${review.companyName} has been approved.\n` +
          `Sign in with this email and the password you chose at ${config.publicUrl}/login\n`,
      });
      return toDto(review, actor.email);
    },

    async reject(actor: Actor, id: string, reason: string): Promise<AccountReview> {
      const review = await db.transaction(async (tx) => {
        const [r] = await tx.select().from(accountReviews).where(eq(accountReviews.id, id)).for("update");
        if (!r) throw notFound("The registration request");
        if (r.status !== "pending")
          throw conflict("This request has already been reviewed.", "ALREADY_REVIEWED");
        const [updated] = await tx
          .update(accountReviews)
          .set({
            status: "rejected",
            reviewedBy: actor.userId,
            reviewedAt: new Date(),
            rejectionReason: reason,
          })
          .where(eq(accountReviews.id, id))
          .returning();
        await recordAudit(tx, actor, {
          action: "registration.rejected",
          targetType: "account_review",
          targetId: id,
          targetLabel: r.email,
          details: { reason },
        });
        return updated;
      });
      await mailer.send({
        to: review.email,
        subject: "Your Load Management System registration",
        text:
          `Hello ${review.name},\n\nWe could not approve the customer account request for ${review.companyName}.\n` +
          `Reason: ${reason}\n\nReply to this email if you have questions.\n`,
      });
      return toDto(review, actor.email);
    },
  };
}
