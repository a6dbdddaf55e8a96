import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JsonText } from "../../http/json-text";
import { type Scope, STAFF_SCOPE } from "../../http/scope";
import { customerIdOf, driverIdOf } from "../../testing/fixtures";
import { createTestContext, type TestContext } from "../../testing/harness";
import { buildLoadDetail, loadDetailAnswer } from "./load-detail";

// A load's detail written whole by PostgreSQL (issue 42, target 4) is byte for byte the JSON of the
// value `buildLoadDetail` builds — for every demo load, as staff and as its driver, after giving some
// loads every kind of stop, timeline data, file, paperwork review, invoice and driver paper problem —
// and the same 404s.

let ctx: TestContext;
let ids: string[];

type Outcome = { text: string | null; status: number };

/** The answer as the GET sends it (text, or a value for the rare row the SQL leaves to Node). */
async function viaText(id: string, scope: Scope): Promise<Outcome> {
  try {
    const answer = await loadDetailAnswer(ctx.deps.db, id, scope);
    return { text: answer instanceof JsonText ? answer.text : JSON.stringify(answer), status: 200 };
  } catch (err) {
    return { text: null, status: (err as { status?: number }).status ?? 500 };
  }
}
async function viaValue(id: string, scope: Scope): Promise<Outcome> {
  try {
    return { text: JSON.stringify(await buildLoadDetail(ctx.deps.db, id, scope)), status: 200 };
  } catch (err) {
    return { text: null, status: (err as { status?: number }).status ?? 500 };
  }
}

async function expectSame(id: string, scope: Scope) {
  expect(await viaText(id, scope), `${id} as ${scope.kind}`).toEqual(await viaValue(id, scope));
}

const run = (query: ReturnType<typeof sql>) => ctx.deps.db.execute(query);

beforeAll(async () => {
  ctx = await createTestContext();
  const rows = await run(sql`select id from loads order by status, pickup_at desc limit 400`);
  ids = rows.rows.map((r) => r.id as string);
});
afterAll(() => ctx.close());

