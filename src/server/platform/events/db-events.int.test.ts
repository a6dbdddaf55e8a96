import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger";
import { createTestDatabase } from "../../testing/harness";
import { createDbEvents, type DbEvents } from "./db-events";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let events: DbEvents;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  events = createDbEvents({ connectionString: database.url }, createLogger("silent"));
});
afterAll(async () => {
  await events.close();
  await pool.end();
  await database.drop();
});

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("database events", () => {
  it("delivers another connection's notifications, all of them by the time sync() returns", async () => {
    const heard: string[] = [];
    events.listen("lms_test_channel", (payload) => heard.push(payload));
    await events.sync();
    expect(events.live).toBe(true);
    for (let i = 0; i < 20; i++) await pool.query("select pg_notify('lms_test_channel', $1)", [String(i)]);
    // Many writes answering at once: each waits for its own round trip, one statement at a time.
    await Promise.all(Array.from({ length: 10 }, () => events.sync()));
    expect(heard).toEqual(Array.from({ length: 20 }, (_, i) => String(i)));
    expect(events.live).toBe(true);
  });

  it("hears a channel asked for on a new connection, or a running one, as soon as listening() returns", async () => {
    // A new connection (still starting) and a running one asked for a new channel: both LISTEN later.
    const fresh = createDbEvents({ connectionString: database.url }, createLogger("silent"));
    try {
      for (const [instance, channel] of [
        [fresh, "lms_test_fresh"],
        [fresh, "lms_test_fresh_more"],
      ] as const) {
        const heard: string[] = [];
        instance.listen(channel, (payload) => heard.push(payload));
        await instance.listening();
        await pool.query("select pg_notify($1, 'one')", [channel]);
        await until(() => heard.length > 0, 3000);
        expect(heard).toEqual(["one"]);
      }
    } finally {
      await fresh.close();
    }
  });

  it("announces changes to who a session is, from the triggers of migration 0008", async () => {
    const heard: string[] = [];
    events.listen("lms_auth_changed", (userId) => heard.push(userId));
    await events.sync();
    const { rows } = await pool.query<{ id: string }>(
      "select id from users where email = 'dispatcher@demo.test'",
    );
    await pool.query("update app_users set must_change_password = false where user_id = $1", [rows[0].id]);
    await pool.query("update users set name = name where id = $1", [rows[0].id]);
    await events.sync();
    expect(heard).toEqual([rows[0].id, rows[0].id]);
  });

  it("drops everything and reconnects when its connection is killed", async () => {
    let resets = 0;
    events.onReset(() => resets++);
    const heard: string[] = [];
    events.listen("lms_test_again", (payload) => heard.push(payload));
    await events.sync();
    const before = resets;
    const { rows } = await pool.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'lms-events' and datname = current_database()",
    );
    expect(rows).toHaveLength(1);
    // Dropped when the connection went, and again once it listens anew.
    await until(() => resets >= before + 2 && events.live);
    await pool.query("select pg_notify('lms_test_again', 'after')");
    await events.sync();
    expect(heard).toEqual(["after"]);
  });
});
