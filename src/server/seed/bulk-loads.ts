import os from "node:os";
import { CIRCUITY_FACTOR, EARTH_RADIUS_MILES, greatCircleLine } from "@shared/geo/distance";
import type pg from "pg";
import { splitByJurisdiction } from "../platform/geo/state-split";

/*
 * A large, realistic data set for load testing (`npm run db:seed -- --loads 1000000`): ~200 customers,
 * ~300 drivers with trucks and trailers, and N loads spread over four years up to two weeks ahead,
 * each with a pickup and a delivery stop (placed at its city: coordinates from the table below) and
 * its latest status event; loaded miles, empty miles from the driver's previous delivery in the batch,
 * both estimated (great circle × CIRCUITY_FACTOR), and miles by state per leg (issue 40: each city
 * pair is split once in JS, then joined). Everything is set-based SQL
 * (generate_series, INSERT … SELECT) in batches, inside one transaction: an interrupted run leaves
 * nothing behind. The data is reproducible: random() is seeded.
 */

export interface BulkOptions {
  loads: number;
  batchSize?: number;
  customers?: number;
  drivers?: number;
  years?: number;
  log?: (line: string) => void;
}

// biome-ignore format: one city per line reads as a table
const CITIES: Array<[city: string, state: string, lat: number, lon: number, zip: string, area: string]> = [
  ["Chicago", "IL", 41.88, -87.63, "60632", "773"], ["Joliet", "IL", 41.53, -88.08, "60436", "815"],
  ["Milwaukee", "WI", 43.04, -87.91, "53218", "414"], ["Green Bay", "WI", 44.51, -88.02, "54304", "920"],
  ["Madison", "WI", 43.07, -89.4, "53704", "608"], ["Minneapolis", "MN", 44.98, -93.27, "55413", "612"],
  ["Des Moines", "IA", 41.59, -93.62, "50313", "515"], ["Cedar Rapids", "IA", 41.98, -91.67, "52404", "319"],
  ["Omaha", "NE", 41.26, -95.93, "68107", "402"], ["Kansas City", "MO", 39.1, -94.58, "64120", "816"],
  ["St. Louis", "MO", 38.63, -90.2, "63147", "314"], ["Springfield", "MO", 37.21, -93.29, "65803", "417"],
  ["Wichita", "KS", 37.69, -97.34, "67219", "316"], ["Tulsa", "OK", 36.15, -95.99, "74107", "918"],
  ["Oklahoma City", "OK", 35.47, -97.52, "73129", "405"], ["Dallas", "TX", 32.78, -96.8, "75207", "214"],
  ["Fort Worth", "TX", 32.76, -97.33, "76106", "817"], ["Houston", "TX", 29.76, -95.37, "77029", "713"],
  ["San Antonio", "TX", 29.42, -98.49, "78219", "210"], ["Laredo", "TX", 27.51, -99.51, "78045", "956"],
  ["El Paso", "TX", 31.76, -106.49, "79907", "915"], ["Memphis", "TN", 35.15, -90.05, "38118", "901"],
  ["Nashville", "TN", 36.16, -86.78, "37211", "615"], ["Knoxville", "TN", 35.96, -83.92, "37914", "865"],
  ["Little Rock", "AR", 34.75, -92.29, "72206", "501"], ["Jackson", "MS", 32.3, -90.18, "39209", "601"],
  ["New Orleans", "LA", 29.95, -90.07, "70123", "504"], ["Birmingham", "AL", 33.52, -86.8, "35217", "205"],
  ["Atlanta", "GA", 33.75, -84.39, "30354", "404"], ["Savannah", "GA", 32.08, -81.09, "31408", "912"],
  ["Jacksonville", "FL", 30.33, -81.66, "32254", "904"], ["Orlando", "FL", 28.54, -81.38, "32824", "407"],
  ["Miami", "FL", 25.76, -80.19, "33166", "305"], ["Charlotte", "NC", 35.23, -80.84, "28208", "704"],
  ["Greensboro", "NC", 36.07, -79.79, "27406", "336"], ["Columbia", "SC", 34.0, -81.03, "29209", "803"],
  ["Richmond", "VA", 37.54, -77.44, "23234", "804"], ["Baltimore", "MD", 39.29, -76.61, "21226", "410"],
  ["Harrisburg", "PA", 40.27, -76.88, "17111", "717"], ["Allentown", "PA", 40.6, -75.49, "18109", "610"],
  ["Pittsburgh", "PA", 40.44, -79.99, "15205", "412"], ["Newark", "NJ", 40.74, -74.17, "07114", "973"],
  ["Albany", "NY", 42.65, -73.76, "12205", "518"], ["Buffalo", "NY", 42.89, -78.88, "14206", "716"],
  ["Boston", "MA", 42.36, -71.06, "02128", "617"], ["Hartford", "CT", 41.76, -72.68, "06114", "860"],
  ["Columbus", "OH", 39.96, -83.0, "43207", "614"], ["Cincinnati", "OH", 39.1, -84.51, "45217", "513"],
  ["Cleveland", "OH", 41.5, -81.69, "44135", "216"], ["Toledo", "OH", 41.65, -83.54, "43605", "419"],
  ["Detroit", "MI", 42.33, -83.05, "48212", "313"], ["Grand Rapids", "MI", 42.96, -85.67, "49548", "616"],
  ["Indianapolis", "IN", 39.77, -86.16, "46214", "317"], ["Fort Wayne", "IN", 41.08, -85.14, "46803", "260"],
  ["Louisville", "KY", 38.25, -85.76, "40218", "502"], ["Lexington", "KY", 38.04, -84.5, "40511", "859"],
  ["Denver", "CO", 39.74, -104.99, "80216", "303"], ["Salt Lake City", "UT", 40.76, -111.89, "84104", "801"],
  ["Phoenix", "AZ", 33.45, -112.07, "85043", "602"], ["Albuquerque", "NM", 35.08, -106.65, "87105", "505"],
  ["Las Vegas", "NV", 36.17, -115.14, "89118", "702"], ["Los Angeles", "CA", 34.05, -118.24, "90058", "323"],
  ["Ontario", "CA", 34.06, -117.65, "91761", "909"], ["Fresno", "CA", 36.74, -119.79, "93725", "559"],
  ["Sacramento", "CA", 38.58, -121.49, "95828", "916"], ["Oakland", "CA", 37.8, -122.27, "94621", "510"],
  ["Portland", "OR", 45.52, -122.68, "97217", "503"], ["Seattle", "WA", 47.61, -122.33, "98108", "206"],
  ["Spokane", "WA", 47.66, -117.43, "99202", "509"], ["Boise", "ID", 43.62, -116.2, "83716", "208"],
];

