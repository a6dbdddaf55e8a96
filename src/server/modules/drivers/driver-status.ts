import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";

/**
 * Driver status automation (spec section 4): busy while the driver has an assigned or in-progress
 * load, off_duty during an approved time off, otherwise what staff last set. Call it inside the
 * transaction of any change to a driver's loads or time off; a daily job catches date boundaries.
 */
export async function recomputeDriverStatuses(
  tx: Tx,
  driverIds?: Array<string | null | undefined>,
): Promise<void> {
  const ids = driverIds?.filter((id): id is string => !!id);
  if (ids && ids.length === 0) return;
  await tx.execute(sql`
    update drivers d set status = computed.status, updated_at = now()
    from (
      select d2.id,
        case
          when exists (select 1 from loads l where l.driver_id = d2.id and l.status in ('assigned', 'in_progress'))
            then 'busy'::driver_status
          when exists (select 1 from time_off_requests t where t.driver_id = d2.id and t.status = 'approved'
                         and current_date between t.start_date and t.end_date)
            then 'off_duty'::driver_status
          else d2.manual_status
        end as status
      from drivers d2
      ${
        ids
          ? sql`where d2.id in (${sql.join(
              ids.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``
      }
    ) computed
    where d.id = computed.id and d.status is distinct from computed.status`);
}
