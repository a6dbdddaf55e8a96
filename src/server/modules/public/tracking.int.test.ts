import { ROLES } from "@shared/access";
import { TRACKING_MESSAGES } from "@shared/public/tracking.schema";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, customers, loads, loadTrackingLinks, mailMessages, users } from "../../db/schema";
import { DEMO_BY_ROLE } from "../../testing/demo-users";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

/**
 * Private tracking links (issue 38, point 8): dispatch makes and sends them, the customer portal
 * makes its own, and `/api/public/tracking/{token}` shows the full view while the link works.
 */

let ctx: TestContext;
let dispatcher: string;
let customer: string;
/** A delivered load and one on the road of the demo customer (customer@demo.test). */
let delivered: typeof loads.$inferSelect;
let onTheRoad: typeof loads.$inferSelect;
/** A load of another customer. */
let othersLoad: typeof loads.$inferSelect;

let nextIp = 10;
const freshIp = () => `203.0.113.${nextIp++}`;
const DAY = 86_400_000;

const open = (token: string) =>
  call(ctx, `/api/public/tracking/${token}`, { headers: { "x-forwarded-for": freshIp() } });
const tokenOf = (url: string) => {
  const match = new URL(url).pathname.match(/^\/track\/([^/]+)$/);
  if (!match) throw new Error(`not a tracking URL: ${url}`);
  return match[1];
};
const make = (loadId: string, cookie: string, body: object = {}) =>
  call(ctx, `/api/loads/${loadId}/tracking-links`, { method: "POST", body, cookie });

/** The newest "tracking link created" audit entry of a load. */
const lastLinkMade = async (loadId: string) => {
  const [entry] = await ctx.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "load.tracking_link_created"), eq(auditLog.targetId, loadId)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return entry;
};

beforeAll(async () => {
  ctx = await createTestContext();
  [dispatcher, customer] = await Promise.all([
    signIn(ctx, DEMO_BY_ROLE.dispatcher),
    signIn(ctx, DEMO_BY_ROLE.customer),
  ]);
  const [own] = await ctx.deps.db
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(users.email, DEMO_BY_ROLE.customer));
  const ofCustomer = (status: "completed" | "in_progress") =>
    ctx.deps.db
      .select()
      .from(loads)
      .where(and(eq(loads.customerId, own.id), eq(loads.status, status)))
      .orderBy(desc(loads.deliveryAt))
      .limit(1);
  [[delivered], [onTheRoad]] = await Promise.all([ofCustomer("completed"), ofCustomer("in_progress")]);
  [othersLoad] = await ctx.deps.db
    .select()
    .from(loads)
    .where(sql`${loads.customerId} is not null and ${loads.customerId} <> ${own.id}`)
    .limit(1);
});
afterAll(() => ctx.close());

