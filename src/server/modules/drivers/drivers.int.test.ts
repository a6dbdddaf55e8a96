import { ROLES, type Role } from "@shared/access";
import { DRIVER_HAS_ACTIVE_LOADS_MESSAGE, DRIVER_HAS_LOADS_MESSAGE } from "@shared/drivers/management.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetAssignments, auditLog, drivers, loadInterests, users, vehicles } from "../../db/schema";
import type { Actor } from "../../http/context";
import { DEMO_BY_ROLE } from "../../testing/demo-users";
import { driverIdOf, loadInput, PDF } from "../../testing/fixtures";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { buildDriverDetail } from "./driver-detail";

/**
 * What dispatch reads when it gives a load to a deactivated driver. Written out, not imported from the
 * loads module: a drivers test importing loads made a test-only drivers <-> loads module cycle.
 */
const INACTIVE_DRIVER_MESSAGE = "This driver is deactivated. Choose an active driver.";

let ctx: TestContext;
let cookies: Record<Role, string>;
let jakeId: string;
let rosaId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookies = Object.fromEntries(
    await Promise.all(ROLES.map(async (r) => [r, await signIn(ctx, DEMO_BY_ROLE[r])] as const)),
  ) as Record<Role, string>;
  jakeId = await driverIdOf(ctx, "driver@demo.test");
  rosaId = await driverIdOf(ctx, "driver2@demo.test");
});
afterAll(() => ctx.close());

const as = (role: Role) => cookies[role];
const newDriver = (body: Record<string, unknown>, role: Role = "dispatcher") =>
  call(ctx, "/api/drivers", { body, cookie: as(role) });
let unique = 0;
const email = () => `new.driver.${Date.now()}.${unique++}@drivers.test`;

describe("tax id masking by role", () => {
  it("gives the whole tax id to admin and accountant only, on the server's answer", async () => {
    for (const role of ["admin", "accountant"] as const) {
      const res = await call(ctx, `/api/drivers/${jakeId}`, { cookie: as(role) });
      expect(res.status, role).toBe(200);
      expect(res.json).toMatchObject({ taxId: "412-58-7314", taxIdMasked: false });
    }
    for (const role of ["manager", "dispatcher", "safety"] as const) {
      const res = await call(ctx, `/api/drivers/${jakeId}`, { cookie: as(role) });
      expect(res.status, role).toBe(200);
      expect(res.json).toMatchObject({ taxId: "***-**-7314", taxIdMasked: true });
      expect(JSON.stringify(res.json), role).not.toContain("412-58");
    }
    // An EIN is masked as an EIN.
    const rosa = await call(ctx, `/api/drivers/${rosaId}`, { cookie: as("dispatcher") });
    expect(rosa.json.taxId).toBe("**-***9175");
  });

  it("keeps drivers and customers out of the driver records", async () => {
    for (const role of ["driver", "customer"] as const) {
      expect((await call(ctx, `/api/drivers/${jakeId}`, { cookie: as(role) })).status).toBe(403);
      expect((await call(ctx, "/api/drivers", { cookie: as(role) })).status).toBe(403);
    }
  });

  it("masks the tax id in exports too, except for admin and accountant", async () => {
    const masked = await call(ctx, "/api/drivers/export?format=csv&q=Jake", { cookie: as("manager") });
    expect(masked.status).toBe(200);
    expect(masked.headers.get("content-type")).toContain("text/csv");
    expect(masked.json).toContain("***-**-7314");
    expect(masked.json).not.toContain("412-58-7314");
    const whole = await call(ctx, "/api/drivers/export?format=csv&q=Jake", { cookie: as("accountant") });
    expect(whole.json).toContain("412-58-7314");
  });

  it("lets a role without the whole tax id replace it, and keeps it when the field is left out", async () => {
    const created = await newDriver({ fullName: "Lena Ortiz", taxId: "123-45-6789" }, "safety");
    expect(created.status).toBe(201);
    expect(created.json.taxId).toBe("***-**-6789");
    const id = created.json.id;
    const edit = await call(ctx, `/api/drivers/${id}`, {
      method: "PUT",
      body: { fullName: "Lena Ortiz-Diaz", phone: "+1 312 555 0101" },
      cookie: as("safety"),
    });
    expect(edit.status).toBe(200);
    const [row] = await ctx.deps.db.select().from(drivers).where(eq(drivers.id, id));
    expect(row.taxId).toBe("123-45-6789");
    expect(row.fullName).toBe("Lena Ortiz-Diaz");
    const replaced = await call(ctx, `/api/drivers/${id}`, {
      method: "PUT",
      body: { fullName: "Lena Ortiz-Diaz", taxId: "98-7654321" },
      cookie: as("safety"),
    });
    expect(replaced.json.taxId).toBe("**-***4321");
    const admin = await call(ctx, `/api/drivers/${id}`, { cookie: as("admin") });
    expect(admin.json.taxId).toBe("98-7654321");
  });
});

