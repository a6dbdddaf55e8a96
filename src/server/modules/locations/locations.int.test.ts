import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerIdOf, emptyDispatchOffice, loadInput } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";

let ctx: TestContext;
let dispatcher: string;
let manager: string;
let driver: string;
let customer: string;
let customerId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await emptyDispatchOffice(ctx);
  [dispatcher, manager, driver, customer] = await Promise.all([
    signIn(ctx, "dispatcher@demo.test"),
    signIn(ctx, "manager@demo.test"),
    signIn(ctx, "driver@demo.test"),
    signIn(ctx, "customer@demo.test"),
  ]);
  customerId = await customerIdOf(ctx, "customer@demo.test");
});
afterAll(() => ctx.close());

const place = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  address: "1 Dock Rd",
  city: "Joliet",
  state: "IL",
  postalCode: "60431",
  contactName: "Gate",
  contactPhone: "+1 815 555 0100",
  hours: "Mon–Fri 06:00–14:00",
  ...extra,
});
const save = (body: unknown, cookie = dispatcher) => call(ctx, "/api/locations", { body, cookie });
const list = async (query = "", cookie = dispatcher) => {
  const res = await call(ctx, `/api/locations?${query}`, { cookie });
  expect(res.status).toBe(200);
  return res.json as {
    total: number;
    items: Array<{ id: string; name: string; usual: boolean; uses: number }>;
  };
};

describe("the address book (saved locations)", () => {
  it("saves, finds and refuses the same place twice", async () => {
    const saved = await save(place("Alpha Foods DC"));
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({
      name: "Alpha Foods DC",
      hours: "Mon–Fri 06:00–14:00",
      usual: false,
      uses: 0,
    });
    const again = await save(place("alpha foods dc"));
    expect(again.status).toBe(409);
    expect(again.json.error.details.fields.name).toBe(
      "A location with this name and address is already saved.",
    );
    expect((await save({ ...place("No city"), city: "" })).json.error.details.fields.city).toBe(
      "City is required.",
    );
    expect((await list("q=joliet")).items.map((l) => l.name)).toContain("Alpha Foods DC");
    expect((await list("q=zzz-nowhere")).total).toBe(0);
    // Every word, anywhere: name and city.
    expect((await list("q=alpha%20joliet")).items.map((l) => l.name)).toEqual(["Alpha Foods DC"]);
  });

  it("lists the load's customer's usual places first: saved for them, or used on their loads", async () => {
    await save(place("Aardvark Cold Storage"));
    const theirs = await save(place("Zulu Receiving", { customerId }));
    const used = (await save(place("Yankee Yard", { address: "9 Rail St" }))).json;
    const base = loadInput();
    const load = await call(ctx, "/api/loads", {
      cookie: dispatcher,
      body: { ...base, customerId, stops: [{ ...base.stops[0], locationId: used.id }, base.stops[1]] },
    });
    expect(load.status).toBe(201);
    expect(load.json.stops[0].locationId).toBe(used.id);

    const forCustomer = await list(`customerId=${customerId}&pageSize=10`);
    // Usual first (the demo's own shipper among them), then alphabetical.
    const usual = forCustomer.items.filter((l) => l.usual).map((l) => l.name);
    expect(usual).toEqual(expect.arrayContaining(["Yankee Yard", "Zulu Receiving"]));
    expect(forCustomer.items.slice(0, usual.length).every((l) => l.usual)).toBe(true);
    expect(usual).not.toContain("Aardvark Cold Storage");
    expect(forCustomer.items.find((l) => l.name === "Yankee Yard")).toMatchObject({ usual: true, uses: 1 });
    // Without a customer, alphabetical.
    expect((await list("pageSize=10")).items[0].name).toBe("Aardvark Cold Storage");
    expect(theirs.json.customerName).not.toBeNull();
  });

  it("is the office's: drivers and customers get 403; managers edit; a deleted place leaves the stops alone", async () => {
    expect((await call(ctx, "/api/locations", { cookie: driver })).status).toBe(403);
    expect((await call(ctx, "/api/locations", { cookie: customer })).status).toBe(403);
    expect((await save(place("Driver's place"), driver)).status).toBe(403);
    const saved = (await save(place("Bravo Plant", { address: "7 Mill Ln" }), manager)).json;
    const edited = await call(ctx, `/api/locations/${saved.id}`, {
      method: "PUT",
      cookie: manager,
      body: place("Bravo Plant North", { address: "7 Mill Ln" }),
    });
    expect(edited.json.name).toBe("Bravo Plant North");
    expect(
      (await call(ctx, `/api/locations/${saved.id}`, { method: "DELETE", cookie: dispatcher })).status,
    ).toBe(200);
    expect(
      (await call(ctx, `/api/locations/${saved.id}`, { method: "DELETE", cookie: dispatcher })).status,
    ).toBe(404);
  });
});

describe("saved views of the loads list", () => {
  it("are per user: saved, replaced by name, and someone else's is not found", async () => {
    const views = async (cookie: string) => (await call(ctx, "/api/loads/views", { cookie })).json;
    const save = (body: unknown, cookie = manager) => call(ctx, "/api/loads/views", { body, cookie });
    const first = await save({ name: "Unassigned Chicago", query: "q=chicago&status=pending" });
    expect(first.status).toBe(200);
    const replaced = await save({
      name: "unassigned chicago",
      query: "q=chicago&sort=pickupAt&status=pending",
    });
    expect(replaced.json.id).toBe(first.json.id);
    expect(await views(manager)).toEqual([
      { id: first.json.id, name: "Unassigned Chicago", query: "q=chicago&sort=pickupAt&status=pending" },
    ]);
    // The dispatcher has their own (the demo's "On the road"), never the manager's.
    const theirs = await views(dispatcher);
    expect(theirs.map((v: { name: string }) => v.name)).toContain("On the road");
    expect(theirs.map((v: { id: string }) => v.id)).not.toContain(first.json.id);
    const foreign = await call(ctx, `/api/loads/views/${first.json.id}`, {
      method: "DELETE",
      cookie: dispatcher,
    });
    expect(foreign.status).toBe(404);
    expect((await save({ name: "", query: "" })).status).toBe(400);
    expect((await call(ctx, "/api/loads/views", { cookie: customer })).status).toBe(403);
    const gone = await call(ctx, `/api/loads/views/${first.json.id}`, { method: "DELETE", cookie: manager });
    expect(gone.status).toBe(200);
    expect(await views(manager)).toEqual([]);
  });
});
