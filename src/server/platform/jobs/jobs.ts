import pg from "pg";
import { PgBoss } from "pg-boss";
import type { Logger } from "../../logger";

export interface ScheduledJob {
  name: string;
  /** Cron in UTC, e.g. "5 0 * * *" for 00:05 every day. */
  cron: string;
  run(): Promise<void>;
}

const SCHEMA = "pgboss";
/** Where a pg-boss 10 schema waits while its jobs move to the new one (decision 045). */
const V10_SCHEMA = "pgboss_v10";
/** The oldest schema pg-boss 12 migrates itself; pg-boss 10 wrote 24 and earlier. */
const FIRST_MIGRATABLE_SCHEMA = 25;
/** Held while an instance moves a pg-boss 10 schema aside and carries its jobs over: one at a time. */
const UPGRADE_LOCK = "lms:pg-boss-10-upgrade";

interface V10Job {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  singleton_key: string | null;
}

/**
 * pg-boss 12 migrates its schema on start from version 25 (pg-boss 11) on, and pg-boss 11 shipped no
 * migration from pg-boss 10's schema (24): an installation started before the upgrade would not start.
 * So the old schema is renamed aside here, pg-boss 12 installs a fresh one, and `carryOverV10Jobs` moves
 * the jobs still to run. Returns the upgrade lock's client (held until the carry-over is done), or null.
 */
async function moveV10SchemaAside(databaseUrl: string, log: Logger): Promise<pg.Client | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext($1))", [UPGRADE_LOCK]);
    const { rows } = await client.query<{ current: boolean; aside: boolean }>(
      "select to_regclass($1) is not null as current, to_regnamespace($2) is not null as aside",
      [`${SCHEMA}.version`, V10_SCHEMA],
    );
    if (rows[0].current) {
      const version = await client.query<{ version: number }>(`select version from ${SCHEMA}.version`);
      if (Number(version.rows[0]?.version) < FIRST_MIGRATABLE_SCHEMA) {
        if (rows[0].aside) throw new Error(`both ${SCHEMA} and ${V10_SCHEMA} hold a pg-boss 10 schema`);
        log.info(`Job queue: moving the pg-boss 10 schema aside (${SCHEMA} → ${V10_SCHEMA}) for pg-boss 12`);
        await client.query(`alter schema ${SCHEMA} rename to ${V10_SCHEMA}`);
        return client;
      }
    }
    // A carry-over interrupted by a stop: it resumes (the jobs keep their ids, so none runs twice).
    if (rows[0].aside) return client;
    await client.end();
    return null;
  } catch (err) {
    await client.end();
    throw err;
  }
}

/** Moves the jobs a pg-boss 10 schema still had to run into pg-boss 12's queues, then drops it. */
async function carryOverV10Jobs(boss: PgBoss, client: pg.Client, log: Logger) {
  try {
    const { rows } = await client.query<V10Job>(
      `select id, name, data, priority, retry_limit, retry_delay, retry_backoff, start_after, singleton_key
         from ${V10_SCHEMA}.job where state in ('created', 'retry', 'active') order by created_on`,
    );
    const byQueue = new Map<string, V10Job[]>();
    for (const job of rows) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
    for (const [name, jobs] of byQueue) {
      await boss.createQueue(name);
      await boss.insert(
        name,
        jobs.map((job) => ({
          id: job.id,
          data: job.data ?? undefined,
          priority: job.priority,
          retryLimit: job.retry_limit,
          retryDelay: job.retry_delay,
          retryBackoff: job.retry_backoff,
          startAfter: job.start_after,
          ...(job.singleton_key ? { singletonKey: job.singleton_key } : {}),
        })),
      );
    }
    await client.query(`drop schema ${V10_SCHEMA} cascade`);
    log.info(`Job queue: pg-boss 10 schema upgraded, ${rows.length} waiting job(s) carried over`);
  } finally {
    await client.end();
  }
}

/**
 * pg-boss on the app's own PostgreSQL: schedules survive restarts and run once even with several
 * instances. Returns a stop function.
 */
export async function startJobs(
  databaseUrl: string,
  jobs: ScheduledJob[],
  log: Logger,
): Promise<() => Promise<void>> {
  const upgrade = await moveV10SchemaAside(databaseUrl, log);
  const boss = new PgBoss({ connectionString: databaseUrl, schema: SCHEMA, max: 3 });
  boss.on("error", (err: Error) => log.error("job queue error", { error: err.message }));
  try {
    await boss.start();
    if (upgrade) await carryOverV10Jobs(boss, upgrade, log);
  } catch (err) {
    await upgrade?.end().catch(() => {});
    throw err;
  }
  for (const job of jobs) {
    await boss.createQueue(job.name);
    await boss.schedule(job.name, job.cron, undefined, { tz: "UTC" });
    await boss.work(job.name, async () => {
      log.info(`job ${job.name} running`);
      await job.run();
    });
  }
  return async () => {
    await boss.stop({ graceful: true, timeout: 5000 });
  };
}