const FIRST = [
  "James",
  "Maria",
  "Robert",
  "Linda",
  "Michael",
  "Patricia",
  "David",
  "Jennifer",
  "William",
  "Elizabeth",
  "Carlos",
  "Aisha",
  "Joseph",
  "Susan",
  "Thomas",
  "Jessica",
  "Daniel",
  "Karen",
  "Luis",
  "Nancy",
  "Anthony",
  "Lisa",
  "Kevin",
  "Angela",
  "Brian",
  "Monique",
  "Jose",
  "Sandra",
  "Terrence",
  "Olga",
];
const LAST = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Nguyen",
  "Kowalski",
  "Okafor",
];
const PREFIX = [
  "Summit",
  "Heartland",
  "Prairie",
  "Lakeside",
  "Riverbend",
  "Keystone",
  "Pioneer",
  "Frontier",
  "Golden",
  "Evergreen",
  "Cardinal",
  "Liberty",
  "Ironwood",
  "Bluewater",
  "Redstone",
  "Silver Creek",
  "Blue Ridge",
  "Great Plains",
  "Gulf Coast",
  "Tri-State",
  "Northern",
  "Southern",
  "Midland",
  "Capital",
  "Harbor",
  "Canyon",
  "Timberline",
  "Copper",
  "Granite",
  "Sunbelt",
];
const INDUSTRY = [
  "Foods",
  "Steel",
  "Paper & Packaging",
  "Building Products",
  "Beverage",
  "Home Goods",
  "Plastics",
  "Farm Supply",
  "Auto Parts",
  "Lumber",
  "Produce",
  "Chemicals",
  "Appliances",
  "Tire & Rubber",
  "Glass",
  "Electrical Supply",
  "Pet Foods",
  "Furniture",
  "Dairy",
  "Pharma Distribution",
];
const ENTITY = ["Inc.", "LLC", "Co.", "Corp.", "Distributors", "Group"];
const FACILITY = [
  "Distribution Center",
  "Warehouse",
  "Plant",
  "Cold Storage",
  "Yard",
  "Cross-Dock",
  "Fulfillment Center",
  "Mill",
];
const STREETS = [
  "Industrial Pkwy",
  "Commerce Dr",
  "Distribution Way",
  "Logistics Blvd",
  "Warehouse Rd",
  "Railroad Ave",
  "Enterprise Dr",
  "Freight St",
  "Terminal Rd",
  "Airport Rd",
  "Mill St",
  "Harbor Dr",
  "Depot St",
  "Corporate Pkwy",
];
const CARGO = [
  "Dry grocery, 26 pallets",
  "Frozen foods, 24 pallets, reefer at -10°F",
  "Steel coils, 4 coils, chained",
  "Lumber, 6 bundles, tarped",
  "Corrugated boxes, 30 pallets",
  "Canned beverages, 20 pallets",
  "Auto parts, 18 crates",
  "Appliances, floor-loaded",
  "Paper rolls, 12 rolls",
  "Fresh produce, 22 pallets, reefer at 34°F",
  "Building materials, 24 pallets",
  "Plastic resin, 40 bags on 20 pallets",
  "Furniture, blanket-wrapped",
  "Tires, floor-loaded, 600 units",
];
const MAKES: Array<[string, string]> = [
  ["Freightliner", "Cascadia 126"],
  ["Kenworth", "T680"],
  ["Peterbilt", "579"],
  ["Volvo", "VNL 760"],
  ["International", "LT625"],
  ["Mack", "Anthem 64T"],
];

