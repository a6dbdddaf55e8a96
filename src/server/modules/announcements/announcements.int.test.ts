import type { AnnouncementRecipient } from "@shared/announcements/announcements.schema";
import type { Notification } from "@shared/notifications/notifications.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userIdOf } from "../../testing/fixtures";
import { call, createTestContext, signIn, type TestContext } from "../../testing/harness";
import { deliverDueAnnouncements } from "./announcements.service";

let ctx: TestContext;
let manager: string;
let driver: string;
let dispatcher: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [manager, driver, dispatcher] = await Promise.all(
    ["manager", "driver", "dispatcher"].map((r) => signIn(ctx, `${r}@demo.test`)),
  );
});
afterAll(() => ctx.close());

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
const post = (body: unknown, cookie = manager) =>
  call(ctx, "/api/announcements", { method: "POST", body, cookie });
/** The caller's announcement notifications with this title. */
const received = async (cookie: string, title: string) =>
  (await call(ctx, `/api/notifications?page=1&pageSize=100&q=${encodeURIComponent(title)}`, { cookie })).json
    .items as Notification[];
/** Active accounts of these roles (who an audience should reach). */
const countOf = async (roles: string[]) => {
  const { rows } = await ctx.deps.db.execute<{ n: number }>(sql`
    select count(*)::int as n from users u join app_users au on au.user_id = u.id
    where not u.banned and au.role::text = any(${sql.param(roles)}::text[])`);
  return rows[0].n;
};

