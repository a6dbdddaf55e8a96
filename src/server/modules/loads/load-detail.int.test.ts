import { driverPaperProblems } from "@shared/drivers/compliance";
import type { LoadDetail } from "@shared/loads/loads.schema";
import { LATE_SYNC_MINUTES } from "@shared/sync/sync.schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paperFiles, statusOf } from "../../db/paperwork-status";
import { owns, type Scope, STAFF_SCOPE } from "../../http/scope";
import { customerIdOf, driverIdOf } from "../../testing/fixtures";
import { createTestContext, type TestContext } from "../../testing/harness";
import { allowedStatusesFor, buildLoadDetail, driverActionsFor } from "./load-detail";
import { paperworkOf } from "./paperwork-status";

// A load's detail is read as one JSON column with its timestamps as PostgreSQL's text, formatted
// without a Date (issue 42, target 4, engineer n). Its answer must not change by a byte: it is
// compared here, as JSON text, with the detail as it was built before (the wide row of sixty
// columns and `buildLoadDetail` as they stood at commit 2ac75e0, copied below as the reference) —
// for every demo load as staff, its driver and its customer, after giving a load every kind of
// value — and the same 404s for the loads outside a caller's scope.

let ctx: TestContext;

// biome-ignore lint/suspicious/noExplicitAny: the reference reads the row as the old code did, untyped
type Row = Record<string, any>;

/** The wide row as `loads.repo.ts#loadDetailRow` read it at 2ac75e0 (one column per field). */
async function referenceRow(id: string): Promise<Row | undefined> {
  const result = await ctx.deps.db.execute<Row>(sql`
    select l.id, l.load_number, l.status, l.customer_id, c.company_name as customer_name,
           l.driver_id, d.full_name as driver_name, l.pickup_city, l.pickup_state, l.pickup_at,
           l.delivery_city, l.delivery_state, l.delivery_at, l.total_rate, l.loaded_miles,
           l.empty_miles, l.miles_source, l.miles_override_reason, l.posted_to_board, l.description, l.weight_lbs, l.base_rate, l.fuel_surcharge, l.lumper_fee, l.detention,
           l.other_charges, l.customer_rate, l.vehicle_id, v.unit_number as vehicle_label,
           l.trailer_id, t.identifier as trailer_label, l.fuel_used_gallons, l.pay_type, l.pay_rate,
           l.driver_pay, l.pay_from_driver_default, l.notes, l.accepted_at, l.started_at,
           l.delivered_at, l.created_at, l.updated_at, l.equipment_type, l.commodity, l.temp_min_f,
           l.temp_max_f, l.piece_count, l.pallet_count, l.po_number, l.bol_number,
           current_date::text as today, l.delivery_at::date::text as delivery_day,
           d.license_expiry::text as license_expiry, d.medical_card_expiry::text as medical_card_expiry,
           (select i.invoice_number from invoice_loads il join invoices i on i.id = il.invoice_id
             where il.load_id = l.id and not il.released limit 1) as invoice_number,
           coalesce((select ds.load_completion from dispatch_settings ds where ds.id = 1),
                    ${"departure"}) as completes_on,
           coalesce((select json_agg(json_build_object(
                       'id', s.id, 'sequence', s.sequence, 'type', s.type,
                       'locationName', s.location_name, 'address', s.address, 'city', s.city,
                       'state', s.state, 'postalCode', s.postal_code, 'scheduledAt', s.scheduled_at,
                       'contactName', s.contact_name, 'contactPhone', s.contact_phone,
                       'locationId', s.location_id, 'appointmentKind', s.appointment_kind,
                       'scheduledEnd', s.scheduled_end, 'referenceNumber', s.reference_number,
                       'poNumber', s.po_number, 'arrivedAt', s.arrived_at, 'doneAt', s.done_at,
                       'departedAt', s.departed_at, 'detentionMinutes', s.detention_minutes,
                       'detentionAmount', s.detention_amount::text, 'detentionStatus', s.detention_status,
                       'latitude', s.latitude, 'longitude', s.longitude, 'geoPrecision', s.geo_precision,
                       'geoSource', s.geo_source, 'geoStatus', s.geo_status, 'timeZone', s.time_zone)
                       order by s.sequence)
                       from load_stops s where s.load_id = l.id), '[]') as stops,
           coalesce((select json_agg(json_build_object(
                       'id', e.id, 'kind', e.kind, 'data', e.data,
                       'fromStatus', e.from_status, 'toStatus', e.to_status,
                       'actorName', e.actor_name, 'note', e.note, 'createdAt', e.created_at)
                       order by e.created_at, e.id)
                       from load_status_events e where e.load_id = l.id), '[]') as timeline,
           coalesce((select json_agg(json_build_object(
                       'id', lf.id, 'kind', lf.kind, 'fileName', f.file_name,
                       'contentType', f.content_type, 'size', f.size,
                       'uploadedVia', lf.uploaded_via, 'createdAt', lf.created_at,
                       'occurredAt', lf.occurred_at, 'receivedAt', lf.received_at,
                       'late', coalesce(lf.received_at - lf.occurred_at > ${sql.raw(`interval '${LATE_SYNC_MINUTES} minutes'`)}, false))
                       order by lf.created_at)
                       from load_files lf join files f on f.id = lf.file_id
                      where lf.load_id = l.id), '[]') as files,
           ${statusOf} as paperwork_status, r.reason, r.reviewed_at, ru.name as reviewed_by_name,
           r.requested_at
      from loads l
      cross join lateral ${paperFiles} pf
      left join load_paperwork_reviews r on r.load_id = l.id
      left join users ru on ru.id = r.reviewed_by
      left join customers c on c.id = l.customer_id
      left join drivers d on d.id = l.driver_id
      left join vehicles v on v.id = l.vehicle_id
      left join trailers t on t.id = l.trailer_id
     where l.id = ${id}`);
  return result.rows[0];
}

