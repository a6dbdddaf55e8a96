import { can, type Role } from "@shared/access";
import { AUDIT_TARGET_TYPES, type AuditTargetType } from "@shared/audit/audit.schema";
import {
  EXPIRING_DOCUMENT_DAYS,
  FAILED_INSPECTION_DAYS,
  RECENT_ACTIVITY_DAYS,
  type StaffDashboard,
  UPCOMING_BILLS_DAYS,
} from "@shared/dashboard/dashboard.schema";
import { scheduleDue } from "@shared/fleet/maintenance-status";
import { addDays, resolvePeriod } from "@shared/reports/reports.schema";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { companyDay, dayAfter, dayStart } from "../../platform/company-day";
import { datedDocuments } from "../reports/compliance";
import { loadRollups } from "../reports/report-kit";

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}
async function one<T>(db: Db, query: SQL): Promise<T> {
  return (await rows<T>(db, query))[0];
}

/**
 * What each role's recent activity shows: the audit entries about what the role works on (an admin
 * and a manager see everything but account administration, which is the admin's).
 */
const ACTIVITY_TARGETS: Record<Exclude<Role, "driver" | "customer">, readonly AuditTargetType[] | "all"> = {
  admin: "all",
  manager: AUDIT_TARGET_TYPES.filter((t) => t !== "user" && t !== "account_review"),
  dispatcher: [
    "load",
    "load_request",
    "driver",
    "vehicle",
    "trailer",
    "toll",
    "parking_expense",
    "parking_reservation",
  ],
  safety: ["driver", "vehicle", "trailer", "inspection", "citation", "accident", "document", "certificate"],
  accountant: [
    "invoice",
    "customer",
    "bill",
    "settlement",
    "pay_settings",
    "standing_deduction",
    "tax_forms",
    "ledger_entry",
    "fuel_entry",
    "toll",
    "toll_statement",
    "parking_expense",
    "certificate",
  ],
};
const ACTIVITY_LIMIT = 25;