const BULK_CUSTOMER_DOMAIN = "bulk-customers.test";
const BULK_DRIVER_DOMAIN = "bulk-drivers.test";

const textArray = (values: string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(",")}]::text[]`;

/** `pick(ARRAY, expr)`: the element at a 0-based index expression, wrapped around. */
const pick = (values: string[], index: string) =>
  `(${textArray(values)})[1 + ((${index})::bigint % ${values.length})::int]`;

export async function generateBulkLoads(pool: pg.Pool, options: BulkOptions): Promise<void> {
  const total = Math.floor(options.loads);
  const batchSize = options.batchSize ?? 100_000;
  const customerCount = options.customers ?? 200;
  const driverCount = options.drivers ?? 300;
  const years = options.years ?? 4;
  const log = options.log ?? ((line: string) => console.log(line));
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  // The time depends on the machine more than on the code (one backend inserts, index builds use what
  // cores are free): the log says what the machine was doing, so a figure quoted from it is honest.
  const machine = () =>
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(" / ")}`;
  log(`Started on ${machine()}`);
  const phases: string[] = [];
  let phaseStarted = started;
  const phase = (name: string) => {
    phases.push(`${name} ${((Date.now() - phaseStarted) / 1000).toFixed(0)} s`);
    phaseStarted = Date.now();
  };

  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query("set local synchronous_commit = off");
    await client.query("set local maintenance_work_mem = '512MB'");
    await client.query("set local work_mem = '64MB'");
    await client.query("select setseed(0.2026)");
    // Generated rows are consistent by construction; skipping the per-row foreign-key triggers
    // halves the time. Needs a superuser (the embedded database is one); otherwise they run.
    await client.query("savepoint fk");
    try {
      await client.query("set local session_replication_role = replica");
      await client.query("release savepoint fk");
    } catch {
      await client.query("rollback to savepoint fk");
    }

    await createReferenceData(client, customerCount, driverCount, log);
    log(`Reference data ready (${elapsed()})`);

    const dropped = total >= 50_000 ? await dropSecondaryIndexes(client) : [];
    if (dropped.length) log(`Dropped ${dropped.length} secondary indexes for the bulk insert`);

    // Pickups spread evenly from `years` ago to 14 days ahead, in load-number order.
    const { rows } = await client.query<{ start: string; span: string }>(
      `select extract(epoch from now() - make_interval(years => $1))::float8 as start,
              extract(epoch from make_interval(years => $1, days => 14))::float8 as span`,
      [years],
    );
    const start = Number(rows[0].start);
    const step = Number(rows[0].span) / total;

    const lanes = new Set<string>();
    for (let from = 1; from <= total; from += batchSize) {
      const to = Math.min(total, from + batchSize - 1);
      await insertBatch(client, from, to, start, step, lanes);
      const done = to;
      const perSecond = Math.round(done / ((Date.now() - started) / 1000));
      log(
        `  ${done.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} loads (${elapsed()}, ${perSecond.toLocaleString("en-US")}/s)`,
      );
    }

    phase("inserting");
    for (const { name, def } of dropped) {
      const t = Date.now();
      await client.query(def);
      log(`  rebuilt ${name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    }
    phase(`rebuilding ${dropped.length} indexes`);
    // The inserts ran with triggers off: the customers' load counts (migration 0055) are recomputed
    // from the rows in the same transaction.
    await client.query(`select "rebuild_customer_load_counts"()`);
    // With the triggers off (replica mode) the report rollups and the ledger's daily totals did not
    // follow the rows: recompute them from the rows, or every report would read a near-empty rollup.
    const { rows: mode } = await client.query<{ replication: string }>(
      "select current_setting('session_replication_role') as replication",
    );
    if (mode[0]?.replication === "replica") {
      const t = Date.now();
      // The planner still holds the statistics of the tables before the insert (a few demo rows):
      // without fresh ones the recompute joins a million loads to their state miles as if they were
      // forty (a run of 18 minutes and counting). ANALYZE in this transaction sees its own rows.
      await client.query("analyze loads, load_stops, transactions, load_jurisdiction_miles");
      await client.query(`select "rebuild_report_rollups"()`);
      await client.query(`delete from ledger_daily_totals`);
      await client.query(`
        insert into ledger_daily_totals (occurred_on, direction, category, source, voided, entries, amount)
        select occurred_on, direction, category, source, voided_at is not null, count(*)::int, sum(amount)
          from transactions group by 1, 2, 3, 4, 5`);
      log(
        `  recomputed the report rollups and the ledger's daily totals (${((Date.now() - t) / 1000).toFixed(1)} s)`,
      );
    }
    await client.query("commit");
    phase("rollups and counts");
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    client.release();
  }

  log(`Updating driver statuses, vacuuming and gathering planner statistics (${elapsed()})`);
  await pool.query(`
    update drivers d set status = case
        when exists (select 1 from loads l where l.driver_id = d.id and l.status in ('assigned', 'in_progress'))
          then 'busy'::driver_status else d.manual_status end
      where d.email like '%@${BULK_DRIVER_DOMAIN}'`);
  // Where each generated driver's truck is now (the dispatch map's and the load page's data at
  // scale): one phone fix on their newest load in progress, as far along the straight line between
  // its first and last stop as the time since pickup says, a few minutes old, and the load's ETA row.
  await pool.query(`
    with cur as (
      select distinct on (l.driver_id) l.id, l.driver_id, l.vehicle_id, l.pickup_at, l.delivery_at, l.loaded_miles
        from loads l join drivers d on d.id = l.driver_id
       where d.email like '%@${BULK_DRIVER_DOMAIN}' and l.status = 'in_progress'
       order by l.driver_id, l.pickup_at desc),
    placed as (
      select cur.*, p.latitude as plat, p.longitude as plon, q.id as qid, q.latitude as qlat, q.longitude as qlon,
             least(0.95, greatest(0.05, extract(epoch from now() - cur.pickup_at)
               / nullif(extract(epoch from cur.delivery_at - cur.pickup_at), 0)))::float8 as f
        from cur
        join load_stops p on p.load_id = cur.id and p.sequence = 1
        join lateral (select s.id, s.latitude, s.longitude from load_stops s where s.load_id = cur.id
                       order by s.sequence desc limit 1) q on true
       where p.latitude is not null and q.latitude is not null),
    fixes as (
      insert into last_positions as lp (unit_key, vehicle_id, driver_id, load_id, latitude, longitude, accuracy_m,
                                        speed_mps, heading, recorded_at, source, updated_at)
      select 'driver:' || driver_id, vehicle_id, driver_id, id, plat + (qlat - plat) * f, plon + (qlon - plon) * f,
             12, 26.8, ((degrees(atan2(qlon - plon, qlat - plat)))::int + 360) % 360,
             now() - make_interval(secs => (random() * 600)::int), 'phone', now()
        from placed
      on conflict (unit_key) do update set vehicle_id = excluded.vehicle_id, load_id = excluded.load_id,
        latitude = excluded.latitude, longitude = excluded.longitude, heading = excluded.heading,
        recorded_at = excluded.recorded_at, source = excluded.source, updated_at = now()
      returning load_id)
    insert into load_tracking (load_id, next_stop_id, remaining_miles, eta_at, eta_basis, avg_speed_mph,
                               hos_buffer_minutes, late, computed_at)
    select id, qid, round((coalesce(loaded_miles, 0) * (1 - f))::numeric, 1),
           now() + make_interval(mins => (coalesce(loaded_miles, 0) * (1 - f) / 48.0 * 60)::int),
           'estimated', 48, 0, false, now()
      from placed
    on conflict (load_id) do update set next_stop_id = excluded.next_stop_id,
      remaining_miles = excluded.remaining_miles, eta_at = excluded.eta_at, computed_at = now()`);
  // VACUUM as well as ANALYZE: it sets the visibility map, so counts and list pages can use
  // index-only scans right away instead of visiting (and hint-bit writing) every fresh heap page.
  await pool.query(
    "vacuum (analyze) customers, drivers, vehicles, trailers, loads, load_stops, load_status_events, last_positions, load_tracking, " +
      "load_month_totals, load_day_totals, vehicle_busy_days, ledger_month_subject_totals, ledger_day_subject_totals, ifta_day_totals, ledger_daily_totals",
  );
  phase("positions, vacuum and statistics");
  log(`Done: ${total.toLocaleString("en-US")} loads in ${elapsed()} (${phases.join(", ")}; ${machine()})`);
}

