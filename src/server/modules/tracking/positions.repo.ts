import { POSITIONS_CHANNEL, type PositionSource } from "@shared/tracking/tracking.constants";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/**
 * `vehicle_positions` is partitioned by month (migration 0043, hand-written), so Drizzle has no table
 * for it: its rows are typed here and written in one statement per batch. The statement's text never
 * changes, so the pool prepares it once per connection (db/prepared.ts).
 */

/** One fix as stored (device time, metres, m/s, degrees). */
export interface StoredFix {
  recordedAt: Date;
  lat: number;
  lon: number;
  accuracyM: number | null;
  speedMps: number | null;
  heading: number | null;
}

export interface BatchOwner {
  source: PositionSource;
  /** The driver for a phone, the vehicle for a telematics unit: with the device time, the key. */
  subjectId: string;
  driverId: string | null;
  vehicleId: string | null;
  loadId: string | null;
  /** `last_positions.unit_key`: "driver:<id>" for a phone, "vehicle:<id>" for a unit. */
  unitKey: string;
}

/** The unit's last fix before a batch (the geofence's departure count spans batches). */
export interface PreviousFix {
  lat: number;
  lon: number;
  accuracyM: number | null;
  at: Date;
}

/** Who owns a batch's rows, as SQL: parameters for a unit, the gate's columns for a phone. */
interface OwnerSql {
  source: SQL;
  subjectId: SQL;
  driverId: SQL;
  vehicleId: SQL;
  loadId: SQL;
  unitKey: SQL;
  /** Joined to the points: the phone's gate (`cross join ok`), so a refused batch stores nothing. */
  from: SQL;
}

const pointsJson = (fixes: readonly StoredFix[]) =>
  JSON.stringify(
    fixes.map((f) => ({
      t: f.recordedAt.toISOString(),
      lat: f.lat,
      lon: f.lon,
      acc: f.accuracyM,
      spd: f.speedMps,
      hdg: f.heading === null ? null : Math.round(f.heading) % 360,
    })),
  );

/**
 * The store's common-table expressions after `before` (the unit's last fix as it was): the points,
 * their insert (a replayed one is skipped by the primary key), the unit's last position moved
 * forward when the newest stored fix is newer than it, and that move announced on POSITIONS_CHANNEL
 * with the stream's payload (streamPositionSchema).
 */
const storeSteps = (o: OwnerSql, fixes: readonly StoredFix[]) => sql`
    pts as (
      select * from json_to_recordset(${pointsJson(fixes)}::json)
        as p(t timestamptz, lat double precision, lon double precision, acc real, spd real, hdg smallint)
    ), ins as (
      insert into vehicle_positions (source, subject_id, driver_id, vehicle_id, load_id, latitude, longitude,
        accuracy_m, speed_mps, heading, recorded_at)
      select ${o.source}, ${o.subjectId}, ${o.driverId}, ${o.vehicleId}, ${o.loadId}, lat, lon, acc, spd, hdg, t
      from pts ${o.from}
      on conflict do nothing
      returning latitude, longitude, accuracy_m, speed_mps, heading, recorded_at
    ), newest as (
      select * from ins order by recorded_at desc limit 1
    ), moved as (
      insert into last_positions as lp (unit_key, vehicle_id, driver_id, load_id, latitude, longitude,
        accuracy_m, speed_mps, heading, recorded_at, source, updated_at)
      select ${o.unitKey}, ${o.vehicleId}, ${o.driverId}, ${o.loadId},
        latitude, longitude, accuracy_m, speed_mps, heading, recorded_at, ${o.source}, now()
      from newest ${o.from}
      on conflict (unit_key) do update set
        vehicle_id = excluded.vehicle_id, driver_id = excluded.driver_id, load_id = excluded.load_id,
        latitude = excluded.latitude, longitude = excluded.longitude, accuracy_m = excluded.accuracy_m,
        speed_mps = excluded.speed_mps, heading = excluded.heading, recorded_at = excluded.recorded_at,
        source = excluded.source, updated_at = now()
      where excluded.recorded_at > lp.recorded_at
      returning *
    ), announced as (
      select pg_notify(${POSITIONS_CHANNEL}, json_build_object(
        'unitKey', unit_key, 'vehicleId', vehicle_id, 'driverId', driver_id,
        'lat', latitude, 'lon', longitude, 'heading', heading,
        'speedMph', round((speed_mps * 2.2369363)::numeric, 1),
        'recordedAt', to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'source', source)::text)
      from moved
    )`;

const beforeStep = (unitKey: SQL) => sql`
    before as (
      select latitude, longitude, accuracy_m, recorded_at from last_positions where unit_key = ${unitKey}
    )`;

type PreviousColumns = {
  prev_lat: number | null;
  prev_lon: number | null;
  prev_acc: number | null;
  prev_at: Date | string | null;
};
const previousOf = (r: PreviousColumns | undefined): PreviousFix | null =>
  r && r.prev_at !== null && r.prev_lat !== null && r.prev_lon !== null
    ? { lat: r.prev_lat, lon: r.prev_lon, accuracyM: r.prev_acc, at: new Date(r.prev_at) }
    : null;

/**
 * Stores the fixes, moves the unit's last position forward and announces it — all in one statement,
 * which also reads the unit's last fix as it was before (its snapshot). Returns how many fixes were
 * new, and that fix.
 */