describe("dispatch's tracking link", () => {
  it("shows in the demo: one emailed to Great Lakes Foods for the load on the road, already opened", async () => {
    const list = await call(ctx, `/api/loads/${onTheRoad.id}/tracking-links`, { cookie: dispatcher });
    expect(list.status).toBe(200);
    expect(list.json.contactEmail).toBe(DEMO_BY_ROLE.customer);
    expect(list.json.items).toEqual([
      expect.objectContaining({
        source: "dispatch",
        sentTo: DEMO_BY_ROLE.customer,
        createdByName: "Dan Carter",
        active: true,
        lastOpenedAt: expect.any(String),
      }),
    ]);
  });

  it("opens the full view without the load number, and keeps only the token's hash", async () => {
    const made = await make(onTheRoad.id, dispatcher);
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ emailed: null, sentTo: null });
    const token = tokenOf(made.json.url);
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16); // ≥ 128 bits
    // Undelivered: 90 days from now.
    expect(Math.abs(new Date(made.json.expiresAt).getTime() - (Date.now() + 90 * DAY))).toBeLessThan(60_000);

    const res = await open(token);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      view: "full",
      loadNumber: onTheRoad.loadNumber,
      status: "in_progress",
      pickup: { city: onTheRoad.pickupCity, state: onTheRoad.pickupState },
      delivery: { city: onTheRoad.deliveryCity, state: onTheRoad.deliveryState },
      deliveredAt: null,
      expiresAt: made.json.expiresAt,
    });
    expect(JSON.stringify(res.json)).not.toMatch(/rate|pay|driver|customer|phone|address/i);
    // The first pickup's and the last delivery's zones, for their times to be read there, named.
    const zones = await ctx.deps.db.execute<{ type: string; time_zone: string | null }>(
      sql`select type::text, time_zone from load_stops where load_id = ${onTheRoad.id} order by sequence`,
    );
    expect(res.json.pickup.timeZone).toBe(zones.rows.find((s) => s.type === "pickup")?.time_zone);
    expect(res.json.delivery.timeZone).toBe(zones.rows.findLast((s) => s.type === "delivery")?.time_zone);
    expect(res.json.pickup.timeZone).toMatch(/^America\//);

    const dump = await ctx.deps.db.execute(sql`select row_to_json(t)::text as j from load_tracking_links t`);
    expect(JSON.stringify(dump.rows)).not.toContain(token);

    const list = await call(ctx, `/api/loads/${onTheRoad.id}/tracking-links`, { cookie: dispatcher });
    expect(list.status).toBe(200);
    expect(list.json.items[0]).toMatchObject({
      id: made.json.id,
      source: "dispatch",
      createdByName: "Dan Carter",
      active: true,
      revokedAt: null,
    });
    expect(list.json.items[0].lastOpenedAt).not.toBeNull();

    const entry = await lastLinkMade(onTheRoad.id);
    expect(entry.details).toMatchObject({ linkId: made.json.id, via: "dispatch" });
  });

  it("emails the link to the customer's contact in their language, with the sender's signature", async () => {
    await ctx.deps.db.execute(sql`
      insert into user_preferences (user_id, email_signature)
      select id, 'Dan Carter · Dispatch desk' from users where email = ${DEMO_BY_ROLE.dispatcher}
      on conflict (user_id) do update set email_signature = excluded.email_signature`);
    await ctx.deps.db.execute(sql`
      insert into user_preferences (user_id, language)
      select id, 'fr' from users where email = ${DEMO_BY_ROLE.customer}
      on conflict (user_id) do update set language = excluded.language`);
    const [{ email }] = await ctx.deps.db
      .select({ email: customers.email })
      .from(customers)
      .where(eq(customers.id, delivered.customerId as string));
    expect(email).toBeTruthy();

    const made = await make(delivered.id, dispatcher, { email: true });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ emailed: "stored", sentTo: email });
    const [mail] = await ctx.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, email as string))
      .orderBy(desc(mailMessages.createdAt))
      .limit(1);
    expect(mail.subject).toBe(
      `Suivi du chargement ${delivered.loadNumber} — ${ctx.deps.config.company.name}`,
    );
    expect(mail.text).toContain(made.json.url);
    expect(mail.text).toContain("Bonjour,");
    expect(mail.text).toContain("-- \nDan Carter · Dispatch desk");
    expect((await open(tokenOf(made.json.url))).json.status).toBe("completed");

    const entry = await lastLinkMade(delivered.id);
    expect(entry.details).toMatchObject({ via: "dispatch", email });
  });

  it("refuses to email when the customer has no contact email, and makes no link", async () => {
    await ctx.deps.db
      .update(customers)
      .set({ email: null })
      .where(eq(customers.id, othersLoad.customerId as string));
    const before = await ctx.deps.db.select().from(loadTrackingLinks);
    const res = await make(othersLoad.id, dispatcher, { email: true });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "NO_CONTACT_EMAIL",
      message: TRACKING_MESSAGES.noContactEmail,
    });
    expect(await ctx.deps.db.select().from(loadTrackingLinks)).toHaveLength(before.length);
    const list = await call(ctx, `/api/loads/${othersLoad.id}/tracking-links`, { cookie: dispatcher });
    expect(list.json.contactEmail).toBeNull();
  });

  it("turns the old link off when renewed or revoked, with the clear 'expired' answer", async () => {
    const first = await make(onTheRoad.id, dispatcher);
    const second = await make(onTheRoad.id, dispatcher);
    const gone = await open(tokenOf(first.json.url));
    expect(gone.status).toBe(404);
    expect(gone.json.error).toEqual({ code: "TRACKING_LINK_EXPIRED", message: TRACKING_MESSAGES.expired });
    expect((await open(tokenOf(second.json.url))).status).toBe(200);

    const revoked = await call(ctx, `/api/loads/${onTheRoad.id}/tracking-links/${second.json.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(revoked.status).toBe(200);
    expect((await open(tokenOf(second.json.url))).json.error.code).toBe("TRACKING_LINK_EXPIRED");
    // Another load's id with this link: not found.
    const wrongLoad = await call(ctx, `/api/loads/${delivered.id}/tracking-links/${first.json.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(wrongLoad.status).toBe(404);
    const [entry] = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "load.tracking_link_revoked"), eq(auditLog.targetId, onTheRoad.id)));
    expect(entry.details).toEqual({ linkId: second.json.id });
    // A made-up token answers the same.
    expect((await open("never-issued")).json.error.code).toBe("TRACKING_LINK_EXPIRED");
  });

  it("expires 90 days after it was made on a load still on its way, 30 days after delivery once delivered", async () => {
    const age = async (id: string, days: number) =>
      ctx.deps.db
        .update(loadTrackingLinks)
        .set({ createdAt: new Date(Date.now() - days * DAY) })
        .where(eq(loadTrackingLinks.id, id));

    const road = await make(onTheRoad.id, dispatcher);
    await age(road.json.id, 89);
    expect((await open(tokenOf(road.json.url))).status).toBe(200);
    await age(road.json.id, 91);
    expect((await open(tokenOf(road.json.url))).status).toBe(404);

    // The delivered load: delivered 31 days ago, its link made 40 days ago — over; made 10 days ago — on.
    await ctx.deps.db
      .update(loads)
      .set({ deliveredAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(loads.id, delivered.id));
    const old = await make(delivered.id, dispatcher);
    await age(old.json.id, 40);
    const expired = await open(tokenOf(old.json.url));
    expect(expired.status).toBe(404);
    expect(expired.json.error.message).toBe(TRACKING_MESSAGES.expired);
    const recent = await make(delivered.id, dispatcher);
    await age(recent.json.id, 10);
    const res = await open(tokenOf(recent.json.url));
    expect(res.status).toBe(200);
    expect(new Date(res.json.expiresAt).getTime()).toBeCloseTo(Date.now() + 20 * DAY, -5);
  });

  it("is made, listed and revoked only by the roles that write loads", async () => {
    for (const role of ROLES) {
      const cookie = await signIn(ctx, DEMO_BY_ROLE[role]);
      const allowed = ["admin", "manager", "dispatcher"].includes(role);
      const made = await make(onTheRoad.id, cookie);
      expect(made.status, role).toBe(allowed ? 201 : 403);
      const list = await call(ctx, `/api/loads/${onTheRoad.id}/tracking-links`, { cookie });
      expect(list.status, role).toBe(allowed ? 200 : 403);
    }
  });
});

