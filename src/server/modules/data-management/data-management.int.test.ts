import { existsSync } from "node:fs";
import path from "node:path";
import type { BackupList, DataExport, DataSettings } from "@shared/data-management/data-management.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestContext, signIn, TEST_ORIGIN, type TestContext } from "../../testing/harness";
import { applyRetention, runBackup } from "./data-management.service";

let ctx: TestContext;
let admin: string;
let manager: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, manager] = await Promise.all([signIn(ctx, "admin@demo.test"), signIn(ctx, "manager@demo.test")]);
});
afterAll(() => ctx.close());

const download = (p: string, cookie = admin) =>
  ctx.app.request(p, { headers: { origin: TEST_ORIGIN, cookie } });

describe("data management", () => {
  it("exports everything in the background with progress, then hands out the archive", async () => {
    const started = await call(ctx, "/api/data/exports", { method: "POST", cookie: admin });
    expect(started.status).toBe(202);
    const id = (started.json as DataExport).id;
    let item = started.json as DataExport;
    for (let i = 0; i < 200 && item.status === "running"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      item = (await call(ctx, `/api/data/exports/${id}`, { cookie: admin })).json as DataExport;
    }
    expect(item.status).toBe("done");
    expect(item.total).toBeGreaterThan(60);
    expect(item.done).toBe(item.total);
    expect(item.fileName).toMatch(/^lms-export-\d{4}-\d{2}-\d{2}T\d{4}Z\.tar\.gz$/);

    const res = await download(`/api/data/exports/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gzip");
    expect(res.headers.get("content-disposition")).toContain(item.fileName);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.length).toBe(item.bytes);
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);

    expect((await call(ctx, "/api/data/exports", { cookie: manager })).status).toBe(403);
    const list = await call(ctx, "/api/data/exports", { cookie: admin });
    expect(list.json.items[0].id).toBe(id);
    const { rows } = await ctx.deps.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'data.exported'`,
    );
    expect(rows[0].n).toBe(1);
  });

  it("keeps the newest backups only, lists them and downloads one", async () => {
    const settings = {
      notificationDays: null,
      auditDays: null,
      communicationDays: null,
      backupsEnabled: true,
      backupsKept: 2,
    };
    expect(
      (await call(ctx, "/api/data/settings", { method: "PUT", body: settings, cookie: admin })).status,
    ).toBe(200);
    for (const day of ["2026-11-20", "2026-11-21", "2026-11-22"]) {
      await runBackup(ctx.deps, new Date(`${day}T02:30:00Z`));
    }
    const list = (await call(ctx, "/api/data/backups", { cookie: admin })).json as BackupList;
    expect(list.items.map((b) => b.name)).toEqual([
      "lms-backup-2026-11-22T0230Z.tar.gz",
      "lms-backup-2026-11-21T0230Z.tar.gz",
    ]);
    expect(existsSync(path.join(list.directory, "lms-backup-2026-11-20T0230Z.tar.gz"))).toBe(false);
    const res = await download(`/api/data/backups/${list.items[0].name}`);
    expect(res.status).toBe(200);
    expect((await res.arrayBuffer()).byteLength).toBe(list.items[0].bytes);
    expect((await download("/api/data/backups/..%2F..%2Fauth-secret")).status).toBe(400);
    expect((await download("/api/data/backups/lms-backup-1999-01-01T0000Z.tar.gz")).status).toBe(404);

    // Switched off, the nightly run writes nothing; "Back up now" still does.
    await call(ctx, "/api/data/settings", {
      method: "PUT",
      body: { ...settings, backupsEnabled: false },
      cookie: admin,
    });
    expect(await runBackup(ctx.deps, new Date("2026-11-23T02:30:00Z"))).toBeNull();
    const now = await call(ctx, "/api/data/backups", { method: "POST", cookie: admin });
    expect(now.status).toBe(201);
    expect(now.json.name).toMatch(/^lms-backup-/);
  });

  it("checks retention settings and removes only what is older, leaving queued messages", async () => {
    const bad = await call(ctx, "/api/data/settings", {
      method: "PUT",
      body: {
        notificationDays: 0,
        auditDays: 400,
        communicationDays: null,
        backupsEnabled: true,
        backupsKept: 14,
      },
      cookie: admin,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.fields.notificationDays).toBe(
      "Enter a number of days from 1 to 3650, or leave it empty to keep everything.",
    );

    const now = new Date("2026-11-27T03:00:00Z");
    const db = ctx.deps.db;
    await db.execute(sql`update notifications set created_at = '2026-01-01' where id in
      (select id from notifications order by created_at limit 3)`);
    await db.execute(sql`update audit_log set created_at = '2025-01-01' where id in
      (select id from audit_log order by created_at limit 2)`);
    await db.execute(sql`update communications set created_at = '2026-01-01'`);
    const { rows: queued } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from communications where status in ('scheduled', 'sending')`,
    );
    const { rows: finished } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from communications where status not in ('scheduled', 'sending')`,
    );

    // Nothing set: nothing goes.
    expect(await applyRetention(ctx.deps, now)).toEqual({ notifications: 0, audit: 0, communications: 0 });
    const saved = await call(ctx, "/api/data/settings", {
      method: "PUT",
      body: {
        notificationDays: 90,
        auditDays: 365,
        communicationDays: 180,
        backupsEnabled: true,
        backupsKept: 14,
      },
      cookie: admin,
    });
    expect(saved.status).toBe(200);
    expect((saved.json as DataSettings).updatedByName).not.toBeNull();
    const removed = await applyRetention(ctx.deps, now);
    expect(removed.notifications).toBe(3);
    expect(removed.audit).toBe(2);
    expect(removed.communications).toBe(finished[0].n);
    const { rows: left } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from communications`,
    );
    expect(left[0].n).toBe(queued[0].n);
  });
});