describe("creating drivers", () => {
  it("creates a driver with a sign-in account in one go, and the driver can sign in", async () => {
    const address = email();
    const res = await newDriver({
      fullName: "Carlos Mendes",
      email: address,
      phone: "+1 773 555 0190",
      licenseNumber: "M532-4410-2290",
      licenseState: "il",
      licenseExpiry: "2030-05-31",
      hireDate: "2026-01-05",
      defaultPayType: "per_mile",
      defaultPayRate: "0.62",
      createAccount: true,
      password: "Welcome2026!",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      fullName: "Carlos Mendes",
      licenseState: "IL",
      hasAccount: true,
      active: true,
      status: "available",
      defaultPayRate: "0.62",
      account: { email: address, disabled: false, mustChangePassword: true },
    });
    // One driver record for the account: the new one, not a second from account creation.
    const rows = await ctx.deps.db
      .select({ id: drivers.id })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(users.email, address));
    expect(rows).toEqual([{ id: res.json.id }]);

    const cookie = await signIn(ctx, address, "Welcome2026!");
    const me = await call(ctx, "/api/me", { cookie });
    expect(me.status).toBe(200);
    expect(me.json.role).toBe("driver");
    expect(me.json.driver.id).toBe(res.json.id);
    const [audit] = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.targetId, res.json.id));
    expect(audit).toMatchObject({ action: "driver.created", details: { withAccount: true } });
  });

  it("rolls the driver back when the account's email is taken", async () => {
    const before = (await ctx.deps.db.select({ id: drivers.id }).from(drivers)).length;
    const res = await newDriver({
      fullName: "Duplicate Person",
      email: "dispatcher@demo.test",
      createAccount: true,
      password: "Welcome2026!",
    });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "EMAIL_TAKEN",
      details: { fields: { email: "An account with this email already exists." } },
    });
    expect((await ctx.deps.db.select({ id: drivers.id }).from(drivers)).length).toBe(before);
  });

  it("lets only dispatch and management create sign-in accounts", async () => {
    const res = await newDriver(
      { fullName: "Safety Hire", email: email(), createAccount: true, password: "Welcome2026!" },
      "safety",
    );
    expect(res.status).toBe(403);
    const plain = await newDriver({ fullName: "Safety Hire" }, "safety");
    expect(plain.status).toBe(201);
    expect(plain.json.hasAccount).toBe(false);
  });

  it("answers 400 with a message per field", async () => {
    const res = await newDriver({
      fullName: " ",
      email: "not-an-email",
      taxId: "12345",
      licenseState: "Illinois",
      licenseExpiry: "31/12/2030",
      defaultPayType: "fixed",
      createAccount: true,
      password: "short",
    });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields).toMatchObject({
      fullName: "Full name is required.",
      email: "Enter a valid email address.",
      taxId: expect.stringContaining("9-digit"),
      licenseState: "Use the two-letter state code (e.g. IL).",
      licenseExpiry: "Enter a valid date.",
    });
    const pay = await newDriver({ fullName: "Pay Check", defaultPayType: "fixed" });
    expect(pay.json.error.details.fields).toEqual({
      defaultPayRate: "Enter both the pay type and the rate, or leave both empty.",
    });
    const account = await newDriver({ fullName: "No Email", createAccount: true, password: "Welcome2026!" });
    expect(account.json.error.details.fields).toEqual({
      email: "Enter the email the driver will sign in with.",
    });
  });

  it("gives an existing driver an account later", async () => {
    const created = await newDriver({ fullName: "Later Login" });
    const address = email();
    const res = await call(ctx, `/api/drivers/${created.json.id}/account`, {
      body: { email: address, password: "Welcome2026!" },
      cookie: as("manager"),
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ hasAccount: true, email: address, account: { email: address } });
    expect((await signIn(ctx, address, "Welcome2026!")).length).toBeGreaterThan(0);
    const again = await call(ctx, `/api/drivers/${created.json.id}/account`, {
      body: { email: email(), password: "Welcome2026!" },
      cookie: as("manager"),
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe("HAS_ACCOUNT");
  });
});

