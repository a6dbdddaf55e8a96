import PgBoss from "pg-boss";
import type { Logger } from "../../logger";

export interface ScheduledJob {
  name: string;
  /** Cron in UTC, e.g. "5 0 * * *" for 00:05 every day. */
  cron: string;
  run(): Promise<void>;
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
  const boss = new PgBoss({ connectionString: databaseUrl, schema: "pgboss", max: 3 });
  boss.on("error", (err: Error) => log.error("job queue error", { error: err.message }));
  await boss.start();
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
