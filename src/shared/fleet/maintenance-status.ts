/**
 * Maintenance status of a vehicle, computed (never typed) from its schedules: each schedule is a
 * service every N miles and/or every N days, counted from the last service (the later of the
 * schedule's starting point and the last completed record of that service type).
 *
 * - overdue: past the due date (the day after it) or past the due odometer;
 * - due: the due date is within MAINTENANCE_DUE_SOON_DAYS (the due day itself included), or the
 *   due odometer is within MAINTENANCE_DUE_SOON_MILES (reaching it exactly included), or the
 *   vehicle has an open maintenance item (a defect to fix), or a schedule has no starting point;
 * - good otherwise.
 *
 * The server computes the same in SQL for lists (filter and sort); `maintenance.int.test.ts` checks
 * both agree at the boundaries.
 */
import { daysUntil } from "../drivers/expiry";
import type { MaintenanceStatus } from "./maintenance.constants";

export const MAINTENANCE_DUE_SOON_DAYS = 14;
export const MAINTENANCE_DUE_SOON_MILES = 1000;

export const MAINTENANCE_STATUS_RANK: Record<MaintenanceStatus, number> = { good: 0, due: 1, overdue: 2 };

export interface ScheduleFacts {
  intervalMiles: number | null;
  intervalDays: number | null;
  /** Last service (YYYY-MM-DD), or null when none is known. */
  lastServiceDate: string | null;
  lastServiceOdometer: number | null;
}

export interface ScheduleDue {
  status: MaintenanceStatus;
  /** The date the next service is due, when the schedule counts days. */
  dueDate: string | null;
  /** Days until the due date (negative once passed). */
  daysLeft: number | null;
  /** The odometer reading the next service is due at, when the schedule counts miles. */
  dueOdometer: number | null;
  /** Miles until the due odometer (negative once passed). */
  milesLeft: number | null;
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

const worst = (a: MaintenanceStatus, b: MaintenanceStatus): MaintenanceStatus =>
  MAINTENANCE_STATUS_RANK[a] >= MAINTENANCE_STATUS_RANK[b] ? a : b;

/** One schedule against today's date and the vehicle's odometer. */
export function scheduleDue(s: ScheduleFacts, today: string, odometer: number): ScheduleDue {
  const dueDate = s.intervalDays && s.lastServiceDate ? addDays(s.lastServiceDate, s.intervalDays) : null;
  const dueOdometer =
    s.intervalMiles && s.lastServiceOdometer !== null ? s.lastServiceOdometer + s.intervalMiles : null;
  const daysLeft = dueDate ? daysUntil(dueDate, today) : null;
  const milesLeft = dueOdometer !== null ? dueOdometer - odometer : null;

  let status: MaintenanceStatus = "good";
  if (daysLeft !== null) {
    status = worst(status, daysLeft < 0 ? "overdue" : daysLeft <= MAINTENANCE_DUE_SOON_DAYS ? "due" : "good");
  }
  if (milesLeft !== null) {
    status = worst(
      status,
      milesLeft < 0 ? "overdue" : milesLeft <= MAINTENANCE_DUE_SOON_MILES ? "due" : "good",
    );
  }
  // Nothing to count from: the service has never been recorded, so it is due.
  if (dueDate === null && dueOdometer === null) status = "due";
  return { status, dueDate, daysLeft, dueOdometer, milesLeft };
}

/** The vehicle's status: the worst of its schedules, and at least "due" while an item is open. */
export function vehicleMaintenanceStatus(
  schedules: ScheduleFacts[],
  today: string,
  odometer: number,
  openItems = 0,
): MaintenanceStatus {
  let status: MaintenanceStatus = openItems > 0 ? "due" : "good";
  for (const s of schedules) status = worst(status, scheduleDue(s, today, odometer).status);
  return status;
}