describe("deleting and deactivating", () => {
  it("refuses to delete a driver with loads, in favour of deactivating", async () => {
    const res = await call(ctx, `/api/drivers/${rosaId}`, { method: "DELETE", cookie: as("manager") });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: "DRIVER_HAS_LOADS", message: DRIVER_HAS_LOADS_MESSAGE });
    expect((await call(ctx, `/api/drivers/${rosaId}`, { cookie: as("manager") })).status).toBe(200);
  });

  it("refuses to deactivate a driver with active loads", async () => {
    // Rosa has an assigned load in the demo.
    const res = await call(ctx, `/api/drivers/${rosaId}/deactivate`, { body: {}, cookie: as("manager") });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: "DRIVER_HAS_ACTIVE_LOADS",
      message: DRIVER_HAS_ACTIVE_LOADS_MESSAGE,
    });
  });

  it("deactivates: hidden from pickers and the default list, account disabled; reactivating undoes it", async () => {
    const address = email();
    const created = await newDriver({
      fullName: "Quinn Parker",
      email: address,
      createAccount: true,
      password: "Welcome2026!",
    });
    const id = created.json.id;
    const driverCookie = await signIn(ctx, address, "Welcome2026!");
    // A completed load on record, an asset assignment and a board interest.
    const load = await call(ctx, "/api/loads", {
      body: loadInput({ driverId: id }),
      cookie: as("dispatcher"),
    });
    expect(load.status).toBe(201);
    for (const to of ["in_progress", "completed"]) {
      const step = await call(ctx, `/api/loads/${load.json.id}/status`, {
        body: { status: to },
        cookie: as("dispatcher"),
      });
      expect(step.status).toBe(200);
    }
    await ctx.deps.db.insert(assetAssignments).values({ driverId: id, notes: "test" });
    const board = await call(ctx, "/api/loads", {
      body: loadInput({ postedToBoard: true }),
      cookie: as("dispatcher"),
    });
    await ctx.deps.db.insert(loadInterests).values({ loadId: board.json.id, driverId: id });

    const picker = async () =>
      (await call(ctx, "/api/lookups/drivers?q=Quinn", { cookie: as("dispatcher") })).json.map(
        (d: { id: string }) => d.id,
      );
    expect(await picker()).toEqual([id]);

    expect((await call(ctx, `/api/drivers/${id}`, { method: "DELETE", cookie: as("admin") })).status).toBe(
      409,
    );
    expect(
      (await call(ctx, `/api/drivers/${id}/deactivate`, { body: {}, cookie: as("dispatcher") })).status,
    ).toBe(403);
    const off = await call(ctx, `/api/drivers/${id}/deactivate`, { body: {}, cookie: as("manager") });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ active: false, account: { disabled: true }, currentAssignment: null });
    expect(off.json.deactivatedAt).not.toBeNull();
    expect(await picker()).toEqual([]);
    const list = await call(ctx, "/api/drivers?q=Quinn", { cookie: as("dispatcher") });
    expect(list.json.total).toBe(0);
    const inactive = await call(ctx, "/api/drivers?q=Quinn&activity=inactive", { cookie: as("dispatcher") });
    expect(inactive.json.items.map((d: { id: string }) => d.id)).toEqual([id]);
    expect(await ctx.deps.db.select().from(loadInterests).where(eq(loadInterests.driverId, id))).toEqual([]);
    // Dispatch cannot give a deactivated driver a load, by the form or by assigning.
    const refused = await call(ctx, "/api/loads", {
      body: loadInput({ driverId: id }),
      cookie: as("dispatcher"),
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error.details.fields.driverId).toBe(INACTIVE_DRIVER_MESSAGE);
    const assign = await call(ctx, `/api/loads/${board.json.id}/assign`, {
      body: { driverId: id },
      cookie: as("dispatcher"),
    });
    expect(assign.status).toBe(400);
    expect(assign.json.error.details.fields.driverId).toBe(INACTIVE_DRIVER_MESSAGE);
    // The session ended and signing in is refused.
    expect((await call(ctx, "/api/me", { cookie: driverCookie })).status).toBe(401);
    await expect(signIn(ctx, address, "Welcome2026!")).rejects.toThrow(/sign-in/);

    const on = await call(ctx, `/api/drivers/${id}/reactivate`, { body: {}, cookie: as("admin") });
    expect(on.json).toMatchObject({ active: true, deactivatedAt: null, account: { disabled: false } });
    expect(await picker()).toEqual([id]);
    expect((await signIn(ctx, address, "Welcome2026!")).length).toBeGreaterThan(0);
  });

  it("deletes a driver without loads, with their documents and account", async () => {
    const address = email();
    const created = await newDriver({
      fullName: "Short Stay",
      email: address,
      createAccount: true,
      password: "Welcome2026!",
    });
    const id = created.json.id;
    const doc = await upload(id, { kind: "license_front" });
    expect(doc.status).toBe(201);
    const res = await call(ctx, `/api/drivers/${id}`, { method: "DELETE", cookie: as("manager") });
    expect(res.status).toBe(200);
    expect((await call(ctx, `/api/drivers/${id}`, { cookie: as("manager") })).status).toBe(404);
    expect(await ctx.deps.db.select().from(users).where(eq(users.email, address))).toEqual([]);
  });
});

