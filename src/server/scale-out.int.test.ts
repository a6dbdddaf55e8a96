import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { startJobs } from "./platform/jobs/jobs";
import { drain } from "./platform/lifecycle/drain";
import {
  type AppInstance,
  call,
  createTestContext,
  signIn,
  TEST_ORIGIN,
  type TestContext,
} from "./testing/harness";
import { openEvents } from "./testing/sse";

/*
 * Several app instances on one PostgreSQL (issue 19): what one instance changes, the others see at the
 * next request. Files shared through a bucket are proved in platform/storage/s3-storage.int.test.ts,
 * events reaching another instance's stream in modules/notifications/notifications.int.test.ts.
 */
let ctx: TestContext;
let other: AppInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  other = await ctx.anotherInstance();
});
afterAll(() => ctx.close());

const onOther = (path: string, cookie: string) =>
  other.app.request(path, { headers: { origin: TEST_ORIGIN, cookie } });

describe("two instances on one database", () => {
  it("a session made on one works on the other; a user disabled on one is refused on the other once the notice lands", async () => {
    const admin = await signIn(ctx, "admin@demo.test");
    const email = `scale-${Date.now()}@prairieline.test`;
    const created = await call(ctx, "/api/admin/users", {
      cookie: admin,
      body: {
        name: "Sam Scale",
        email,
        role: "dispatcher",
        password: "Scale-out-2026!",
        requirePasswordChange: false,
      },
    });
    expect(created.status).toBe(201);
    const sam = await signIn(ctx, email, "Scale-out-2026!");
    expect((await onOther("/api/me", sam)).status).toBe(200);
    expect((await onOther("/api/loads?pageSize=10", sam)).status).toBe(200);

    const disabled = await call(ctx, `/api/admin/users/${created.json.id}/disable`, {
      method: "POST",
      cookie: admin,
      body: {},
    });
    expect(disabled.status).toBe(200);
    // The other instance's cached actor is told through PostgreSQL (LISTEN/NOTIFY): once the notice has
    // landed there, its next request is refused. On a busy machine that can take a moment.
    let status = 0;
    for (let waited = 0; waited < 5_000; waited += 100) {
      await other.deps.events.sync();
      status = (await onOther("/api/loads?pageSize=10", sam)).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(401);
  });

  it("a draining instance (shutting down) ends its events streams, so browsers reconnect to another", async () => {
    const manager = await signIn(ctx, "manager@demo.test");
    const onA = await openEvents(ctx.app, manager, {});
    expect((await onA.next())?.event).toBe("ready");
    drain();
    expect(await onA.next()).toBeNull();
  });

  it("a scheduled job runs once at its time, however many instances schedule it", async () => {
    const runs: string[] = [];
    const log = createLogger("silent");
    const url = ctx.databaseUrl;
    const job = (instance: string) => ({
      name: `scale-out-tick-${Date.now()}`,
      cron: "* * * * *",
      run: async () => {
        runs.push(instance);
      },
    });
    const a = job("a");
    const b = { ...job("b"), name: a.name };
    const stops = [await startJobs(url, [a], log), await startJobs(url, [b], log)];
    try {
      // The next minute's tick: one of the two instances runs it.
      for (let waited = 0; runs.length === 0 && waited < 75_000; waited += 500)
        await new Promise((r) => setTimeout(r, 500));
      await new Promise((r) => setTimeout(r, 3_000));
      expect(runs).toHaveLength(1);
    } finally {
      for (const stop of stops) await stop();
    }
  }, 90_000);
});
