import type { Deps } from "./deps";
import { recomputeDriverStatuses } from "./modules/drivers/driver-status";
import type { ScheduledJob } from "./platform/jobs/jobs";

/** Every scheduled job of the app (pg-boss, UTC). */
export function scheduledJobs(deps: Deps): ScheduledJob[] {
  return [
    {
      // Approved time off starts and ends at midnight: statuses follow the calendar.
      name: "driver-status-daily",
      cron: "1 0 * * *",
      run: () => recomputeDriverStatuses(deps.db),
    },
  ];
}
