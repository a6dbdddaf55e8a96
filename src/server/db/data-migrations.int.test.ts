import { readFileSync } from "node:fs";
import path from "node:path";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanFileName } from "../platform/storage/storage";
import { createTestDatabase } from "../testing/harness";
import { createDb } from "./client";

// Migrations that convert stored data, each run again on rows put back the way they were before it.
// 0009 reads the English sentences stored before decision 017 back into kinds and data: the demo
// database is put back the way 0008 left it (English notes, no kind columns), the migration runs
// again, and what it recovers is compared with what the app writes today.

const sqlOf = (name: string) => readFileSync(path.join(import.meta.dirname, "migrations", name), "utf8");
const MIGRATION = sqlOf("0009_load_event_kinds.sql");

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;

beforeAll(async () => {
  database = await createTestDatabase();
  pool = createDb(database.url, 2).pool;
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const q = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];

describe("migration 0009", () => {
  it("turns the stored English timeline notes and inspection texts into kinds and data", async () => {
    const [load] = await q<{ id: string }>("select id from loads order by created_at limit 1");
    const [actor] = await q<{ id: string }>("select id from users limit 1");
    // Events of every old wording, as 0008's code wrote them.
    const old: Array<[string, string | null, string, string | null]> = [
      ["Created", null, "pending", null],
      ["Created and assigned to Jake Wilson", null, "assigned", null],
      ["Assigned to Rosa Martinez.", "pending", "assigned", null],
      ["Reassigned to Jake Wilson", "assigned", "assigned", null],
      ["Driver removed", "assigned", "pending", null],
      ["Accepted", "assigned", "assigned", null],
      ["Declined: Truck in the shop", "assigned", "pending", null],
      ["Declined", "assigned", "pending", null],
      ["Trip started", "assigned", "in_progress", null],
      ["Delivered", "in_progress", "completed", null],
      ["Customer asked to hold until Monday", "assigned", "pending", null],
    ];
    await q("delete from load_status_events where load_id = $1", [load.id]);
    for (const [i, [note, from, to]] of old.entries()) {
      await q(
        `insert into load_status_events (load_id, kind, from_status, to_status, actor_id, note, created_at)
         values ($1, 'x', $2, $3, $4, $5, now() + $6 * interval '1 second')`,
        [load.id, from, to, actor.id, note, i],
      );
    }
    // An inspection's maintenance item with the generated English block, and a line someone added.
    const [item] = await q<{ id: string; inspection_id: string }>(
      "select id, inspection_id from maintenance_records where source = 'inspection' order by created_at limit 1",
    );
    expect(item, "the demo has an item opened by an inspection").toBeDefined();
    const [inspection] = await q<{
      type: string;
      asset_type: string;
      inspector_name: string;
      overall_status: string;
      comments: string;
      label: string;
      defects: Array<{ item: string; note: string }>;
    }>(
      `select i.type, i.asset_type, i.inspector_name, i.overall_status, i.comments,
              coalesce(v.unit_number, t.identifier) as label,
              (select jsonb_agg(jsonb_build_object('item', e->>'item', 'note', e->>'note'))
                 from jsonb_array_elements(i.checklist) e where e->>'result' = 'fail') as defects
         from inspections i left join vehicles v on v.id = i.vehicle_id left join trailers t on t.id = i.trailer_id
        where i.id = $1`,
      [item.inspection_id],
    );
    await q("update maintenance_records set notes = $2 where id = $1", [
      item.id,
      "Opened by the pre-trip inspection of Truck 101 on 2026-10-03 (Jake Wilson); overall status: needs repair.\n" +
        "Defects:\n- Tires: Steer tire at 3/32 in.\n- Mud flaps: Missing\nComments: Pulled over at mile 12.\n" +
        "Parts ordered from TruckPro.",
    ]);
    await q("alter table load_status_events drop column kind, drop column data");
    await q("alter table maintenance_records drop column source_data");

    for (const statement of MIGRATION.split("--> statement-breakpoint")) await q(statement);

    const events = await q<{ kind: string; data: Record<string, string>; note: string | null }>(
      "select kind, data, note from load_status_events where load_id = $1 order by created_at",
      [load.id],
    );
    expect(events).toEqual([
      { kind: "created", data: {}, note: null },
      { kind: "created_assigned", data: { driverName: "Jake Wilson" }, note: null },
      { kind: "assigned", data: { driverName: "Rosa Martinez" }, note: null },
      { kind: "reassigned", data: { driverName: "Jake Wilson" }, note: null },
      { kind: "driver_removed", data: {}, note: null },
      { kind: "accepted", data: {}, note: null },
      { kind: "declined", data: {}, note: "Truck in the shop" },
      { kind: "declined", data: {}, note: null },
      { kind: "trip_started", data: {}, note: null },
      { kind: "delivered", data: {}, note: null },
      { kind: "status_changed", data: {}, note: "Customer asked to hold until Monday" },
    ]);
    // Every event of the demo got a kind the app knows.
    const kinds = await q<{ kind: string }>("select distinct kind from load_status_events");
    const { LOAD_EVENT_KINDS } = await import("@shared/loads/loads.schema");
    for (const { kind } of kinds) expect(LOAD_EVENT_KINDS).toContain(kind);

    const [after] = await q<{ notes: string; source_data: Record<string, unknown>; service_date: string }>(
      "select notes, source_data, service_date::text from maintenance_records where id = $1",
      [item.id],
    );
    expect(after.notes).toBe("Parts ordered from TruckPro.");
    expect(after.source_data).toEqual({
      inspectionType: inspection.type,
      assetType: inspection.asset_type,
      assetLabel: inspection.label,
      inspectedOn: after.service_date,
      inspectorName: inspection.inspector_name,
      overallStatus: inspection.overall_status,
      defects: inspection.defects ?? [],
      comments: inspection.comments,
    });
  });
});

describe("migration 0010", () => {
  it("gives stored file names the extension of their content, exactly as uploads are named now", async () => {
    const cases: Array<[string, string]> = [
      ["scan.html", "application/pdf"],
      ["BOL.PDF", "application/pdf"],
      ["photo.jpeg", "image/jpeg"],
      ["photo.png", "image/jpeg"],
      ["receipt", "application/pdf"],
      ["Invoice v2.final-copy", "application/pdf"],
      [".hidden", "image/png"],
      ["truck.HEIF", "image/heic"],
      ["dash.webp.exe", "image/webp"],
    ];
    const ids: string[] = [];
    for (const [i, [name, type]] of cases.entries()) {
      const [row] = await q<{ id: string }>(
        `insert into files (storage_key, file_name, content_type, size, sha256)
         values ($1, $2, $3, 1, 'x') returning id`,
        [`migration-0010-${i}`, name, type],
      );
      ids.push(row.id);
    }
    await q(sqlOf("0010_file_name_extensions.sql"));
    const rows = await q<{ id: string; file_name: string }>(
      "select id, file_name from files where id = any($1)",
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, r.file_name]));
    expect(ids.map((id) => byId.get(id))).toEqual(cases.map(([name, type]) => cleanFileName(name, type)));
    expect(byId.get(ids[0])).toBe("scan.pdf");
  });
});