export async function storeFixes(
  tx: Tx,
  owner: BatchOwner,
  fixes: readonly StoredFix[],
): Promise<{ stored: number; previous: PreviousFix | null }> {
  if (!fixes.length) return { stored: 0, previous: null };
  const { rows } = await tx.execute<{ stored: number } & PreviousColumns>(sql`
    with ${beforeStep(sql`${owner.unitKey}`)}, ${storeSteps(
      {
        source: sql`${owner.source}`,
        subjectId: sql`${owner.subjectId}::uuid`,
        driverId: sql`${owner.driverId}::uuid`,
        vehicleId: sql`${owner.vehicleId}::uuid`,
        loadId: sql`${owner.loadId}::uuid`,
        unitKey: sql`${owner.unitKey}`,
        from: sql``,
      },
      fixes,
    )}
    select (select count(*) from ins)::int as stored, (select count(*) from announced)::int as announced,
      b.latitude as prev_lat, b.longitude as prev_lon, b.accuracy_m as prev_acc, b.recorded_at as prev_at
    from (select 1) one left join before b on true`);
  return { stored: rows[0]?.stored ?? 0, previous: previousOf(rows[0]) };
}

/**
 * A driver's phone batch in one statement (one round trip, no transaction): the gate (consent, duty,
 * the load on its way — `sharingSelect`), the store behind it (nothing is stored when the gate is
 * shut), and `alsoRead` — columns read for the load the fixes went to (the geofence's stops and
 * events), null when nothing was stored. All in one snapshot.
 */
export async function storePhoneFixes<Extra extends Record<string, unknown>>(
  tx: Tx,
  driverId: string,
  fixes: readonly StoredFix[],
  alsoRead: (loadId: SQL) => SQL,
): Promise<{
  row: DriverSharingRow | null;
  stored: number;
  previous: PreviousFix | null;
  extra: Extra | null;
}> {
  const { rows } = await tx.execute<SharingColumns & PreviousColumns & { stored: number } & Extra>(sql`
    with who as (${sharingSelect(driverId)}),
    ok as (select * from who where consented and not off_duty and load_id is not null),
    ${beforeStep(sql`'driver:' || ${driverId}`)}, ${storeSteps(
      {
        source: sql`'phone'`,
        subjectId: sql`ok.driver_id`,
        driverId: sql`ok.driver_id`,
        vehicleId: sql`ok.vehicle_id`,
        loadId: sql`ok.load_id`,
        unitKey: sql`'driver:' || ok.driver_id`,
        from: sql`cross join ok`,
      },
      fixes,
    )}
    select w.*, (select count(*) from ins)::int as stored, (select count(*) from announced)::int as announced,
      b.latitude as prev_lat, b.longitude as prev_lon, b.accuracy_m as prev_acc, b.recorded_at as prev_at,
      x.*
    from (select 1) one
    left join who w on true
    left join before b on true
    left join lateral (select ${alsoRead(sql`w.load_id`)}) x on exists (select 1 from ins)`);
  const r = rows[0];
  const stored = r?.stored ?? 0;
  return {
    row: r?.driver_id ? sharingRowOf(r) : null,
    stored,
    previous: previousOf(r),
    extra: stored ? (r as unknown as Extra) : null,
  };
}

/** What decides whether a driver's phone shares now: consent, duty, the load on its way. */
export interface DriverSharingRow {
  driverId: string;
  consented: boolean;
  offDuty: boolean;
  loadId: string | null;
  loadStatus: string | null;
  vehicleId: string | null;
}

type SharingColumns = {
  driver_id: string;
  consented: boolean;
  off_duty: boolean;
  load_id: string | null;
  load_status: string | null;
  vehicle_id: string | null;
};

/**
 * The driver's consent, whether they are off duty (set so by staff, or on approved time off today)
 * and the load on its way: in progress, or assigned and accepted (heading to the first pickup — the
 * check-ins' own "load on its way").
 */
const sharingSelect = (driverId: string) => sql`
    select d.id as driver_id,
      (c.consented_at is not null and c.withdrawn_at is null) as consented,
      (not d.active or d.manual_status = 'off_duty' or exists (
        select 1 from time_off_requests t where t.driver_id = d.id and t.status = 'approved'
          and current_date between t.start_date and t.end_date)) as off_duty,
      l.id as load_id, l.status::text as load_status, l.vehicle_id
    from drivers d
    left join driver_location_consents c on c.driver_id = d.id
    left join lateral (
      select id, status, vehicle_id from loads
      where driver_id = d.id and (status = 'in_progress' or (status = 'assigned' and accepted_at is not null))
      order by (status = 'in_progress') desc, pickup_at
      limit 1
    ) l on true
    where d.id = ${driverId}::uuid`;

const sharingRowOf = (r: SharingColumns): DriverSharingRow => ({
  driverId: r.driver_id,
  consented: r.consented,
  offDuty: r.off_duty,
  loadId: r.load_id,
  loadStatus: r.load_status,
  vehicleId: r.vehicle_id,
});

export async function driverSharingRow(tx: Tx, driverId: string): Promise<DriverSharingRow | null> {
  const { rows } = await tx.execute<SharingColumns>(sharingSelect(driverId));
  return rows[0] ? sharingRowOf(rows[0]) : null;
}

/** A load's trail in time order ([lat, lon, time]), from `since` on. */
export async function trailOf(tx: Tx, loadId: string, since?: Date) {
  const { rows } = await tx.execute<{ latitude: number; longitude: number; recorded_at: Date | string }>(sql`
    select latitude, longitude, recorded_at from vehicle_positions
    where load_id = ${loadId}::uuid ${since ? sql`and recorded_at >= ${since.toISOString()}::timestamptz` : sql``}
    order by recorded_at`);
  return rows.map((r) => ({ lat: r.latitude, lon: r.longitude, at: new Date(r.recorded_at) }));
}
