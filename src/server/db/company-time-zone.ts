import type pg from "pg";

/**
 * The report rollups count months and days in the company's time zone, which their triggers read from
 * `app_meta` (migration 0023, decision 027). Called at every start: it stores the configured zone and,
 * when that changes the zone the rollups were counted in, recomputes them from the rows.
 */
export async function syncCompanyTimeZone(pool: pg.Pool, timeZone: string): Promise<boolean> {
  const { rows } = await pool.query<{ zone: string }>(`select "company_time_zone"() as zone`);
  const stored = await pool.query(`select 1 from app_meta where key = 'company_time_zone'`);
  if (rows[0]?.zone === timeZone && stored.rowCount) return false;
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query(
      `insert into app_meta (key, value) values ('company_time_zone', $1)
       on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [timeZone],
    );
    const rebuild = rows[0]?.zone !== timeZone;
    if (rebuild) await client.query(`select "rebuild_report_rollups"()`);
    await client.query("commit");
    return rebuild;
  } catch (err) {
    await client.query("rollback");
    throw err;
  } finally {
    client.release();
  }
}