/** The staff home (`/`): live figures per role, each linking to its screen, and the last 7 days' activity. */
export function createDashboardService({ db, config }: Deps) {
  async function dispatch(today: string) {
    const start = dayStart(today, config.company.timeZone);
    const end = dayAfter(today, config.company.timeZone);
    const since = new Date(Date.now() - RECENT_ACTIVITY_DAYS * 86_400_000);
    const [loads, statuses, drivers, board, requests] = await Promise.all([
      one<{ pickups: number; deliveries: number }>(
        db,
        sql`select
              (select count(*) from loads where status <> 'cancelled' and pickup_at >= ${start} and pickup_at < ${end})::int as pickups,
              (select count(*) from loads where status <> 'cancelled' and delivery_at >= ${start} and delivery_at < ${end})::int as deliveries`,
      ),
      one<{ pending: number; assigned: number; in_progress: number; unassigned: number }>(
        db,
        sql`select
              (select count(*) from loads where status = 'pending')::int as pending,
              (select count(*) from loads where status = 'assigned')::int as assigned,
              (select count(*) from loads where status = 'in_progress')::int as in_progress,
              (select count(*) from loads where status = 'pending' and driver_id is null and pickup_at >= ${start})::int as unassigned`,
      ),
      rows<{ status: string; n: number }>(
        db,
        sql`select status::text as status, count(*)::int as n from drivers where active group by 1`,
      ),
      one<{ loads: number; interests: number }>(
        db,
        sql`select
              (select count(distinct i.load_id) from load_interests i join loads l on l.id = i.load_id
                where l.posted_to_board and l.status = 'pending' and l.driver_id is null)::int as loads,
              (select count(*) from load_interests where created_at >= ${since})::int as interests`,
      ),
      one<{ n: number }>(db, sql`select count(*)::int as n from load_requests where status = 'pending'`),
    ]);
    const driverCount = (...s: string[]) =>
      drivers.filter((d) => s.includes(d.status)).reduce((n, d) => n + d.n, 0);
    return {
      pickupsToday: loads.pickups,
      deliveriesToday: loads.deliveries,
      pending: statuses.pending,
      assigned: statuses.assigned,
      inProgress: statuses.in_progress,
      unassigned: statuses.unassigned,
      driversAvailable: driverCount("available"),
      driversBusy: driverCount("on_trip", "busy"),
      driversOffDuty: driverCount("off_duty"),
      boardLoadsWithInterest: board.loads,
      boardInterests: board.interests,
      pendingRequests: requests.n,
    };
  }

  async function money(today: string) {
    const week = resolvePeriod({ period: "this-week" }, today);
    const month = resolvePeriod({ period: "this-month" }, today);
    // The loads' revenue from the report rollups (decision 066): a week's days, a month whole. A
    // rollup row left with no loads is no revenue, as no row is (0, not 0.00).
    const revenue = (from: string, to: string) =>
      sql`(select coalesce(sum(revenue) filter (where loads <> 0), 0)::text
            from (${loadRollups([[from, to]], sql`dim = 'all' and status <> 'cancelled'`)}) t)`;
    const billsUntil = addDays(today, UPCOMING_BILLS_DAYS - 1);
    const [figures, overdue, bills, settlements] = await Promise.all([
      one<{ week: string; last_week: string; month: string; last_month: string }>(
        db,
        sql`select ${revenue(week.from, week.to)} as week, ${revenue(week.previousFrom, week.previousTo)} as last_week,
              ${revenue(month.from, month.to)} as month, ${revenue(month.previousFrom, month.previousTo)} as last_month`,
      ),
      one<{ n: number; amount: string }>(
        db,
        sql`select count(*)::int as n, coalesce(sum(total - amount_paid), 0)::text as amount
            from invoices where status = 'sent' and due_date < ${today}::date and total > amount_paid`,
      ),
      rows<{ id: string; name: string; vendor: string; amount: string; due_date: string }>(
        db,
        sql`select id, name, vendor, amount::text as amount, due_date::text as due_date from bills
            where status = 'open' and due_date between ${today}::date and ${billsUntil}::date
            order by due_date, name`,
      ),
      one<{ n: number }>(db, sql`select count(*)::int as n from settlements where status = 'draft'`),
    ]);
    const cents = (v: string) => BigInt(Math.round(Number(v) * 100));
    const total = bills.reduce((s, b) => s + cents(b.amount), 0n);
    return {
      revenueWeek: figures.week,
      revenueLastWeek: figures.last_week,
      revenueMonth: figures.month,
      revenueLastMonth: figures.last_month,
      overdueAmount: overdue.amount,
      overdueInvoices: overdue.n,
      upcomingBillsAmount: `${total / 100n}.${(total % 100n).toString().padStart(2, "0")}`,
      upcomingBills: bills.map((b) => ({
        id: b.id,
        name: b.name,
        vendor: b.vendor,
        amount: b.amount,
        dueDate: b.due_date,
      })),
      settlementsToApprove: settlements.n,
    };
  }

  async function safety(today: string) {
    const failedSince = dayStart(addDays(today, -(FAILED_INSPECTION_DAYS - 1)), config.company.timeZone);
    const [dated, counts, schedules] = await Promise.all([
      datedDocuments(db, addDays(today, EXPIRING_DOCUMENT_DAYS)),
      one<{ citations: number; claims: number; failed: number; repairs: number }>(
        db,
        sql`select
              (select count(*) from citations where status = 'open')::int as citations,
              (select count(*) from accidents where claim_status = 'open')::int as claims,
              (select count(*) from inspections where overall_status <> 'pass' and inspected_at >= ${failedSince})::int as failed,
              (select count(*) from maintenance_records where status = 'open')::int as repairs`,
      ),
      rows<{
        mileage: number;
        interval_miles: number | null;
        interval_days: number | null;
        last_service_date: string | null;
        last_service_odometer: number | null;
      }>(
        db,
        sql`select v.mileage, s.interval_miles, s.interval_days, s.last_service_date::text as last_service_date,
              s.last_service_odometer
            from maintenance_schedules s join vehicles v on v.id = s.vehicle_id where v.status <> 'inactive'`,
      ),
    ]);
    const overdue = schedules.filter(
      (s) =>
        scheduleDue(
          {
            intervalMiles: s.interval_miles,
            intervalDays: s.interval_days,
            lastServiceDate: s.last_service_date,
            lastServiceOdometer: s.last_service_odometer,
          },
          today,
          s.mileage,
        ).status === "overdue",
    ).length;
    return {
      expiredDocuments: dated.filter((d) => d.expires_on < today).length,
      expiringDocuments: dated.filter((d) => d.expires_on >= today).length,
      openCitations: counts.citations,
      openClaims: counts.claims,
      failedInspections: counts.failed,
      openRepairs: counts.repairs,
      overdueServices: overdue,
    };
  }

  async function activity(role: Exclude<Role, "driver" | "customer">) {
    const targets = ACTIVITY_TARGETS[role];
    const since = new Date(Date.now() - RECENT_ACTIVITY_DAYS * 86_400_000);
    const filter =
      targets === "all"
        ? sql``
        : sql`and target_type in (${sql.join(
            targets.map((t) => sql`${t}`),
            sql`, `,
          )})`;
    return rows<{
      id: string;
      action: string;
      actor_email: string | null;
      target_type: string | null;
      target_id: string | null;
      target_label: string | null;
      created_at: Date;
    }>(
      db,
      sql`select id, action, actor_email, target_type, target_id, target_label, created_at from audit_log
          where created_at >= ${since} ${filter}
          order by created_at desc, id desc limit ${ACTIVITY_LIMIT}`,
    );
  }

  return {
    async get(actor: Actor): Promise<StaffDashboard> {
      const role = actor.role as Exclude<Role, "driver" | "customer">;
      const today = companyDay(new Date(), config.company.timeZone);
      const [d, m, s, a] = await Promise.all([
        can(actor, "loads:write") ? dispatch(today) : null,
        can(actor, "ledger:read") ? money(today) : null,
        can(actor, "citations:write") ? safety(today) : null,
        activity(role),
      ]);
      return {
        today,
        weekFrom: resolvePeriod({ period: "this-week" }, today).from,
        monthFrom: resolvePeriod({ period: "this-month" }, today).from,
        dispatch: d,
        money: m,
        safety: s,
        activity: a.map((r) => ({
          id: r.id,
          action: r.action,
          actorEmail: r.actor_email,
          targetType: r.target_type,
          targetId: r.target_id,
          targetLabel: r.target_label,
          createdAt: new Date(r.created_at).toISOString(),
        })),
      };
    },
  };
}