describe("migration 0011", () => {
  it("gives stored notifications the data their words need and keeps only what people typed", async () => {
    await q('alter table notifications add column "title" text');
    await q("alter table notifications alter column data drop not null");
    const [user] = await q<{ id: string }>("select id from users limit 1");
    const [load] = await q<{ id: string; load_number: string; driver_id: string; full_name: string }>(
      `select l.id, l.load_number, l.driver_id, d.full_name from loads l join drivers d on d.id = l.driver_id limit 1`,
    );
    const [accident] = await q<{ id: string; reference: string; location: string; injuries: boolean }>(
      "select id, reference, location, injuries from accidents limit 1",
    );
    const [inspection] = await q<{ id: string; type: string; inspector_name: string }>(
      "select id, type, inspector_name from inspections where overall_status <> 'pass' limit 1",
    );
    const old = async (kind: string, title: string, body: string, data: unknown) =>
      (
        await q<{ id: string }>(
          `insert into notifications (recipient_id, kind, title, body, data) values ($1, $2, $3, $4, $5) returning id`,
          [user.id, kind, title, body, data === null ? null : JSON.stringify(data)],
        )
      )[0].id;
    const declined = await old(
      "load.declined",
      `Load ${load.load_number} declined — re-assignment needed`,
      `${load.full_name} declined the load: Truck in the shop`,
      { loadId: load.id, driverId: load.driver_id },
    );
    const recorded = await old(
      "accident.recorded",
      `Accident ${accident.reference} recorded`,
      accident.location,
      {
        accidentId: accident.id,
      },
    );
    const repair = await old("inspection.needs_repair", "Truck needs repair", "Someone reported: …", {
      inspectionId: inspection.id,
    });
    const bare = await old(
      "load.assigned",
      "Load assigned to you",
      "Open the load to accept or decline it.",
      null,
    );

    for (const statement of sqlOf("0011_notification_kinds.sql").split("--> statement-breakpoint"))
      await q(statement);

    const rows = new Map(
      (
        await q<{ id: string; data: Record<string, unknown>; body: string }>(
          "select id, data, body from notifications",
        )
      ).map((r) => [r.id, r]),
    );
    expect(rows.get(declined)).toMatchObject({
      data: {
        loadId: load.id,
        loadNumber: load.load_number,
        driverId: load.driver_id,
        driverName: load.full_name,
      },
      body: "Truck in the shop",
    });
    expect(rows.get(recorded)).toMatchObject({
      data: {
        accidentId: accident.id,
        reference: accident.reference,
        location: accident.location,
        injuries: accident.injuries,
      },
      body: "",
    });
    expect(rows.get(repair)?.data).toMatchObject({
      inspectionId: inspection.id,
      inspectionType: inspection.type,
      inspectorName: inspection.inspector_name,
      defects: expect.any(Array),
    });
    expect(rows.get(repair)?.body).toBe("");
    expect(rows.get(bare)).toMatchObject({ data: {}, body: "" });
    const columns = await q<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'notifications'",
    );
    expect(columns.map((c) => c.column_name)).not.toContain("title");
  });
});
