import { deliveredMoment } from "@shared/public/public.schema";
import { LIVE_VIEW_HOURS_AFTER_DELIVERY, type LiveView } from "@shared/tracking/tracking.schema";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { nearestCity } from "../../platform/geo/gazetteer";

/** A shipper sees the truck to a tenth of a degree (≈ 7 mi): where it is, never which driveway. */
const coarse = (value: number) => Math.round(value * 10) / 10;

/**
 * What a shipper sees of a load's truck (the private tracking link, the customer portal): its
 * position coarsened to 0.1° and the nearest city, the ETA and the next stop's city — while the load
 * is in progress and until 24 hours after its delivery (then the last position only), never later,
 * never the driver. Null when there is nothing to show.
 */
export async function liveViewOf(tx: Tx, loadId: string, now = new Date()): Promise<LiveView | null> {
  const { rows } = await tx.execute<{
    status: string;
    delivered_at: Date | string | null;
    updated_at: Date | string;
    latitude: number | null;
    longitude: number | null;
    recorded_at: Date | string | null;
    eta_at: Date | string | null;
    late: boolean | null;
    next_city: string | null;
    next_state: string | null;
    next_zone: string | null;
  }>(sql`
    select l.status::text as status, l.delivered_at, l.updated_at,
      p.latitude, p.longitude, p.recorded_at, lt.eta_at, lt.late, ns.city as next_city, ns.state as next_state,
      ns.time_zone as next_zone
    from loads l
    left join lateral (
      select latitude, longitude, recorded_at from last_positions lp
      where lp.load_id = l.id
        or (l.vehicle_id is not null and lp.unit_key = 'vehicle:' || l.vehicle_id::text
            and lp.recorded_at >= coalesce(l.started_at, 'infinity'))
      order by recorded_at desc limit 1
    ) p on true
    left join load_tracking lt on lt.load_id = l.id
    left join lateral (
      select s.city, s.state, s.time_zone from load_stops s
      where s.load_id = l.id and s.departed_at is null order by s.sequence limit 1
    ) ns on true
    where l.id = ${loadId}::uuid`);
  const r = rows[0];
  if (!r || r.latitude === null || r.longitude === null || !r.recorded_at) return null;
  const delivered = deliveredMoment({
    status: r.status,
    deliveredAt: r.delivered_at ? new Date(r.delivered_at) : null,
    updatedAt: new Date(r.updated_at),
  });
  const onTheRoad = r.status === "in_progress";
  const recentlyDelivered =
    delivered !== null && now.getTime() - delivered.getTime() < LIVE_VIEW_HOURS_AFTER_DELIVERY * 3_600_000;
  if (!onTheRoad && !recentlyDelivered) return null;
  const lat = coarse(r.latitude);
  const lon = coarse(r.longitude);
  return {
    lat,
    lon,
    near: nearestCity(lat, lon)?.label ?? null,
    recordedAt: new Date(r.recorded_at).toISOString(),
    etaAt: onTheRoad && r.eta_at ? new Date(r.eta_at).toISOString() : null,
    nextStopCity: onTheRoad && r.next_city ? `${r.next_city}, ${r.next_state}` : null,
    nextStopTimeZone: onTheRoad ? r.next_zone : null,
    late: onTheRoad && !!r.late,
  };
}
