import type { CreateLoadInput } from "@shared/loads/loads.schema";
import { eq, sql } from "drizzle-orm";
import { customers, drivers, loads, timeOffRequests, users } from "../db/schema";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "./harness";

/** Test helpers shared by every module's integration tests: a load's input, ids by email, uploads. */

export const PDF = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

export function loadInput(overrides: Partial<CreateLoadInput> = {}): CreateLoadInput {
  return {
    description: "Frozen groceries, 22 pallets",
    weightLbs: 38_000,
    stops: [
      {
        type: "pickup",
        locationName: "Great Lakes DC",
        address: "100 Dock St",
        city: "Chicago",
        state: "IL",
        postalCode: "60601",
        scheduledAt: "2026-03-02T14:00:00Z",
        contactName: "Ann Shipper",
        contactPhone: "+1 312 555 0100",
      },
      {
        type: "delivery",
        locationName: "Lone Star Market",
        address: "5 Main St",
        city: "Dallas",
        state: "TX",
        postalCode: "75201",
        scheduledAt: "2026-03-04T18:00:00Z",
        contactName: "Bob Receiver",
        contactPhone: "+1 214 555 0100",
      },
    ],
    baseRate: "2000.00",
    lumperFee: "150",
    detention: "75.50",
    otherCharges: "",
    customerRate: "2600",
    // Typed miles differ from the route's estimate (≈946 mi): an override, with its reason (issue 40).
    loadedMiles: 925,
    milesOverrideReason: "Agreed with the customer",
    ...overrides,
  };
}

export async function driverIdOf(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.deps.db
    .select({ id: drivers.id })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(users.email, email));
  return row.id;
}

export async function customerIdOf(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.deps.db
    .select({ id: customers.id })
    .from(customers)
    .innerJoin(users, eq(users.id, customers.userId))
    .where(eq(users.email, email));
  return row.id;
}

export async function userIdOf(ctx: TestContext, email: string): Promise<string> {
  const [row] = await ctx.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

/** A multipart upload as the browser sends it. */
export async function uploadFile(
  ctx: TestContext,
  cookie: string,
  loadId: string,
  opts: { content?: string | Uint8Array<ArrayBuffer>; name?: string; type?: string; kind?: string } = {},
) {
  const form = new FormData();
  form.set(
    "file",
    new File([opts.content ?? PDF], opts.name ?? "bol.pdf", { type: opts.type ?? "application/pdf" }),
  );
  form.set("kind", opts.kind ?? "bol");
  const res = await ctx.app.request(`/api/loads/${loadId}/files`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, cookie },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/**
 * The demo seed gives every test database loads and time off; these tests count and change driver
 * statuses, so they start from an empty dispatch office (this file's own database only).
 */
export async function emptyDispatchOffice(ctx: TestContext): Promise<void> {
  await clearSettlements(ctx);
  await ctx.deps.db.delete(loads);
  await ctx.deps.db.delete(timeOffRequests);
  await ctx.deps.db.update(drivers).set({ status: sql`${drivers.manualStatus}` });
}

/**
 * A test database's empty dispatch office with its dispatcher and both demo drivers signed in, and
 * `createLoad` for a load the dispatcher enters (201): the set-up the dispatch tests share.
 */
export async function dispatchOffice() {
  const ctx = await createTestContext();
  await emptyDispatchOffice(ctx);
  const [dispatcher, jake, rosa, jakeId, rosaId] = await Promise.all([
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "driver2@demo.test"),
    driverIdOf(ctx, "driver@demo.test"),
    driverIdOf(ctx, "driver2@demo.test"),
  ]);
  const createLoad = async (extra: Partial<CreateLoadInput> = {}) => {
    const res = await call(ctx, "/api/loads", { body: loadInput(extra), cookie: dispatcher });
    if (res.status !== 201)
      throw new Error(`creating a load failed: ${res.status} ${JSON.stringify(res.json)}`);
    return res.json as { id: string; loadNumber: string };
  };
  return { ctx, dispatcher, jake, rosa, jakeId, rosaId, createLoad };
}

/**
 * The demo's settlements hold loads and fuel purchases, and an approved one refuses deletion
 * (decision 025): tests that empty those tables remove the settlements first, with the triggers off,
 * in their own database only.
 */
export async function clearSettlements(ctx: TestContext): Promise<void> {
  await ctx.deps.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from settlement_lines`);
    await tx.execute(sql`delete from settlements`);
  });
}