/** Great-circle miles between two bulk_cities rows (aliases), as `shared/geo/distance.ts` computes them. */
const gcSql = (p: string, q: string) => `${EARTH_RADIUS_MILES} * 2 * asin(sqrt(
  power(sin(radians(${q}.lat - ${p}.lat) / 2), 2) +
  cos(radians(${p}.lat)) * cos(radians(${q}.lat)) * power(sin(radians(${q}.lon - ${p}.lon) / 2), 2)))`;

/**
 * Each state's share of the lanes the batch drives (ordered city pairs, loaded and empty), split
 * once per pair along the great circle and kept for the run in `bulk_lane_states`.
 */
async function splitLanes(client: pg.PoolClient, done: Set<string>) {
  const { rows } = await client.query<{ a: number; b: number }>(`
    select distinct a, b from (
      select pc as a, dc as b from bulk_batch
      union all select prev_dc, pc from bulk_batch where prev_dc is not null) x
     where a <> b`);
  const values: Array<[number, number, string, number]> = [];
  for (const { a, b } of rows) {
    const key = `${a}:${b}`;
    if (done.has(key)) continue;
    done.add(key);
    const [p, q] = [CITIES[a], CITIES[b]];
    const split = splitByJurisdiction(
      greatCircleLine([
        { lat: p[2], lon: p[3] },
        { lat: q[2], lon: q[3] },
      ]),
    );
    const sum = Object.values(split).reduce((s, m) => s + m, 0);
    for (const [j, m] of Object.entries(split)) values.push([a, b, j, m / sum]);
  }
  if (values.length)
    await client.query(
      `insert into bulk_lane_states select (v->>0)::int, (v->>1)::int, v->>2, (v->>3)::float8
         from jsonb_array_elements($1::jsonb) v`,
      [JSON.stringify(values)],
    );
}

