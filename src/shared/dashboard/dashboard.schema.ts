import { RECENT_ACTIVITY_DAYS } from "@shared/loads/loads.schema";
import { z } from "zod";

/** Spec section 9: recent activity covers the last 7 days; upcoming bills cover a 7-day window. */
export { RECENT_ACTIVITY_DAYS };
export const UPCOMING_BILLS_DAYS = 7;
/** A document counts as expiring this many days ahead (the compliance report's window). */
export const EXPIRING_DOCUMENT_DAYS = 30;
/** Failed inspections count over this many days. */
export const FAILED_INSPECTION_DAYS = 30;

export const dispatchTilesSchema = z.object({
  pickupsToday: z.number().int(),
  deliveriesToday: z.number().int(),
  pending: z.number().int(),
  assigned: z.number().int(),
  inProgress: z.number().int(),
  /** Pending loads without a driver whose pickup is today or later. */
  unassigned: z.number().int(),
  driversAvailable: z.number().int(),
  driversBusy: z.number().int(),
  driversOffDuty: z.number().int(),
  /** Loads on the board with at least one interested driver, and interests shown in the last 7 days. */
  boardLoadsWithInterest: z.number().int(),
  boardInterests: z.number().int(),
  pendingRequests: z.number().int(),
});

export const moneyTilesSchema = z.object({
  revenueWeek: z.string(),
  revenueLastWeek: z.string(),
  revenueMonth: z.string(),
  revenueLastMonth: z.string(),
  overdueAmount: z.string(),
  overdueInvoices: z.number().int(),
  upcomingBillsAmount: z.string(),
  upcomingBills: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      vendor: z.string(),
      amount: z.string(),
      dueDate: z.string(),
    }),
  ),
  settlementsToApprove: z.number().int(),
});

export const safetyTilesSchema = z.object({
  expiredDocuments: z.number().int(),
  expiringDocuments: z.number().int(),
  openCitations: z.number().int(),
  openClaims: z.number().int(),
  failedInspections: z.number().int(),
  openRepairs: z.number().int(),
  overdueServices: z.number().int(),
});

export const activityItemSchema = z.object({
  id: z.string(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  createdAt: z.string(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** The staff dashboard (`/`): each group only for the roles it concerns (null otherwise). */
export const staffDashboardSchema = z.object({
  today: z.string(),
  weekFrom: z.string(),
  monthFrom: z.string(),
  dispatch: dispatchTilesSchema.nullable(),
  money: moneyTilesSchema.nullable(),
  safety: safetyTilesSchema.nullable(),
  activity: z.array(activityItemSchema),
});
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;
