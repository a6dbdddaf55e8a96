import { routePath } from "@shared/access";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { companyDay } from "../../platform/company-day";
import { notifyUsers } from "../../platform/notifications/notify";

/**
 * A load just posted to the board is offered to the drivers it matches (issue 41, decision 063):
 * drivers with an account, available now, whose trailer (held now) is of the load's equipment type —
 * a load with no equipment type, or a driver holding no trailer, matches on availability alone. Kept
 * simple on purpose: no distance rule (a driver's position is only known while they share it), the
 * board itself shows each driver their deadhead.
 */
export async function offerToMatchingDrivers(tx: Tx, loadId: string, timeZone: string): Promise<void> {
  const { rows: found } = await tx.execute<{
    load_number: string;
    pickup: string;
    delivery: string;
    pickup_at: Date | string;
    equipment_type: string | null;
  }>(sql`
    select load_number, concat_ws(', ', pickup_city, pickup_state) as pickup,
      concat_ws(', ', delivery_city, delivery_state) as delivery, pickup_at, equipment_type
    from loads where id = ${loadId} and posted_to_board and status = 'pending' and driver_id is null`);
  const load = found[0];
  if (!load) return;
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    select d.user_id from drivers d
    join users u on u.id = d.user_id and not u.banned
    left join asset_assignments a on a.driver_id = d.id and a.ended_at is null
    left join trailers t on t.id = a.trailer_id
    where d.status = 'available'
      and (${load.equipment_type}::text is null or t.id is null or t.type = ${load.equipment_type})`);
  await notifyUsers(
    tx,
    rows.map((r) => r.user_id),
    {
      kind: "load.offered",
      link: routePath("loadBoard"),
      data: {
        loadId,
        loadNumber: load.load_number,
        pickup: load.pickup,
        delivery: load.delivery,
        pickupOn: companyDay(new Date(load.pickup_at), timeZone),
      },
    },
  );
}