describe("a load's detail as JSON text", () => {
  it("is the value's JSON for every demo load, as staff and as its driver", async () => {
    const drivers = await run(sql`select id, driver_id from loads where id in ${ids}`);
    const driverOf = new Map(drivers.rows.map((r) => [r.id as string, r.driver_id as string | null]));
    let texts = 0;
    for (const id of ids) {
      await expectSame(id, STAFF_SCOPE);
      const driverId = driverOf.get(id) ?? null;
      if (driverId) await expectSame(id, { kind: "driver", driverId });
      if ((await loadDetailAnswer(ctx.deps.db, id, STAFF_SCOPE)) instanceof JsonText) texts++;
    }
    // Every demo load is written by PostgreSQL (none falls back to the value).
    expect(texts).toBe(ids.length);
  });

  it("writes every kind of value as JSON.stringify does", async () => {
    const [load] = (
      await run(sql`select l.id, l.driver_id from loads l
        where l.status = 'in_progress' and l.driver_id is not null
          and exists (select 1 from load_stops s where s.load_id = l.id) limit 1`)
    ).rows as { id: string; driver_id: string }[];
    const [completed] = (
      await run(sql`select l.id, l.driver_id from loads l
        where l.status = 'completed' and l.driver_id is not null limit 1`)
    ).rows as { id: string; driver_id: string }[];
    // Awkward text, numbers with trailing zeros, microseconds, a reefer's negative range, nulls.
    await run(sql`update loads set notes = ${'Dock "B"\\back\nline\ttab\u0001 ünï 🚚 </script>'},
        description = '', weight_lbs = 42000.0, temp_min_f = -10.0, temp_max_f = 0.5, fuel_used_gallons = 0.1,
        loaded_miles = 1234.5, empty_miles = 0, accepted_at = '2026-11-20 14:05:00.123956+00',
        piece_count = null, customer_rate = 2100.00, miles_override_reason = 'typed'
      where id = ${load.id}`);
    // Stops: check-ins (the last unloaded, not departed), detention, floats of every size.
    await run(sql`update load_stops set arrived_at = scheduled_at, done_at = scheduled_at + interval '1 hour 0.5 seconds',
        detention_minutes = 95, detention_amount = 75.50, detention_status = 'proposed',
        latitude = 41.878113, longitude = -87.629799, scheduled_end = scheduled_at + interval '2 hours',
        contact_name = ${'O\'Brien "Jr"'}
      where load_id = ${load.id}`);
    // Timeline data as the app writes it and as SQL might: numbers with zeros, nested quotes.
    await run(sql`insert into load_status_events (load_id, kind, data, from_status, to_status, actor_name, note, created_at)
      values (${load.id}, 'check_in', ${JSON.stringify({ stopSequence: 1, locationName: 'A "quoted"\n place', checkIn: "arrived", at: "2026-11-20T14:05:00.000Z", late: true, previousAt: null })}::jsonb,
              'in_progress', 'in_progress', 'Jake', null, '2026-11-20 14:05:00.654321+00'),
             (${load.id}, 'miles_changed', '{"loadedMiles": 512.0, "previousLoadedMiles": 0.50, "emptyMiles": 12, "minutes": 1e2}'::jsonb,
              'in_progress', 'in_progress', null, ${"a note\r\nwith \\ backslash"}, '2026-11-20 15:00:00+00')`);
    // Files: one sent late from the phone, one on time; a paperwork review rejected after the upload.
    await run(sql`with f as (insert into files (storage_key, file_name, content_type, size, sha256)
        values ('k-text-1', ${'bol "1".pdf'}, 'application/pdf', 1234, 'x'), ('k-text-2', 'pod.jpg', 'image/jpeg', 99, 'y')
        returning id, storage_key)
      insert into load_files (load_id, file_id, kind, uploaded_via, occurred_at, received_at, created_at)
      select ${load.id}, f.id, case when f.storage_key = 'k-text-1' then 'bol'::load_file_kind else 'pod'::load_file_kind end,
             'driver', '2026-11-20 10:00:00+00',
             case when f.storage_key = 'k-text-1' then '2026-11-20 12:00:00+00'::timestamptz else '2026-11-20 10:01:00+00' end,
             '2026-11-20 12:00:00.5+00' from f`);
    await run(sql`insert into load_paperwork_reviews (load_id, status, reason, reviewed_at, requested_at)
      values (${load.id}, 'rejected', 'Blurry, "unreadable"', '2026-11-21 09:00:00+00', '2026-11-21 09:05:00+00')
      on conflict (load_id) do update set status = 'rejected', reason = excluded.reason,
        reviewed_at = excluded.reviewed_at, requested_at = excluded.requested_at`);
    // The driver's papers: the license expired, the medical card lapsing before the delivery.
    await run(sql`update drivers set license_expiry = current_date - 3,
        medical_card_expiry = (select (delivery_at::date - 1) from loads where id = ${load.id})
      where id = ${load.driver_id}`);
    const driver: Scope = { kind: "driver", driverId: load.driver_id };
    await expectSame(load.id, STAFF_SCOPE);
    await expectSame(load.id, driver);
    expect(await loadDetailAnswer(ctx.deps.db, load.id, STAFF_SCOPE)).toBeInstanceOf(JsonText);
    const staffView = JSON.parse((await viaText(load.id, STAFF_SCOPE)).text!);
    expect(staffView.driverWarnings.map((w: { problem: string }) => w.problem)).toEqual([
      "expired",
      "expires_before_delivery",
    ]);
    expect(staffView.paperwork.reason).toBe('Blurry, "unreadable"');
    expect(staffView.files.some((f: { late: boolean }) => f.late)).toBe(true);

    // The company completes on the POD: the last stop unloaded offers delivery to the driver.
    await run(sql`insert into dispatch_settings (id, load_completion) values (1, 'pod')
      on conflict (id) do update set load_completion = 'pod'`);
    await expectSame(load.id, driver);
    expect(JSON.parse((await viaText(load.id, driver)).text!).driverActions).toEqual(["deliver"]);
    await run(sql`update dispatch_settings set load_completion = 'departure' where id = 1`);
    await expectSame(load.id, driver);
    expect(JSON.parse((await viaText(load.id, driver)).text!).driverActions).toEqual([]);

    // Assigned, accepted or not, with and without a driver; a billed completed load.
    await run(sql`update loads set status = 'assigned', accepted_at = null where id = ${load.id}`);
    await expectSame(load.id, driver);
    await expectSame(load.id, STAFF_SCOPE);
    await run(sql`update loads set driver_id = null where id = ${load.id}`);
    await expectSame(load.id, STAFF_SCOPE);
    await expectSame(completed.id, STAFF_SCOPE);
    await expectSame(completed.id, { kind: "driver", driverId: completed.driver_id });
  });

  it("leaves to the value what it cannot write exactly, with the same answer", async () => {
    const [{ id }] = (
      await run(
        sql`select l.id from loads l where exists (select 1 from load_stops s where s.load_id = l.id) limit 1`,
      )
    ).rows as { id: string }[];
    // A float PostgreSQL prints as 1e-05 (JS: 0.00001), and a timeline number past a double's digits.
    await run(sql`update load_stops set latitude = 0.00001 where load_id = ${id}`);
    expect(await loadDetailAnswer(ctx.deps.db, id, STAFF_SCOPE)).not.toBeInstanceOf(JsonText);
    await expectSame(id, STAFF_SCOPE);
    await run(sql`update load_stops set latitude = 40.5 where load_id = ${id}`);
    expect(await loadDetailAnswer(ctx.deps.db, id, STAFF_SCOPE)).toBeInstanceOf(JsonText);
    await run(sql`insert into load_status_events (load_id, kind, data, from_status, to_status)
      values (${id}, 'miles_changed', '{"loadedMiles": 1234567890.1234567}'::jsonb, 'pending', 'pending')`);
    expect(await loadDetailAnswer(ctx.deps.db, id, STAFF_SCOPE)).not.toBeInstanceOf(JsonText);
    await expectSame(id, STAFF_SCOPE);
  });

  it("answers 404 where the value does: another driver's load, a customer, an unknown id", async () => {
    const jake = await driverIdOf(ctx, "driver@demo.test");
    const customer = await customerIdOf(ctx, "customer@demo.test");
    const [other] = (await run(sql`select id from loads where driver_id is distinct from ${jake} limit 1`))
      .rows as { id: string }[];
    const [own] = (await run(sql`select id from loads where driver_id = ${jake} limit 1`)).rows as {
      id: string;
    }[];
    for (const scope of [
      { kind: "driver", driverId: jake },
      { kind: "driver", driverId: null },
      { kind: "customer", customerId: customer },
      { kind: "customer", customerId: null },
    ] as Scope[]) {
      for (const id of [other.id, own.id, "7f1c0000-0000-4000-8000-000000000000"]) {
        const [a, b] = [await viaText(id, scope), await viaValue(id, scope)];
        expect(a, `${id} as ${JSON.stringify(scope)}`).toEqual(b);
      }
    }
    expect((await viaText(other.id, { kind: "driver", driverId: jake })).status).toBe(404);
    expect((await viaText(own.id, { kind: "driver", driverId: jake })).status).toBe(200);
  });
});