describe("status", () => {
  it("sets the manual status; busy from active loads still wins", async () => {
    const created = await newDriver({ fullName: "Status Check" });
    const id = created.json.id;
    const off = await call(ctx, `/api/drivers/${id}/status`, {
      body: { status: "off_duty" },
      cookie: as("safety"),
    });
    expect(off.json).toMatchObject({ status: "off_duty", manualStatus: "off_duty" });
    const busyRefused = await call(ctx, `/api/drivers/${id}/status`, {
      body: { status: "busy" },
      cookie: as("safety"),
    });
    expect(busyRefused.status).toBe(400);
    await call(ctx, "/api/loads", { body: loadInput({ driverId: id }), cookie: as("dispatcher") });
    const busy = await call(ctx, `/api/drivers/${id}/status`, {
      body: { status: "unknown" },
      cookie: as("safety"),
    });
    expect(busy.json).toMatchObject({ status: "busy", manualStatus: "unknown" });
  });
});

describe("the list", () => {
  it("searches, filters expiring documents, sorts by rating and pages", async () => {
    const search = await call(ctx, "/api/drivers?q=W425-6183", { cookie: as("safety") });
    expect(search.json.items.map((d: { fullName: string }) => d.fullName)).toEqual(["Jake Wilson"]);
    expect(search.json.items[0]).toMatchObject({
      hasAccount: true,
      vehicleLabel: "101",
      trailerLabel: "T-202",
    });

    // Demo: Marcus's licence expired, Daniel's medical card expires today, Jake's licence and Rosa's
    // medical card within 30 days.
    const expired = await call(ctx, "/api/drivers?compliance=expired", { cookie: as("safety") });
    expect(expired.json.items.map((d: { fullName: string }) => d.fullName)).toEqual(["Marcus Johnson"]);
    const attention = await call(ctx, "/api/drivers?compliance=attention", { cookie: as("safety") });
    expect(attention.json.items.map((d: { fullName: string }) => d.fullName)).toEqual(
      expect.arrayContaining(["Daniel Kim", "Jake Wilson", "Marcus Johnson", "Rosa Martinez"]),
    );

    const byRating = await call(ctx, "/api/drivers?sort=rating&dir=desc&pageSize=10", {
      cookie: as("safety"),
    });
    const ratings = byRating.json.items
      .map((d: { ratingAverage: string | null }) => d.ratingAverage)
      .filter((r: string | null) => r !== null)
      .map(Number);
    expect(ratings.length).toBeGreaterThanOrEqual(6);
    expect([...ratings].sort((a, b) => b - a)).toEqual(ratings);

    const page = await call(ctx, "/api/drivers?pageSize=10&page=1&sort=fullName", { cookie: as("safety") });
    expect(page.json.total).toBeGreaterThan(6);
    expect(page.json.items.length).toBeLessThanOrEqual(10);
  });

  it("exports Excel", async () => {
    const res = await ctx.app.request("/api/drivers/export?format=xlsx", {
      headers: { origin: TEST_ORIGIN, cookie: as("dispatcher") },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x50, 0x4b]); // a zip (xlsx)
  });
});