/** Customers, drivers, trucks and trailers, created once and reused by later runs. */
async function createReferenceData(
  client: pg.PoolClient,
  customerCount: number,
  driverCount: number,
  log: (line: string) => void,
) {
  await client.query(
    `create temp table bulk_cities (idx int primary key, city text, state text, lat float8, lon float8, zip text, area text) on commit drop`,
  );
  await client.query(
    `insert into bulk_cities select (ord - 1)::int, c->>0, c->>1, (c->>2)::float8, (c->>3)::float8, c->>4, c->>5
       from jsonb_array_elements($1::jsonb) with ordinality as t(c, ord)`,
    [JSON.stringify(CITIES)],
  );
  await client.query(
    "create temp table bulk_lane_states (a int, b int, jurisdiction text, share float8) on commit drop",
  );

  const { rows: existing } = await client.query<{ customers: number; drivers: number }>(
    `select (select count(*) from customers where email like '%@${BULK_CUSTOMER_DOMAIN}')::int as customers,
            (select count(*) from drivers where email like '%@${BULK_DRIVER_DOMAIN}')::int as drivers`,
  );
  const needCustomers = Math.max(0, customerCount - existing[0].customers);
  const needDrivers = Math.max(0, driverCount - existing[0].drivers);

  if (needCustomers > 0) {
    const base = existing[0].customers;
    await client.query(
      `insert into customers (name, company_name, email, phone, address)
       select ${pick(FIRST, "g * 7")} || ' ' || ${pick(LAST, "g * 13")},
              ${pick(PREFIX, "g")} || ' ' || ${pick(INDUSTRY, "g / 30")} || ' ' || ${pick(ENTITY, "g / 7")}
                || case when g >= 600 then ' ' || (g / 600 + 1)::text else '' end,
              'orders' || g || '@${BULK_CUSTOMER_DOMAIN}',
              '+1 ' || c.area || ' 555 ' || lpad((g % 10000)::text, 4, '0'),
              (100 + g * 37 % 9800)::text || ' ' || ${pick(STREETS, "g")} || ', ' || c.city || ', ' || c.state || ' ' || c.zip
         from generate_series($1::int, $2::int) g
         join bulk_cities c on c.idx = g % ${CITIES.length}`,
      [base, base + needCustomers - 1],
    );
    log(`  ${needCustomers} customers`);
  }

  if (needDrivers > 0) {
    const base = existing[0].drivers;
    await client.query(
      `insert into drivers (full_name, phone, email, status, manual_status, default_pay_type, default_pay_rate)
       select ${pick(FIRST, "g * 11 + 3")} || ' ' || ${pick(LAST, "g * 17 + 5")},
              '+1 ' || c.area || ' 555 ' || lpad(((g * 7919) % 10000)::text, 4, '0'),
              'driver' || g || '@${BULK_DRIVER_DOMAIN}',
              'available', 'available',
              (array['percentage', 'per_mile', 'fixed']::pay_type[])[1 + g % 3],
              case g % 3 when 0 then 25 + (g % 6) when 1 then 0.55 + (g % 16) / 100.0 else 650 + (g % 8) * 50 end
         from generate_series($1::int, $2::int) g
         join bulk_cities c on c.idx = (g * 3) % ${CITIES.length}`,
      [base, base + needDrivers - 1],
    );
    // A truck and a trailer for each new driver, assigned to them.
    await client.query(
      `with new_drivers as (
         select d.id, row_number() over (order by d.email) + $1::int as n
           from drivers d
          where d.email like '%@${BULK_DRIVER_DOMAIN}'
            and not exists (select 1 from asset_assignments a where a.driver_id = d.id)),
       v as (
         insert into vehicles (unit_number, make, model, year, plate_number, plate_state, vin)
         select 'B-' || (1000 + n), ${pick(
           MAKES.map((m) => m[0]),
           "n",
         )}, ${pick(
           MAKES.map((m) => m[1]),
           "n",
         )},
                2018 + (n % 7)::int, 'BK' || lpad(n::text, 6, '0'), 'IL',
                upper(substr(md5('vin' || n), 1, 17))
           from new_drivers
         returning id, unit_number),
       t as (
         insert into trailers (identifier, type, size)
         select 'BT-' || (1000 + n), (array['dry_van', 'reefer', 'flatbed', 'dry_van', 'container'])[1 + (n % 5)::int],
                case when n % 5 = 4 then '40 ft' when n % 5 = 2 then '48 ft' else '53 ft' end
           from new_drivers
         returning id, identifier)
       insert into asset_assignments (driver_id, vehicle_id, trailer_id, started_at)
       select nd.id, v.id, t.id, now() - make_interval(days => (30 + nd.n % 700)::int)
         from new_drivers nd
         join v on v.unit_number = 'B-' || (1000 + nd.n)
         join t on t.identifier = 'BT-' || (1000 + nd.n)`,
      [base],
    );
    log(`  ${needDrivers} drivers, with a truck and a trailer each`);
  }

  // Every customer and every driver with default pay takes loads; the demo ones come first, and
  // the customer index is skewed so the first customers are the big accounts.
  await client.query(`
    create temp table bulk_customers on commit drop as
    select (row_number() over (order by (user_id is null), created_at, company_name, id) - 1)::int as idx, id
      from customers`);
  await client.query(`
    create temp table bulk_drivers on commit drop as
    select (row_number() over (order by (d.user_id is null), d.created_at, d.full_name, d.id) - 1)::int as idx,
           d.id, d.full_name, d.default_pay_type, d.default_pay_rate, a.vehicle_id, a.trailer_id
      from drivers d
      left join asset_assignments a on a.driver_id = d.id and a.ended_at is null
     where d.default_pay_type is not null`);
  await client.query("alter table bulk_customers add primary key (idx)");
  await client.query("alter table bulk_drivers add primary key (idx)");
}

