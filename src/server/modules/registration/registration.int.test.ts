import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountReviews, auditLog, customers, mailMessages, users } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { startSmtpSink } from "../../testing/smtp-sink";

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let admin: string;

const application = (email: string) => ({
  name: "Nora Fields",
  companyName: "Fields Organic Grain",
  email,
  phone: "+1 515 555 0199",
  address: "12 Mill Rd, Ames, IA 50010",
  message: "Weekly grain hauls",
  password: "Harvest2026!",
  confirmPassword: "Harvest2026!",
});

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url });
  admin = await signIn(ctx, "admin@demo.test");
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe("the spec's user_exists check (issue 38, point 5)", () => {
  it("has no bare endpoint: existence is answered only to a complete, valid registration", async () => {
    const oracle = await call(ctx, "/api/registration/user-exists", {
      body: { email: "customer@demo.test" },
    });
    expect(oracle.status).toBe(404);
    const doc = (await call(ctx, "/api/openapi.json")).json;
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/api/registration"))).toEqual([
      "/api/registration",
    ]);
    // An email alone is a validation error, which says nothing about the account.
    const bare = await call(ctx, "/api/registration", {
      body: { email: "customer@demo.test" },
      headers: { "x-forwarded-for": "198.51.100.30" },
    });
    expect(bare.status).toBe(400);
    expect(JSON.stringify(bare.json)).not.toContain("ACCOUNT_EXISTS");
  });

  it("limits submissions tightly per email (5 an hour, from any address) and per address (10 an hour)", async () => {
    // Its own installation: the requests it stores would show in the other tests' lists and mail.
    const own = await createTestContext();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (
            await call(own, "/api/registration", {
              body: application("customer2@demo.test"),
              headers: { "x-forwarded-for": `198.51.100.${40 + i}` },
            })
          ).status,
        );
      expect(statuses).toEqual([409, 409, 409, 409, 409, 429]);
      const refused = await call(own, "/api/registration", {
        body: application("customer2@demo.test"),
        headers: { "x-forwarded-for": "198.51.100.60" },
      });
      expect(refused.status).toBe(429);
      expect(refused.json.error.code).toBe("RATE_LIMITED");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

      const fromOne: number[] = [];
      for (let i = 0; i < 11; i++)
        fromOne.push(
          (
            await call(own, "/api/registration", {
              body: application(`probe${i}@nowhere.test`),
              headers: { "x-forwarded-for": "198.51.100.70" },
            })
          ).status,
        );
      expect(fromOne).toEqual([...Array(10).fill(201), 429]);
    } finally {
      await own.close();
    }
  });
});

describe("registration", () => {
  it("refuses an existing account with the spec's message and stores nothing", async () => {
    const res = await call(ctx, "/api/registration", { body: application("customer@demo.test") });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "ACCOUNT_EXISTS",
      message: "An account with this email already exists. Please log in.",
    });
    const rows = await ctx.deps.db
      .select()
      .from(accountReviews)
      .where(eq(accountReviews.email, "customer@demo.test"));
    expect(rows).toHaveLength(0);
  });

  it("validates fields with a message per field", async () => {
    const res = await call(ctx, "/api/registration", {
      body: {
        ...application("x@y.test"),
        email: "not-an-email",
        password: "short",
        confirmPassword: "other",
      },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.error.details.fields)).toEqual(expect.arrayContaining(["email", "password"]));
  });

  it("refuses a phone that is not a phone number (libphonenumber's rule, as the SMS adapter's)", async () => {
    for (const phone of ["abc", "555-1234", "+1 000"]) {
      const res = await call(ctx, "/api/registration", { body: { ...application("phone@y.test"), phone } });
      expect(res.status, phone).toBe(400);
      expect(res.json.error.details.fields).toEqual({ phone: "Enter a valid phone number." });
    }
    const rows = await ctx.deps.db
      .select()
      .from(accountReviews)
      .where(eq(accountReviews.email, "phone@y.test"));
    expect(rows).toHaveLength(0);
  });

  it("stores a pending request with a password hash, never the password", async () => {
    expect(
      (await call(ctx, "/api/registration", { body: application("nora@fieldsgrain.test") })).status,
    ).toBe(201);
    const rows = await ctx.deps.db
      .select()
      .from(accountReviews)
      .where(eq(accountReviews.email, "nora@fieldsgrain.test"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", phone: "+1 515 555 0199" });
    expect(JSON.stringify(rows[0])).not.toContain("Harvest2026!");
    expect(rows[0].passwordHash.length).toBeGreaterThan(40);
  });

  it("never lets a second request for a pending email (any case) change it: the sender is told it is pending", async () => {
    const [before] = await ctx.deps.db
      .select()
      .from(accountReviews)
      .where(eq(accountReviews.email, "nora@fieldsgrain.test"));
    const takeover = await call(ctx, "/api/registration", {
      body: {
        ...application("NORA@FieldsGrain.test"),
        name: "Mallory Thief",
        phone: "+1 515 555 0100",
        password: "Stolen2026!!",
        confirmPassword: "Stolen2026!!",
      },
    });
    expect(takeover.status).toBe(409);
    expect(takeover.json.error).toMatchObject({
      code: "REGISTRATION_PENDING",
      message: "A request for this email is already pending review. You will be notified once it's approved.",
    });
    const [after] = await ctx.deps.db
      .select()
      .from(accountReviews)
      .where(eq(accountReviews.email, "nora@fieldsgrain.test"));
    expect(after).toEqual(before);
  });

  it("tells a pending applicant at sign-in that the account awaits review, only with their password", async () => {
    const pending = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "Nora@fieldsgrain.test", password: "Harvest2026!" },
    });
    expect(pending.status).toBe(403);
    expect(pending.json.error).toMatchObject({
      code: "REGISTRATION_PENDING",
      message: "Your account is pending review. You will be notified once it's approved.",
    });
    const wrong = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "nora@fieldsgrain.test", password: "Stolen2026!!" },
    });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.json)).not.toContain("pending");
  });

  it("tells the admins by email", async () => {
    const mail = await smtp.waitFor("admin@demo.test");
    expect(mail.raw).toContain("nora@fieldsgrain.test");
  });
});