async function upload(driverId: string, opts: { kind: string; content?: string; name?: string }) {
  const form = new FormData();
  form.set("file", new File([opts.content ?? PDF], opts.name ?? "licence.pdf", { type: "application/pdf" }));
  form.set("kind", opts.kind);
  const res = await ctx.app.request(`/api/drivers/${driverId}/documents`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie: as("safety") },
    body: form,
  });
  return { status: res.status, json: await res.json() };
}

describe("documents", () => {
  it("stores licence images, one front at a time, checked by content", async () => {
    const first = await upload(jakeId, { kind: "license_front", name: "front-old.pdf" });
    expect(first.status).toBe(201);
    const second = await upload(jakeId, { kind: "license_front", name: "front-new.pdf" });
    expect(second.status).toBe(201);
    await upload(jakeId, { kind: "other", name: "hazmat.pdf" });
    const fake = await upload(jakeId, { kind: "license_back", content: "not a pdf" });
    expect(fake.status).toBe(415);

    const detail = await call(ctx, `/api/drivers/${jakeId}`, { cookie: as("dispatcher") });
    expect(
      detail.json.documents.map((d: { kind: string; fileName: string }) => [d.kind, d.fileName]),
    ).toEqual([
      ["license_front", "front-new.pdf"],
      ["other", "hazmat.pdf"],
    ]);
    const download = await ctx.app.request(
      `/api/drivers/${jakeId}/documents/${second.json.id}?disposition=inline`,
      { headers: { origin: TEST_ORIGIN, cookie: as("accountant") } },
    );
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^inline; filename="front-new.pdf"/);
    expect(await download.text()).toBe(PDF);
    const gone = await ctx.app.request(`/api/drivers/${jakeId}/documents/${first.json.id}`, {
      headers: { origin: TEST_ORIGIN, cookie: as("admin") },
    });
    expect(gone.status).toBe(404);

    const del = await call(ctx, `/api/drivers/${jakeId}/documents/${second.json.id}`, {
      method: "DELETE",
      cookie: as("dispatcher"),
    });
    expect(del.status).toBe(200);
    const after = await call(ctx, `/api/drivers/${jakeId}`, { cookie: as("dispatcher") });
    expect(after.json.documents.map((d: { kind: string }) => d.kind)).toEqual(["other"]);
  });
});

describe("the profile's tabs", () => {
  it("lists the driver's loads, time off and asset history", async () => {
    const loads = await call(ctx, `/api/drivers/${jakeId}/loads?status=completed&pageSize=10`, {
      cookie: as("safety"),
    });
    expect(loads.status).toBe(200);
    expect(loads.json.total).toBeGreaterThan(5);
    expect(
      loads.json.items.every((l: { status: string; driverId: string }) => l.status === "completed"),
    ).toBe(true);
    expect(loads.json.items.every((l: { driverId: string }) => l.driverId === jakeId)).toBe(true);

    const timeOff = await call(ctx, `/api/drivers/${jakeId}/time-off`, { cookie: as("safety") });
    expect(timeOff.json).toEqual([
      expect.objectContaining({
        driverName: "Jake Wilson",
        status: "approved",
        reviewedByName: "Maria Lopez",
      }),
    ]);

    const assets = await call(ctx, `/api/drivers/${jakeId}/assignments`, { cookie: as("safety") });
    expect(assets.json[0]).toMatchObject({ vehicleLabel: "101", trailerLabel: "T-202", endedAt: null });

    const missing = await call(ctx, "/api/drivers/00000000-0000-4000-8000-000000000000/loads", {
      cookie: as("safety"),
    });
    expect(missing.status).toBe(404);
  });
});

