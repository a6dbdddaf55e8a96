import { IDEMPOTENCY_RETENTION_DAYS } from "@shared/sync/sync.schema";
import type { Deps } from "./deps";
import { remindDueBills } from "./modules/accounting/bills.service";
import { deliverDueAnnouncements } from "./modules/announcements/announcements.service";
import { sendQueuedEmails } from "./modules/communications/communications.service";
import { sendQueuedSms } from "./modules/communications/sms.service";
import { runContractExpiry } from "./modules/contracts/contract-expiry";
import { applyRetention, runBackup } from "./modules/data-management/data-management.service";
import { noticeExpiringDocuments } from "./modules/documents/expiry-notices";
import { recomputeDriverStatuses } from "./modules/drivers/driver-status";
import { refinePendingPlaces } from "./modules/geo/geocode-refine";
import { routePendingLoads } from "./modules/loads/miles.service";
import { remindMeetings } from "./modules/meetings/meetings.service";
import { refreshEtas } from "./modules/tracking/eta.service";
import { stateMilesFromBreadcrumbs } from "./modules/tracking/gps-miles";
import { ingestUnitPositions } from "./modules/tracking/positions.service";
import { runPositionHousekeeping } from "./modules/tracking/retention";
import { pollTelematics } from "./modules/tracking/telematics-poll";
import { splitByJurisdiction } from "./platform/geo/state-split";
import { purgeClientRequests } from "./platform/idempotency/client-requests";
import type { ScheduledJob } from "./platform/jobs/jobs";

/** Every scheduled job of the app (pg-boss, UTC). */
export function scheduledJobs(deps: Deps): ScheduledJob[] {
  return [
    {
      // The mass-email and SMS queues: scheduled messages whose time has come, then up to 60 of each a minute
      // (texts inside their recipients' hours only).
      name: "communications-send",
      cron: "* * * * *",
      run: async () => {
        await sendQueuedEmails(deps);
        await sendQueuedSms(deps);
        // Meetings whose reminder time has come: each participant is emailed once.
        await remindMeetings(deps);
      },
    },
    {
      // Custom notifications scheduled for later: delivered within the minute their time comes.
      name: "announcements-due",
      cron: "* * * * *",
      run: async () => {
        await deliverDueAnnouncements(deps.db);
      },
    },
    {
      // Approved time off starts and ends at midnight: statuses follow the calendar.
      name: "driver-status-daily",
      cron: "1 0 * * *",
      run: () => recomputeDriverStatuses(deps.db),
    },
    {
      // Bills due within the 7-day window or overdue: accountants and managers are told once per due
      // date. Hourly, so the company's midnight is caught within the hour in any time zone.
      name: "bills-due-daily",
      cron: "5 * * * *",
      run: async () => {
        await remindDueBills(deps.db, deps.config.company.timeZone);
      },
    },
    {
      // Dated documents 30, 7 and 1 days before they expire and on the day: their staff are told once each.
      name: "document-expiry-daily",
      cron: "10 * * * *",
      run: async () => {
        await noticeExpiringDocuments(deps.db, deps.config.company.timeZone);
      },
    },
    {
      // Signed contracts past their expiry date become expired; managers hear 30 days before, once.
      name: "contracts-daily",
      cron: "15 * * * *",
      run: async () => {
        await runContractExpiry(deps.db, deps.config.company.timeZone);
      },
    },
    {
      // Addresses saved while a geocoder is configured (and the rows the location migration left pending):
      // placed by the provider, rate-limited, else by the offline gazetteer (issue 40).
      name: "geo-refine",
      cron: "* * * * *",
      run: async () => {
        await refinePendingPlaces(deps);
      },
    },
    {
      // Loads whose miles wait for the configured routing engine (issue 40): routed 50 a minute; the
      // offline estimate stands meanwhile. Nothing to do when no engine is configured.
      name: "load-miles",
      cron: "* * * * *",
      run: async () => {
        await routePendingLoads(deps);
      },
    },
    {
      // Nightly at 02:30 UTC: what is older than the retention settings goes (and the idempotency keys
      // of the phones' replays after 30 days: decision 060), then the backup of every table and file to
      // DATA_DIR/backups (the newest N kept; Admin → Data management).
      name: "data-nightly",
      cron: "30 2 * * *",
      run: async () => {
        await applyRetention(deps);
        await purgeClientRequests(deps.db, IDEMPOTENCY_RETENTION_DAYS);
        await runBackup(deps);
      },
    },
    {
      // Live tracking (issue 40): each load in progress gets its next stop's ETA; one running late
      // past its appointment is told to dispatch once per stop.
      name: "tracking-minute",
      cron: "* * * * *",
      run: async () => {
        await refreshEtas(deps);
      },
    },
    {
      // The trucks' ELD/GPS units (Samsara, Motive — Settings → Maps & tracking): their last fixes,
      // matched to our trucks and stored through the tracking ingest; nothing without a provider.
      name: "telematics-poll",
      cron: "* * * * *",
      run: async () => {
        await pollTelematics(deps, ingestUnitPositions);
      },
    },
    {
      // Positions by month: the next two months' partitions, then the retention setting's cut-off.
      name: "tracking-nightly",
      cron: "40 2 * * *",
      run: async () => {
        await runPositionHousekeeping(deps);
        // Yesterday's deliveries with a good breadcrumb get their state miles from GPS (decision 052).
        await stateMilesFromBreadcrumbs(deps.db, (line) =>
          splitByJurisdiction(line.map(([lat, lon]) => ({ lat, lon }))),
        );
      },
    },
  ];
}
