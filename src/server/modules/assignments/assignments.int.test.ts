import { randomBytes } from "node:crypto";
import type { Assignment } from "@shared/assignments/assignments.schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drivers, users } from "../../db/schema";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let dispatcher: string;
let manager: string;
let jakeId: string;
let rosaId: string;

const tag = () => randomBytes(3).toString("hex").toUpperCase();

const driverIdOf = async (email: string) =>
  (
    await ctx.deps.db
      .select({ id: drivers.id })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(users.email, email))
  )[0].id;

async function newVehicle(unitNumber = `T-${tag()}`) {
  const res = await call(ctx, "/api/fleet/vehicles", {
    body: { unitNumber, make: "Freightliner", model: "Cascadia", plateNumber: "IL 4821" },
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; unitNumber: string };
}

async function newTrailer(identifier = `TR-${tag()}`) {
  const res = await call(ctx, "/api/fleet/trailers", {
    body: { identifier, type: "reefer", size: "53 ft" },
    cookie: dispatcher,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; identifier: string };
}

const assign = (body: Record<string, unknown>, cookie = dispatcher) =>
  call(ctx, "/api/assignments", { body, cookie });

const list = async (query: string): Promise<{ items: Assignment[]; total: number }> => {
  const res = await call(ctx, `/api/assignments?${query}`, { cookie: manager });
  expect(res.status).toBe(200);
  return res.json;
};

beforeAll(async () => {
  ctx = await createTestContext();
  [dispatcher, manager] = await Promise.all([
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "manager@demo.test"),
  ]);
  jakeId = await driverIdOf("driver@demo.test");
  rosaId = await driverIdOf("driver2@demo.test");
});
afterAll(() => ctx.close());

describe("vehicles and trailers", () => {
  it("refuses a duplicate unit number or identifier, whatever the case", async () => {
    const v = await newVehicle();
    const dup = await call(ctx, "/api/fleet/vehicles", {
      body: { unitNumber: v.unitNumber.toLowerCase() },
      cookie: dispatcher,
    });
    expect(dup.status).toBe(409);
    expect(dup.json.error.details.fields.unitNumber).toBe("A vehicle with this unit number already exists.");
    const t = await newTrailer();
    const dupT = await call(ctx, "/api/fleet/trailers", {
      body: { identifier: t.identifier },
      cookie: dispatcher,
    });
    expect(dupT.status).toBe(409);
    expect(dupT.json.error.details.fields.identifier).toBeDefined();
  });

  it("requires a unit number and an identifier", async () => {
    const res = await call(ctx, "/api/fleet/vehicles", { body: { unitNumber: " " }, cookie: dispatcher });
    expect(res.status).toBe(400);
    expect(res.json.error.details.fields.unitNumber).toBe("Unit number is required.");
    expect((await call(ctx, "/api/fleet/trailers", { body: {}, cookie: dispatcher })).status).toBe(400);
  });
});

describe("assigning assets", () => {
  it("validates the choice", async () => {
    const empty = await assign({});
    expect(empty.status).toBe(400);
    expect(empty.json.error.details.fields.driverId).toBe("Choose a driver.");
    const noAsset = await assign({ driverId: jakeId });
    expect(noAsset.status).toBe(400);
    expect(noAsset.json.error.details.fields.vehicleId).toBe("Choose a vehicle or a trailer.");
    const unknownDriver = await assign({
      driverId: "00000000-0000-4000-8000-000000000009",
      vehicleId: (await newVehicle()).id,
    });
    expect(unknownDriver.status).toBe(404);
  });

  it("gives a vehicle to one driver at a time, naming the holder in the 409", async () => {
    const truck = await newVehicle();
    const trailer = await newTrailer();
    const first = await assign({
      driverId: jakeId,
      vehicleId: truck.id,
      trailerId: trailer.id,
      notes: "Chicago lane",
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      driverName: "Jake Wilson",
      vehicleLabel: truck.unitNumber,
      vehicleDescription: "Freightliner Cascadia · IL 4821",
      trailerLabel: trailer.identifier,
      trailerType: "reefer",
      endedAt: null,
      notes: "Chicago lane",
      createdByName: "Dan Carter",
    });

    const taken = await assign({ driverId: rosaId, vehicleId: truck.id });
    expect(taken.status).toBe(409);
    expect(taken.json.error.message).toBe(
      `Truck ${truck.unitNumber} is assigned to Jake Wilson. End that assignment first.`,
    );
    expect(taken.json.error.details.fields.vehicleId).toBe(taken.json.error.message);

    const trailerTaken = await assign({ driverId: rosaId, trailerId: trailer.id });
    expect(trailerTaken.status).toBe(409);
    expect(trailerTaken.json.error.message).toBe(
      `Trailer ${trailer.identifier} is assigned to Jake Wilson. End that assignment first.`,
    );

    const options = await call(ctx, `/api/fleet/vehicles/options?q=${truck.unitNumber}`, {
      cookie: dispatcher,
    });
    expect(options.json.items).toEqual([
      expect.objectContaining({ id: truck.id, assignedDriverId: jakeId, assignedDriverName: "Jake Wilson" }),
    ]);
    const trailerOptions = await call(ctx, `/api/fleet/trailers/options?q=${trailer.identifier}`, {
      cookie: dispatcher,
    });
    expect(trailerOptions.json.items[0]).toMatchObject({ id: trailer.id, assignedDriverName: "Jake Wilson" });
  });

  it("closes the driver's previous assignment when they get new assets", async () => {
    const oldTruck = await newVehicle();
    const newTruck = await newVehicle();
    const first = await assign({ driverId: rosaId, vehicleId: oldTruck.id });
    expect(first.status).toBe(201);
    const second = await assign({ driverId: rosaId, vehicleId: newTruck.id });
    expect(second.status).toBe(201);

    const current = await list(`state=current&driverId=${rosaId}`);
    expect(current.items.map((a) => a.id)).toEqual([second.json.id]);
    const past = await list(`state=past&driverId=${rosaId}`);
    const closed = past.items.find((a) => a.id === first.json.id);
    expect(closed?.endedAt).not.toBeNull();
    expect(closed?.vehicleLabel).toBe(oldTruck.unitNumber);

    // The old truck is free for someone else now; keeping one's own truck is no conflict.
    const keep = await assign({
      driverId: rosaId,
      vehicleId: newTruck.id,
      trailerId: (await newTrailer()).id,
    });
    expect(keep.status).toBe(201);
    const all = await list(`state=all&driverId=${rosaId}&pageSize=100`);
    expect(all.items[0].id).toBe(keep.json.id);
    expect(all.items.filter((a) => a.endedAt === null)).toHaveLength(1);
  });

  it("ends an assignment once, freeing its assets", async () => {
    const truck = await newVehicle();
    const given = await assign({ driverId: jakeId, vehicleId: truck.id });
    const ended = await call(ctx, `/api/assignments/${given.json.id}/end`, {
      method: "POST",
      cookie: dispatcher,
    });
    expect(ended.status).toBe(200);
    expect(ended.json.endedAt).not.toBeNull();
    const again = await call(ctx, `/api/assignments/${given.json.id}/end`, {
      method: "POST",
      cookie: dispatcher,
    });
    expect(again.status).toBe(409);
    expect((await assign({ driverId: rosaId, vehicleId: truck.id })).status).toBe(201);
    const unknown = await call(ctx, "/api/assignments/00000000-0000-4000-8000-000000000009/end", {
      method: "POST",
      cookie: dispatcher,
    });
    expect(unknown.status).toBe(404);
  });

  it("lets only one of two simultaneous requests take the same truck", async () => {
    const truck = await newVehicle();
    const results = await Promise.all([
      assign({ driverId: jakeId, vehicleId: truck.id }),
      assign({ driverId: rosaId, vehicleId: truck.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe("the assignment list", () => {
  it("searches by unit number and pages on the server", async () => {
    const truck = await newVehicle(`SRCH-${tag()}`);
    await assign({ driverId: jakeId, vehicleId: truck.id });
    const found = await list(`state=all&q=${truck.unitNumber.toLowerCase()}`);
    expect(found.total).toBe(1);
    expect(found.items[0].vehicleLabel).toBe(truck.unitNumber);
    const byDriver = await list("state=all&q=rosa&pageSize=10");
    expect(byDriver.items.every((a) => a.driverName === "Rosa Martinez")).toBe(true);
    const paged = await list("state=all&pageSize=10&page=1");
    expect(paged.total).toBeGreaterThan(5);
    expect((await call(ctx, "/api/assignments?state=someday", { cookie: manager })).status).toBe(400);
  });

  it("is not for drivers", async () => {
    const driver = await signIn(ctx, "driver@demo.test");
    expect((await call(ctx, "/api/assignments", { cookie: driver })).status).toBe(403);
    expect((await call(ctx, "/api/fleet/vehicles/options", { cookie: driver })).status).toBe(403);
  });
});