async function dropSecondaryIndexes(client: pg.PoolClient): Promise<Array<{ name: string; def: string }>> {
  const { rows } = await client.query<{ name: string; def: string }>(`
    select c.relname as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      join pg_class c on c.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
     where t.relname in ('loads', 'load_stops', 'load_status_events', 'transactions')
       and t.relnamespace = 'public'::regnamespace
       and not i.indisprimary
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)`);
  for (const { name } of rows) await client.query(`drop index "${name}"`);
  return rows;
}

/** One batch of loads (g in [from, to]) with their stops and latest status event. */
async function insertBatch(
  client: pg.PoolClient,
  from: number,
  to: number,
  start: number,
  step: number,
  lanes: Set<string>,
) {
  const cities = CITIES.length;
  // Reserve the batch's load numbers in one go, so numbers follow pickup order exactly.
  const { rows } = await client.query<{ base: string }>("select nextval('load_number_seq')::text as base");
  const base = Number(rows[0].base);
  await client.query("select setval('load_number_seq', $1)", [base + (to - from)]);
  // Draw everything for the batch once, so loads, stops and events agree.
  await client.query(
    `create temp table bulk_batch on commit drop as
     with draw as (
       select g,
              to_timestamp($3::float8 + (g - 1 + random()) * $4::float8) as pickup_at,
              floor(random() * ${cities})::int as pc,
              (floor(random() * ${cities - 1})::int + 1) as dc_offset,
              random() as r_status, random() as r_customer, random() as r_driver, random() as r_rate,
              random() as r_extra, random() as r_posted
         from generate_series($1::int, $2::int) g),
     lane as (
       select d.*, (d.pc + d.dc_offset) % ${cities} as dc,
              -- Great-circle miles times a road factor.
              greatest(25, round((${CIRCUITY_FACTOR} * ${gcSql("p", "q")})::numeric)) as miles
         from draw d
         join bulk_cities p on p.idx = d.pc
         join bulk_cities q on q.idx = (d.pc + d.dc_offset) % ${cities}),
     timed as (
       select l.*,
              l.pickup_at + make_interval(mins => (60 * (l.miles / 48.0 + 2 + case when l.miles > 550 then 10 else 0 end))::int) as delivery_at,
              l.pickup_at - make_interval(hours => (24 + floor(l.r_extra * 120))::int) as created_at
         from lane l)
     select t.*,
            gen_random_uuid() as id,
            $5::bigint + (t.g - $1::int) as seq,
            case
              when t.delivery_at < now() - interval '1 day' then case when t.r_status < 0.03 then 'cancelled' else 'completed' end
              when t.pickup_at <= now() then case when t.r_status < 0.65 then 'in_progress' when t.r_status < 0.97 then 'completed' else 'cancelled' end
              when t.pickup_at <= now() + interval '3 days' then case when t.r_status < 0.7 then 'assigned' when t.r_status < 0.98 then 'pending' else 'cancelled' end
              else case when t.r_status < 0.35 then 'assigned' when t.r_status < 0.98 then 'pending' else 'cancelled' end
            end::load_status as status,
            -- Skewed: a few big customers ship most loads.
            floor(power(t.r_customer, 2.2) * (select count(*) from bulk_customers))::int as ci,
            floor(t.r_driver * (select count(*) from bulk_drivers))::int as di,
            round((greatest(450, t.miles * (1.9 + t.r_rate * 1.3)))::numeric, -1) as base_rate
       from timed t`,
    [from, to, start, step, base],
  );
  // Empty miles: a driver's previous delivery in the batch to this pickup (loads with a driver that
  // are not cancelled, as the loads' join below gives them one). The first of each driver in a
  // batch has none: a few percent of the loads at the default batch size.
  await client.query(`
    alter table bulk_batch add column prev_dc int, add column prev_id uuid, add column empty_miles numeric`);
  await client.query(`
    update bulk_batch b
       set prev_dc = e.prev_dc, prev_id = e.prev_id,
           empty_miles = round((${CIRCUITY_FACTOR} * ${gcSql("q", "p")})::numeric, 1)
      from (select id, lag(dc) over w as prev_dc, lag(id) over w as prev_id
              from bulk_batch where status not in ('pending', 'cancelled')
            window w as (partition by di order by pickup_at)) e, bulk_cities p, bulk_cities q
     where e.id = b.id and e.prev_dc is not null and p.idx = b.pc and q.idx = e.prev_dc`);
  await splitLanes(client, lanes);

  await client.query(`
    insert into loads (id, load_number, description, weight_lbs, base_rate, lumper_fee, detention, other_charges,
                       total_rate, customer_rate, loaded_miles, empty_miles, empty_from_load_id, miles_source,
                       miles_engine, miles_status, miles_computed_at, customer_id, driver_id, vehicle_id, trailer_id, status,
                       fuel_used_gallons, pay_type, pay_rate, driver_pay, pay_from_driver_default, posted_to_board, notes,
                       pickup_city, pickup_state, pickup_at, delivery_city, delivery_state, delivery_at,
                       accepted_at, started_at, delivered_at, created_at, updated_at)
    select b.id,
           'LD-' || extract(year from b.created_at)::int || '-' || lpad(b.seq::text, greatest(5, length(b.seq::text)), '0'),
           ${pick(CARGO, "b.g")},
           round((12000 + b.r_rate * 32000)::numeric, -2),
           b.base_rate, x.lumper, x.detention, x.other,
           b.base_rate + coalesce(x.lumper, 0) + coalesce(x.detention, 0) + coalesce(x.other, 0),
           b.base_rate + coalesce(x.lumper, 0) + coalesce(x.detention, 0) + coalesce(x.other, 0),
           b.miles, b.empty_miles, b.prev_id, 'estimated', 'offline', 'current', b.created_at,
           c.id, dr.id, dr.vehicle_id, dr.trailer_id, b.status,
           case when b.status = 'completed' then round(b.miles / 6.4, 1) end,
           null, null,
           case when dr.id is null or b.status = 'cancelled' then null
                when dr.default_pay_type = 'fixed' then dr.default_pay_rate
                when dr.default_pay_type = 'per_mile' then round(dr.default_pay_rate * b.miles, 2)
                else round((b.base_rate + coalesce(x.lumper, 0) + coalesce(x.detention, 0) + coalesce(x.other, 0)) * dr.default_pay_rate / 100, 2)
           end,
           dr.id is not null and b.status <> 'cancelled',
           b.status = 'pending' and b.r_posted < 0.3,
           '',
           p.city, p.state, b.pickup_at, q.city, q.state, b.delivery_at,
           case when b.status in ('assigned', 'in_progress', 'completed') and b.r_posted < 0.8 or b.status in ('in_progress', 'completed')
                then b.created_at + interval '3 hours' end,
           case when b.status in ('in_progress', 'completed') then b.pickup_at + interval '40 minutes' end,
           case when b.status = 'completed' then b.delivery_at + interval '35 minutes' end,
           b.created_at,
           case b.status
             when 'completed' then b.delivery_at + interval '35 minutes'
             when 'in_progress' then b.pickup_at + interval '40 minutes'
             when 'assigned' then b.created_at + interval '2 hours'
             when 'cancelled' then least(b.pickup_at - interval '1 day', now())
             else b.created_at
           end
      from bulk_batch b
      join bulk_cities p on p.idx = b.pc
      join bulk_cities q on q.idx = b.dc
      left join bulk_customers c on c.idx = b.ci
      left join bulk_drivers dr on dr.idx = b.di and (b.status <> 'pending' and not (b.status = 'cancelled' and b.r_posted < 0.5))
      cross join lateral (select
           case when b.r_extra < 0.3 then round((50 + b.r_extra * 500)::numeric, -1) end as lumper,
           case when b.r_extra > 0.9 then round((75 + (b.r_extra - 0.9) * 2000)::numeric, -1) end as detention,
           case when b.r_posted > 0.85 then 100.00 end as other) x`);

  await client.query(`
    insert into load_stops (load_id, sequence, type, location_name, address, city, state, postal_code,
                            latitude, longitude, geo_precision, geo_source, geo_status, geocoded_at,
                            scheduled_at, contact_name, contact_phone)
    select b.id, s.seq, s.type::stop_type,
           ${pick(PREFIX, "b.g * 7 * s.seq + case s.seq when 1 then b.pc else b.dc end")} || ' ' || ${pick(FACILITY, "b.g / 3 + s.seq * 5")},
           (100 + (b.g * 37 * s.seq) % 9800)::text || ' ' || ${pick(STREETS, "b.g * s.seq")},
           c.city, c.state, c.zip, c.lat, c.lon, 'zip', 'gazetteer', 'placed', b.created_at,
           case s.seq when 1 then b.pickup_at else b.delivery_at end,
           ${pick(FIRST, "b.g * 3 + s.seq")} || ' ' || ${pick(LAST, "b.g * 5 + s.seq")},
           '+1 ' || c.area || ' 555 ' || lpad(((b.g * 31 + s.seq) % 10000)::text, 4, '0')
      from bulk_batch b
      cross join (values (1, 'pickup'), (2, 'delivery')) as s(seq, type)
      join bulk_cities c on c.idx = case s.seq when 1 then b.pc else b.dc end`);

  // Miles by state, both legs, estimated: each lane's state shares × the leg's miles.
  await client.query(`
    insert into load_jurisdiction_miles (load_id, leg, source, jurisdiction, miles, recorded_at)
    select b.id, 'loaded', 'estimated', s.jurisdiction, round((s.share * b.miles)::numeric, 1), b.created_at
      from bulk_batch b join bulk_lane_states s on s.a = b.pc and s.b = b.dc
     where b.status <> 'cancelled' and round((s.share * b.miles)::numeric, 1) > 0
    union all
    select b.id, 'empty', 'estimated', s.jurisdiction, round((s.share * b.empty_miles)::numeric, 1), b.created_at
      from bulk_batch b join bulk_lane_states s on s.a = b.prev_dc and s.b = b.pc
     where b.empty_miles > 0 and round((s.share * b.empty_miles)::numeric, 1) > 0`);

  // The latest change of each load (a full history would triple the table for no benefit here).
  await client.query(`
    insert into load_status_events (load_id, from_status, to_status, kind, data, actor_name, note, created_at)
    select l.id,
           case l.status when 'pending' then null when 'assigned' then 'pending' when 'in_progress' then 'assigned'
                         when 'completed' then 'in_progress' else case when l.driver_id is null then 'pending' else 'assigned' end
           end::load_status,
           l.status,
           case l.status when 'pending' then 'created' when 'assigned' then 'assigned' when 'in_progress' then 'trip_started'
                         when 'completed' then 'delivered' else 'status_changed' end,
           case when l.status = 'assigned' then jsonb_build_object('driverName', dr.full_name) else '{}'::jsonb end,
           case when l.status in ('in_progress', 'completed') then dr.full_name else 'Dispatch' end,
           case when l.status = 'cancelled' then 'Cancelled by the customer.' end,
           l.updated_at
      from bulk_batch b
      join loads l on l.id = b.id
      left join drivers dr on dr.id = l.driver_id`);

  // The ledger of the batch's completed loads: the freight paid 30 days after delivery (when that day
  // has come) and the trip's fuel on the delivery day, as hand entries marked "Generated". With the
  // triggers off the row's copy of its load's number (`load_number`, decision 068) is written here.
  await client.query(`
    insert into transactions (occurred_on, direction, category, amount, counterparty, payment_method, reference,
                              notes, load_id, load_number, driver_id, vehicle_id, source, created_at)
    select (b.delivery_at + interval '30 days')::date, 'income'::ledger_direction, 'freight_revenue'::ledger_category,
           l.total_rate, c.company_name, 'ach'::ledger_payment_method, l.load_number, 'Generated', l.id, l.load_number,
           l.driver_id, l.vehicle_id, 'manual'::ledger_source, b.delivery_at + interval '30 days'
      from bulk_batch b
      join loads l on l.id = b.id
      join customers c on c.id = l.customer_id
     where b.status = 'completed' and b.delivery_at + interval '30 days' < now() and l.total_rate > 0
    union all
    select b.delivery_at::date, 'expense', 'fuel', round(l.fuel_used_gallons * 3.85, 2), 'Fuel stops', 'fuel_card',
           l.load_number, 'Generated', l.id, l.load_number, l.driver_id, l.vehicle_id, 'manual', b.delivery_at
      from bulk_batch b
      join loads l on l.id = b.id
     where b.status = 'completed' and l.fuel_used_gallons > 0`);

  await client.query("drop table bulk_batch");
}