const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
const num = (v: string | null) => (v === null ? null : Number(v));

/** `buildLoadDetail` as it was at 2ac75e0 (every timestamp through a Date). */
async function referenceDetail(id: string, scope: Scope): Promise<LoadDetail> {
  const r = await referenceRow(id);
  const isDriver = scope.kind !== "staff";
  if (!r || !owns(scope, { driverId: r.driver_id, customerId: r.customer_id })) {
    throw Object.assign(new Error("The load was not found"), { status: 404 });
  }
  const load = { status: r.status, driverId: r.driver_id, acceptedAt: r.accepted_at };
  return {
    id: r.id,
    loadNumber: r.load_number,
    status: r.status,
    customerId: r.customer_id,
    customerName: r.customer_name,
    driverId: r.driver_id,
    driverName: r.driver_name,
    pickupCity: r.pickup_city,
    pickupState: r.pickup_state,
    pickupAt: iso(r.pickup_at),
    deliveryCity: r.delivery_city,
    deliveryState: r.delivery_state,
    deliveryAt: iso(r.delivery_at),
    totalRate: r.total_rate,
    loadedMiles: num(r.loaded_miles),
    emptyMiles: num(r.empty_miles),
    milesSource: r.miles_source,
    postedToBoard: r.posted_to_board,
    description: r.description,
    weightLbs: num(r.weight_lbs),
    stops: r.stops.map((s: Row) => ({
      ...s,
      scheduledAt: iso(s.scheduledAt),
      scheduledEnd: iso(s.scheduledEnd),
      arrivedAt: iso(s.arrivedAt),
      doneAt: iso(s.doneAt),
      departedAt: iso(s.departedAt),
      detentionAmount: isDriver ? null : s.detentionAmount,
    })),
    equipmentType: r.equipment_type,
    commodity: r.commodity,
    tempMinF: num(r.temp_min_f),
    tempMaxF: num(r.temp_max_f),
    pieceCount: r.piece_count,
    palletCount: r.pallet_count,
    poNumber: r.po_number,
    bolNumber: r.bol_number,
    baseRate: r.base_rate,
    fuelSurcharge: r.fuel_surcharge,
    lumperFee: r.lumper_fee,
    detention: r.detention,
    otherCharges: r.other_charges,
    customerRate: isDriver ? null : r.customer_rate,
    vehicleId: r.vehicle_id,
    vehicleLabel: r.vehicle_label,
    trailerId: r.trailer_id,
    trailerLabel: r.trailer_label,
    fuelUsedGallons: num(r.fuel_used_gallons),
    payType: r.pay_type,
    payRate: r.pay_rate,
    driverPay: r.driver_pay,
    payFromDriverDefault: r.pay_from_driver_default,
    milesOverrideReason: r.miles_override_reason,
    notes: r.notes,
    acceptedAt: iso(r.accepted_at),
    startedAt: iso(r.started_at),
    deliveredAt: iso(r.delivered_at),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    timeline: r.timeline.map((e: Row) => ({ ...e, createdAt: iso(e.createdAt) })),
    files: r.files.map((f: Row) => ({
      ...f,
      createdAt: iso(f.createdAt),
      occurredAt: iso(f.occurredAt),
      receivedAt: iso(f.receivedAt),
    })),
    paperwork: paperworkOf(r as Parameters<typeof paperworkOf>[0]),
    allowedStatuses: isDriver || r.invoice_number ? [] : allowedStatusesFor(load),
    invoiceNumber: isDriver ? null : r.invoice_number,
    driverActions: isDriver ? driverActionsFor(load, r.stops, r.completes_on) : [],
    completesOn: r.completes_on,
    driverWarnings:
      !isDriver && r.driver_id && ["assigned", "in_progress"].includes(r.status)
        ? driverPaperProblems(
            { licenseExpiry: r.license_expiry, medicalCardExpiry: r.medical_card_expiry },
            r.today,
            r.delivery_day,
          )
        : [],
  } as LoadDetail;
}