describe("account review", () => {
  const reviewId = async (email: string) =>
    (await ctx.deps.db.select().from(accountReviews).where(eq(accountReviews.email, email)))[0].id;

  it("lists pending requests to the admin with search", async () => {
    const res = await call(ctx, "/api/admin/account-reviews?status=pending&q=fields", { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.json.items.map((r: { email: string }) => r.email)).toEqual(["nora@fieldsgrain.test"]);
    expect(res.json.items[0].passwordHash).toBeUndefined();
  });

  it("approves: the applicant signs in with the password they chose, as a customer with a customers row", async () => {
    const id = await reviewId("nora@fieldsgrain.test");
    const res = await call(ctx, `/api/admin/account-reviews/${id}/approve`, {
      method: "POST",
      cookie: admin,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "approved" });

    const cookie = await signIn(ctx, "nora@fieldsgrain.test", "Harvest2026!");
    const me = (await call(ctx, "/api/me", { cookie })).json;
    expect(me.role).toBe("customer");
    expect(me.customer).toMatchObject({
      companyName: "Fields Organic Grain",
      email: "nora@fieldsgrain.test",
    });

    const [user] = await ctx.deps.db.select().from(users).where(eq(users.email, "nora@fieldsgrain.test"));
    const [customer] = await ctx.deps.db.select().from(customers).where(eq(customers.userId, user.id));
    expect(customer.phone).toBe("+1 515 555 0199");

    const mail = await smtp.waitFor("nora@fieldsgrain.test");
    expect(mail.raw).toMatch(/approved/i);
    const audit = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "registration.approved"));
    expect(audit[0]).toMatchObject({ actorEmail: "admin@demo.test", targetLabel: "nora@fieldsgrain.test" });
  });

  it("refuses to review the same request twice", async () => {
    const id = await reviewId("nora@fieldsgrain.test");
    const res = await call(ctx, `/api/admin/account-reviews/${id}/reject`, {
      body: { reason: "late" },
      cookie: admin,
    });
    expect(res.status).toBe(409);
  });

  it("rejects with a reason, emails it, and records it", async () => {
    await call(ctx, "/api/registration", { body: application("bob@shadyfreight.test") });
    const id = await reviewId("bob@shadyfreight.test");
    expect(
      (await call(ctx, `/api/admin/account-reviews/${id}/reject`, { body: { reason: "" }, cookie: admin }))
        .status,
    ).toBe(400);
    const res = await call(ctx, `/api/admin/account-reviews/${id}/reject`, {
      body: { reason: "We could not verify the company." },
      cookie: admin,
    });
    expect(res.json).toMatchObject({
      status: "rejected",
      rejectionReason: "We could not verify the company.",
    });
    const mail = await smtp.waitFor("bob@shadyfreight.test");
    expect(mail.raw).toContain("We could not verify the company.");
    const stored = await ctx.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, "bob@shadyfreight.test"));
    expect(stored[0].status).toBe("sent");
    const cantSignIn = await call(ctx, "/api/auth/sign-in/email", {
      body: { email: "bob@shadyfreight.test", password: "Harvest2026!" },
    });
    expect(cantSignIn.status).toBe(401);
  });

  it("takes a new request for a rejected email (the upsert on email), pending again", async () => {
    const res = await call(ctx, "/api/registration", {
      body: { ...application("bob@shadyfreight.test"), companyName: "Shady Freight Verified LLC" },
    });
    expect(res.status).toBe(201);
    const [row] = await ctx.deps.db
      .select()
      .from(accountReviews)
      .where(eq(accountReviews.email, "bob@shadyfreight.test"));
    expect(row).toMatchObject({
      status: "pending",
      companyName: "Shady Freight Verified LLC",
      rejectionReason: null,
      reviewedBy: null,
    });
  });

  it("answers 404 for an unknown request and 400 for a malformed id", async () => {
    expect(
      (
        await call(ctx, "/api/admin/account-reviews/00000000-0000-4000-8000-000000000000/approve", {
          method: "POST",
          cookie: admin,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(ctx, "/api/admin/account-reviews/nope/approve", { method: "POST", cookie: admin })).status,
    ).toBe(400);
  });
});

describe("the outbox without SMTP", () => {
  it("stores mail for the admin to read", async () => {
    const offline = await createTestContext();
    try {
      await call(offline, "/api/registration", { body: application("ivy@outbox.test") });
      const adminCookie = await signIn(offline, "admin@demo.test");
      const res = await call(offline, "/api/admin/mail?q=admin@demo.test", { cookie: adminCookie });
      expect(res.json.items[0]).toMatchObject({ status: "stored", to: "admin@demo.test" });
      expect(res.json.items[0].text).toContain("ivy@outbox.test");
    } finally {
      await offline.close();
    }
  });
});