describe("custom notifications", () => {
  it("delivers at once when its time is now: to the chosen roles and, visible to drivers, to every driver", async () => {
    const res = await post({
      title: "Yard closed Friday",
      description: "The north gate is closed for paving. Use the south gate.",
      deliverAt: new Date().toISOString(),
      audience: "roles",
      roles: ["dispatcher"],
      visibleToDrivers: true,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "delivered", read: 0, createdByName: "Maria Lopez" });
    expect(res.json.recipients).toBe(await countOf(["dispatcher", "driver"]));

    const [n] = await received(driver, "Yard closed Friday");
    expect(n).toMatchObject({
      kind: "announcement",
      data: { title: "Yard closed Friday", from: "Maria Lopez" },
      note: "The north gate is closed for paving. Use the south gate.",
      link: "/notifications",
    });
    expect(await received(dispatcher, "Yard closed Friday")).toHaveLength(1);
    expect(await received(manager, "Yard closed Friday")).toHaveLength(0);

    // The driver reads it: the manager sees who has.
    await call(ctx, `/api/notifications/${n.id}/read`, { method: "POST", cookie: driver });
    const again = await call(ctx, `/api/announcements/${res.json.id}`, { cookie: manager });
    expect(again.json.read).toBe(1);
    const readers = await call(
      ctx,
      `/api/announcements/${res.json.id}/recipients?page=1&pageSize=100&read=read`,
      {
        cookie: manager,
      },
    );
    expect(readers.json.items.map((r: AnnouncementRecipient) => r.name)).toEqual(["Jake Wilson"]);
    const unread = await call(
      ctx,
      `/api/announcements/${res.json.id}/recipients?page=1&pageSize=100&read=unread`,
      {
        cookie: manager,
      },
    );
    expect(unread.json.total).toBe(res.json.recipients - 1);

    // Delivered: no longer editable or cancellable.
    const edit = await call(ctx, `/api/announcements/${res.json.id}`, {
      method: "PUT",
      cookie: manager,
      body: { title: "x", deliverAt: inMinutes(5), audience: "staff" },
    });
    expect(edit.status).toBe(409);
    expect(
      (await call(ctx, `/api/announcements/${res.json.id}/cancel`, { method: "POST", cookie: manager }))
        .status,
    ).toBe(409);
  });

  it("waits for its time: edited while scheduled, delivered by the job queue's minute once due, to all staff only", async () => {
    const res = await post({ title: "Safety meeting", deliverAt: inMinutes(60), audience: "staff" });
    expect(res.json).toMatchObject({ status: "scheduled", recipients: 0 });
    expect(await deliverDueAnnouncements(ctx.deps.db)).toBe(0);
    expect(await received(dispatcher, "Safety meeting")).toHaveLength(0);

    const edited = await call(ctx, `/api/announcements/${res.json.id}`, {
      method: "PUT",
      cookie: manager,
      body: {
        title: "Safety meeting moved",
        description: "Room B.",
        deliverAt: inMinutes(90),
        audience: "staff",
      },
    });
    expect(edited.json).toMatchObject({ title: "Safety meeting moved", status: "scheduled" });

    expect(await deliverDueAnnouncements(ctx.deps.db, new Date(Date.now() + 91 * 60_000))).toBe(1);
    const after = await call(ctx, `/api/announcements/${res.json.id}`, { cookie: manager });
    expect(after.json.status).toBe("delivered");
    // Everyone on the staff but its author.
    expect(after.json.recipients).toBe(
      (await countOf(["admin", "manager", "dispatcher", "safety", "accountant"])) - 1,
    );
    expect(await received(manager, "Safety meeting moved")).toHaveLength(0);
    expect(await received(driver, "Safety meeting moved")).toHaveLength(0);
    expect(await received(dispatcher, "Safety meeting moved")).toHaveLength(1);
    // Delivered once, even when the minute comes round again.
    expect(await deliverDueAnnouncements(ctx.deps.db, new Date(Date.now() + 92 * 60_000))).toBe(0);
  });

  it("reaches chosen people only, and a cancelled one never goes out", async () => {
    const jake = await userIdOf(ctx, "driver@demo.test");
    const chosen = await post({
      title: "Your new truck",
      deliverAt: inMinutes(0),
      audience: "people",
      people: [jake],
    });
    expect(chosen.json.recipients).toBe(1);
    expect(chosen.json.people).toEqual([{ id: jake, name: "Jake Wilson", role: "driver" }]);

    const later = await post({
      title: "Holiday schedule",
      deliverAt: inMinutes(30),
      audience: "staff",
      visibleToDrivers: true,
    });
    const cancelled = await call(ctx, `/api/announcements/${later.json.id}/cancel`, {
      method: "POST",
      cookie: manager,
    });
    expect(cancelled.json.status).toBe("cancelled");
    expect(await deliverDueAnnouncements(ctx.deps.db, new Date(Date.now() + 31 * 60_000))).toBe(0);
    expect(await received(driver, "Holiday schedule")).toHaveLength(0);

    const list = await call(ctx, "/api/announcements?page=1&pageSize=25&status=cancelled", {
      cookie: manager,
    });
    expect(list.json.items.map((a: { title: string }) => a.title)).toContain("Holiday schedule");
    const search = await call(ctx, "/api/announcements?page=1&pageSize=25&q=new%20truck", {
      cookie: manager,
    });
    expect(search.json.items.map((a: { title: string }) => a.title)).toEqual(["Your new truck"]);
  });

  it("says what is missing in the spec's plain words, and only admin and manager compose", async () => {
    const noTitle = await post({ title: " ", deliverAt: inMinutes(5), audience: "staff" });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.error.details.fields.title).toBe("Enter a title.");
    const noRoles = await post({ title: "x", deliverAt: inMinutes(5), audience: "roles", roles: [] });
    expect(noRoles.json.error.details.fields.roles).toBe("Choose at least one role.");
    const nobody = await post({
      title: "x",
      deliverAt: inMinutes(5),
      audience: "none",
      visibleToDrivers: false,
    });
    expect(nobody.json.error.details.fields.audience).toBe("Choose who receives it.");
    const past = await post({ title: "x", deliverAt: inMinutes(-60), audience: "staff" });
    expect(past.status).toBe(400);
    expect(past.json.error.details.fields.deliverAt).toBe(
      "This time has passed. Choose a later time, or now.",
    );
    const stranger = await post({
      title: "x",
      deliverAt: inMinutes(5),
      audience: "people",
      people: ["nobody"],
    });
    expect(stranger.json.error.details.fields.people).toBe("Choose people from the list.");
    expect((await post({ title: "x", deliverAt: inMinutes(5), audience: "staff" }, dispatcher)).status).toBe(
      403,
    );
    expect(
      (await call(ctx, "/api/announcements/people?q=jake", { cookie: manager })).json.items[0].name,
    ).toBe("Jake Wilson");
  });
});