type Outcome = { text: string | null; status: number };
async function outcome(build: () => Promise<LoadDetail>): Promise<Outcome> {
  try {
    return { text: JSON.stringify(await build()), status: 200 };
  } catch (err) {
    return { text: null, status: (err as { status?: number }).status ?? 500 };
  }
}
const now = (id: string, scope: Scope) => outcome(() => buildLoadDetail(ctx.deps.db, id, scope));
const before = (id: string, scope: Scope) => outcome(() => referenceDetail(id, scope));

async function expectSame(id: string, scope: Scope) {
  const a = await now(id, scope);
  expect(a, `${id} as ${JSON.stringify(scope)}`).toEqual(await before(id, scope));
  return a;
}

const run = (query: ReturnType<typeof sql>) => ctx.deps.db.execute(query);

/** Every viewer a load has: staff, its driver, its customer. */
async function expectSameForEveryone(id: string) {
  const [l] = (await run(sql`select driver_id, customer_id from loads where id = ${id}`)).rows as {
    driver_id: string | null;
    customer_id: string | null;
  }[];
  const staff = await expectSame(id, STAFF_SCOPE);
  expect(staff.status).toBe(200);
  if (l.driver_id) expect((await expectSame(id, { kind: "driver", driverId: l.driver_id })).status).toBe(200);
  if (l.customer_id) {
    expect((await expectSame(id, { kind: "customer", customerId: l.customer_id })).status).toBe(200);
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("a load's detail, read as one JSON column", () => {
  it("is byte for byte the detail as it was built before, for every demo load and every viewer", async () => {
    const rows = await run(sql`select id from loads order by status, pickup_at desc limit 400`);
    expect(rows.rows.length).toBeGreaterThan(10);
    for (const { id } of rows.rows as { id: string }[]) await expectSameForEveryone(id);
  });

  it("writes every kind of value as before", async () => {
    const [load] = (
      await run(sql`select l.id, l.driver_id from loads l
        where l.status = 'in_progress' and l.driver_id is not null and l.customer_id is not null
          and exists (select 1 from load_stops s where s.load_id = l.id) limit 1`)
    ).rows as { id: string; driver_id: string }[];
    // Awkward text, numbers with trailing zeros, microseconds, a reefer's negative range, nulls.
    await run(sql`update loads set notes = ${'Dock "B"\\back\nline\ttab\u0001 ünï 🚚 </script>'},
        description = '', weight_lbs = 42000.0, temp_min_f = -10.0, temp_max_f = 0.5, fuel_used_gallons = 0.1,
        loaded_miles = 1234.5, empty_miles = 0, accepted_at = '2026-11-20 14:05:00.123956+00',
        started_at = '2026-11-20 15:05:00.9999+00', piece_count = null, customer_rate = 2100.00,
        lumper_fee = 0, miles_override_reason = 'typed'
      where id = ${load.id}`);
    // Stops: check-ins with fractions of a second, detention, floats.
    await run(sql`update load_stops set arrived_at = scheduled_at + interval '0.000001 seconds',
        done_at = scheduled_at + interval '1 hour 0.5 seconds', departed_at = scheduled_at + interval '2 hours 0.12 seconds',
        detention_minutes = 95, detention_amount = 75.50, detention_status = 'proposed',
        latitude = 41.878113, longitude = -87.629799, scheduled_end = scheduled_at + interval '2 hours',
        contact_name = ${'O\'Brien "Jr"'}
      where load_id = ${load.id}`);
    await run(sql`insert into load_status_events (load_id, kind, data, from_status, to_status, actor_name, note, created_at)
      values (${load.id}, 'check_in', ${JSON.stringify({ stopSequence: 1, locationName: 'A "quoted"\n place', checkIn: "arrived", at: "2026-11-20T14:05:00.000Z", late: true, previousAt: null })}::jsonb,
              'in_progress', 'in_progress', 'Jake', null, '2026-11-20 14:05:00.654321+00'),
             (${load.id}, 'miles_changed', '{"loadedMiles": 512.0, "previousLoadedMiles": 0.50, "emptyMiles": 12}'::jsonb,
              'in_progress', 'in_progress', null, ${"a note\r\nwith \\ backslash"}, '2026-11-20 15:00:00+00')`);
    // Files: one sent late from the phone, one on time; a paperwork review rejected after the upload.
    await run(sql`with f as (insert into files (storage_key, file_name, content_type, size, sha256)
        values ('k-n-1', ${'bol "1".pdf'}, 'application/pdf', 1234, 'x'), ('k-n-2', 'pod.jpg', 'image/jpeg', 99, 'y')
        returning id, storage_key)
      insert into load_files (load_id, file_id, kind, uploaded_via, occurred_at, received_at, created_at)
      select ${load.id}, f.id, case when f.storage_key = 'k-n-1' then 'bol'::load_file_kind else 'pod'::load_file_kind end,
             'driver', '2026-11-20 10:00:00+00',
             case when f.storage_key = 'k-n-1' then '2026-11-20 12:00:00+00'::timestamptz else '2026-11-20 10:01:00+00' end,
             '2026-11-20 12:00:00.5+00' from f`);
    await run(sql`insert into load_paperwork_reviews (load_id, status, reason, reviewed_at, requested_at)
      values (${load.id}, 'rejected', 'Blurry, "unreadable"', '2026-11-21 09:00:00.25+00', '2026-11-21 09:05:00+00')
      on conflict (load_id) do update set status = 'rejected', reason = excluded.reason,
        reviewed_at = excluded.reviewed_at, requested_at = excluded.requested_at`);
    // The driver's papers: the license expired, the medical card lapsing before the delivery.
    await run(sql`update drivers set license_expiry = current_date - 3,
        medical_card_expiry = (select (delivery_at::date - 1) from loads where id = ${load.id})
      where id = ${load.driver_id}`);
    await expectSameForEveryone(load.id);
    const staffView = JSON.parse((await now(load.id, STAFF_SCOPE)).text ?? "null") as LoadDetail;
    expect(staffView.driverWarnings.map((w) => w.problem)).toEqual(["expired", "expires_before_delivery"]);
    expect(staffView.paperwork.reason).toBe('Blurry, "unreadable"');
    expect(staffView.files.some((f) => f.late)).toBe(true);
    expect(staffView.acceptedAt).toBe("2026-11-20T14:05:00.123Z");
    expect(staffView.startedAt).toBe("2026-11-20T15:05:00.999Z");
    expect(staffView.stops[0].detentionAmount).toBe("75.50");
    // The driver's and the customer's views hide the money the office keeps.
    const driverView = JSON.parse(
      (await now(load.id, { kind: "driver", driverId: load.driver_id })).text ?? "null",
    );
    expect(driverView.customerRate).toBeNull();
    expect(driverView.stops[0].detentionAmount).toBeNull();

    // The company completes on the POD; then on the departure again.
    await run(sql`insert into dispatch_settings (id, load_completion) values (1, 'pod')
      on conflict (id) do update set load_completion = 'pod'`);
    await expectSameForEveryone(load.id);
    await run(sql`update dispatch_settings set load_completion = 'departure' where id = 1`);
    await expectSameForEveryone(load.id);

    // Assigned, accepted or not, with and without a driver; a billed completed load.
    await run(sql`update loads set status = 'assigned', accepted_at = null where id = ${load.id}`);
    await expectSameForEveryone(load.id);
    await run(sql`update loads set driver_id = null where id = ${load.id}`);
    await expectSameForEveryone(load.id);
    const billed = await run(sql`select il.load_id from invoice_loads il where not il.released limit 1`);
    for (const { load_id } of billed.rows as { load_id: string }[]) await expectSameForEveryone(load_id);
  });

  it("answers 404 where it did: another driver's or customer's load, no driver or customer, an unknown id", async () => {
    const jake = await driverIdOf(ctx, "driver@demo.test");
    const customer = await customerIdOf(ctx, "customer@demo.test");
    const [other] = (
      await run(sql`select id from loads
        where driver_id is distinct from ${jake} and customer_id is distinct from ${customer} limit 1`)
    ).rows as { id: string }[];
    const [own] = (await run(sql`select id from loads where driver_id = ${jake} limit 1`)).rows as {
      id: string;
    }[];
    const [theirs] = (await run(sql`select id from loads where customer_id = ${customer} limit 1`)).rows as {
      id: string;
    }[];
    for (const scope of [
      { kind: "driver", driverId: jake },
      { kind: "driver", driverId: null },
      { kind: "customer", customerId: customer },
      { kind: "customer", customerId: null },
      STAFF_SCOPE,
    ] as Scope[]) {
      for (const id of [other.id, own.id, theirs.id, "7f1c0000-0000-4000-8000-000000000000"]) {
        await expectSame(id, scope);
      }
    }
    expect((await now(other.id, { kind: "driver", driverId: jake })).status).toBe(404);
    expect((await now(other.id, { kind: "customer", customerId: customer })).status).toBe(404);
    expect((await now(own.id, { kind: "driver", driverId: jake })).status).toBe(200);
    expect((await now(theirs.id, { kind: "customer", customerId: customer })).status).toBe(200);
    expect((await now("7f1c0000-0000-4000-8000-000000000000", STAFF_SCOPE)).status).toBe(404);
  });
});