describe("the profile in one statement", () => {
  it("gives every driver the load counts of a plain count of their loads", async () => {
    // The counts come from the monthly rollups (issue 42): each must equal a count over the loads.
    const { rows } = await ctx.deps.pool.query(
      `select d.id, count(l.id)::int as total,
         (count(*) filter (where l.status in ('assigned', 'in_progress')))::int as active,
         (count(*) filter (where l.status = 'completed'))::int as completed
       from drivers d left join loads l on l.driver_id = d.id group by d.id`,
    );
    expect(rows.some((r) => r.total > 0 && r.active > 0 && r.completed > 0)).toBe(true);
    for (const r of rows) {
      const res = await call(ctx, `/api/drivers/${r.id}`, { cookie: as("dispatcher") });
      expect(res.status).toBe(200);
      expect(res.json.loadCounts).toEqual({ total: r.total, active: r.active, completed: r.completed });
    }
  });

  it("gives the account, current equipment, load counts and documents as the tables hold them", async () => {
    const res = await call(ctx, `/api/drivers/${jakeId}`, { cookie: as("dispatcher") });
    expect(res.status).toBe(200);
    const p = res.json;
    const { rows } = await ctx.deps.pool.query(
      `select
         (select count(*)::int from loads where driver_id = $1) as total,
         (select count(*)::int from loads where driver_id = $1 and status in ('assigned', 'in_progress')) as active,
         (select count(*)::int from loads where driver_id = $1 and status = 'completed') as completed,
         (select v.unit_number from asset_assignments a join vehicles v on v.id = a.vehicle_id
            where a.driver_id = $1 and a.ended_at is null) as unit,
         (select a.started_at from asset_assignments a where a.driver_id = $1 and a.ended_at is null) as since,
         (select count(*)::int from driver_documents where driver_id = $1) as documents`,
      [jakeId],
    );
    const want = rows[0];
    expect(p.loadCounts).toEqual({ total: want.total, active: want.active, completed: want.completed });
    expect(want.total).toBeGreaterThan(0);
    expect(p.account).toMatchObject({ email: "driver@demo.test", disabled: false });
    expect(p.currentAssignment).toMatchObject({
      vehicleLabel: want.unit,
      startedAt: new Date(want.since).toISOString(),
    });
    expect(p.documents).toHaveLength(want.documents);
    for (const doc of p.documents)
      expect(doc.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // A driver with nothing yet: zeros and nulls, not a missing object.
    const fresh = await newDriver({ fullName: "Nadia Fresh", phone: "+1 555 0100", email: email() });
    expect(fresh.status).toBe(201);
    const empty = await call(ctx, `/api/drivers/${fresh.json.id}`, { cookie: as("dispatcher") });
    expect(empty.json).toMatchObject({
      loadCounts: { total: 0, active: 0, completed: 0 },
      currentAssignment: null,
      documents: [],
      ratingCategories: { punctuality: null, communication: null, safety: null, equipmentCare: null },
    });
  });
});

describe("the profile PostgreSQL writes as JSON text (issue 42)", () => {
  it("is byte for byte the profile built in Node, for every driver, with the tax id as each role may see it", async () => {
    // Beside the demo drivers: an EIN, no tax id, text JSON must escape, and a truck with no model.
    await ctx.deps.db
      .update(drivers)
      .set({ taxId: "12-3456789", notes: 'Night "owl" \\ \r\n\t\u0001 é 🚚 \u2028', phone: null })
      .where(eq(drivers.id, jakeId));
    await ctx.deps.db.update(drivers).set({ taxId: null }).where(eq(drivers.id, rosaId));
    const [held] = await ctx.deps.db
      .select({ vehicleId: assetAssignments.vehicleId })
      .from(assetAssignments)
      .where(eq(assetAssignments.driverId, jakeId));
    if (held?.vehicleId) {
      await ctx.deps.db.update(vehicles).set({ model: "" }).where(eq(vehicles.id, held.vehicleId));
    }
    const all = await ctx.deps.db.select({ id: drivers.id }).from(drivers);
    for (const role of ["admin", "dispatcher"] as const) {
      for (const { id } of all) {
        const res = await ctx.app.request(`/api/drivers/${id}`, {
          headers: { origin: TEST_ORIGIN, cookie: as(role) },
        });
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(
          JSON.stringify(await buildDriverDetail(ctx.deps.db, { role } as Actor, id)),
        );
      }
    }
    const jake = (await call(ctx, `/api/drivers/${jakeId}`, { cookie: as("dispatcher") })).json;
    expect(jake).toMatchObject({ taxId: "**-***6789", taxIdMasked: true });
    expect(jake.currentAssignment).not.toBeNull();
    const missing = await call(ctx, "/api/drivers/00000000-0000-4000-8000-000000000000", {
      cookie: as("dispatcher"),
    });
    expect(missing.status).toBe(404);
  });
});