describe("the portal's tracking link", () => {
  const portalLink = (loadId: string, cookie = customer) =>
    call(ctx, `/api/portal/loads/${loadId}/tracking-link`, { method: "POST", cookie });

  it("gives the customer a working link to their own load, replacing only their previous one", async () => {
    const fromDispatch = await make(delivered.id, dispatcher);
    await ctx.deps.db.update(loads).set({ deliveredAt: new Date() }).where(eq(loads.id, delivered.id));
    const first = await portalLink(delivered.id);
    expect(first.status).toBe(201);
    expect(Object.keys(first.json).sort()).toEqual(["expiresAt", "url"]);
    const res = await open(tokenOf(first.json.url));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ loadNumber: delivered.loadNumber, status: "completed" });

    const second = await portalLink(delivered.id);
    expect((await open(tokenOf(first.json.url))).status).toBe(404);
    expect((await open(tokenOf(second.json.url))).status).toBe(200);
    // Dispatch's link to the shipper still works.
    expect((await open(tokenOf(fromDispatch.json.url))).status).toBe(200);

    const list = await call(ctx, `/api/loads/${delivered.id}/tracking-links`, { cookie: dispatcher });
    const portal = list.json.items.filter((l: { source: string }) => l.source === "portal");
    // The newest is the one just made; every earlier portal link of the load is off.
    expect(portal.map((l: { active: boolean }) => l.active)).toEqual([
      true,
      ...portal.slice(1).map(() => false),
    ]);
    expect(portal.length).toBeGreaterThanOrEqual(2);
    expect(portal[0].createdByName).toBe("Tom Becker");
  });

  it("answers 404 for another customer's load or one that does not exist", async () => {
    expect((await portalLink(othersLoad.id)).status).toBe(404);
    expect((await portalLink("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const made = await ctx.deps.db
      .select()
      .from(loadTrackingLinks)
      .where(eq(loadTrackingLinks.loadId, othersLoad.id));
    expect(made.filter((l) => l.source === "portal")).toHaveLength(0);
  });

  it("is the customer's only: staff use the load's page", async () => {
    expect((await portalLink(delivered.id, dispatcher)).status).toBe(403);
  });
});
