import { pageSchema } from "@shared/api/api.schema";
import { z } from "zod";

export const NOTIFICATION_KINDS = [
  "load.declined",
  "load.assigned",
  "load.bol_uploaded",
  "load.delivered",
  "load.pod_delivered",
  "load.interest",
  "load.detention_proposed",
  "load.running_late",
  "load.check_in_late",
  "load.departure_proposed",
  "load.arrival_proposed",
  "invoice.sent",
  "time_off.requested",
  "time_off.reviewed",
  "citation.recorded",
  "citation.disputed",
  "citation.status_changed",
  "accident.recorded",
  "load_request.created",
  "load_request.accepted",
  "load_request.declined",
  "inspection.failed",
  "inspection.needs_repair",
  "bill.due",
  "paperwork.rejected",
  "paperwork.requested",
  "document.expiring",
  "document.submitted",
  "contract.sent",
  "contract.signed",
  "contract.expiring",
  "announcement",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * What each notification says, as data (decision 017): the notifications centre words it with
 * `notifications:kinds.<kind>.title` / `.body` in the reader's language. Names and numbers are the
 * ones at the time; days are YYYY-MM-DD; money is a decimal string. `note` on the row holds only
 * what a person typed (a decline or dispute reason, a reviewer's note).
 */
export interface NotificationDataByKind {
  /** A custom notification (issue 16): its title as typed; its description is the row's note. */
  announcement: { announcementId: string; title: string; from: string };
  "load.declined": { loadId: string; loadNumber: string; driverId: string | null; driverName: string };
  "load.assigned": { loadId: string; loadNumber: string };
  "load.bol_uploaded": { loadId: string; loadNumber: string; fileId: string; fileName: string };
  "paperwork.rejected": { loadId: string; loadNumber: string };
  "paperwork.requested": { loadId: string; loadNumber: string };
  "load.delivered": { loadId: string; loadNumber: string; driverName: string };
  /** To the customer: their load was delivered with its proof of delivery (an automated event). */
  "load.pod_delivered": { loadId: string; loadNumber: string; deliveredOn: string; delivery: string };
  "load.interest": { loadId: string; loadNumber: string; driverId: string; driverName: string };
  /** A stop's times owe detention: staff accept it onto the charges or dismiss it (decision 034). */
  "load.detention_proposed": { loadId: string; loadNumber: string; locationName: string; amount: string };
  /** The ETA to the next stop passed its appointment or window end (+ grace): once per stop (issue 40). */
  "load.running_late": {
    loadId: string;
    loadNumber: string;
    stopId: string;
    locationName: string;
    /** "YYYY-MM-DD HH:mm" in the company's time zone. */
    etaAt: string;
    dueAt: string;
  };
  /**
   * A driver's check-in reached the server more than LATE_SYNC_MINUTES after it happened (the phone
   * was offline; issue 41): the stop's times, and so detention, may have moved.
   */
  "load.check_in_late": {
    loadId: string;
    loadNumber: string;
    stopId: string;
    locationName: string;
    checkIn: "arrived" | "done" | "departed";
    /** "YYYY-MM-DD HH:mm" in the company's time zone. */
    occurredAt: string;
    receivedAt: string;
  };
  /**
   * GPS shows the truck left a stop it had arrived at: a proposed departure waits for the driver or
   * dispatch to confirm it (issue 40). Once per proposal.
   */
  "load.departure_proposed": GeofenceNotice;
  /** A truck's ELD/GPS unit (no phone to ask the driver) shows it arrived at a stop: dispatch confirms it. */
  "load.arrival_proposed": GeofenceNotice;
  "invoice.sent": { invoiceNumber: string; total: string; dueDate: string };
  "time_off.requested": {
    timeOffId: string;
    driverId: string;
    driverName: string;
    startDate: string;
    endDate: string;
  };
  "time_off.reviewed": {
    timeOffId: string;
    decision: "approved" | "denied";
    startDate: string;
    endDate: string;
  };
  "citation.recorded": {
    citationId: string;
    violation: string;
    city: string;
    state: string;
    issuedOn: string;
    fineAmount: string;
    dueOn: string;
  };
  "citation.disputed": { citationId: string; driverId: string; driverName: string; citation: string };
  "citation.status_changed": { citationId: string; citation: string; status: string };
  "accident.recorded": { accidentId: string; reference: string; injuries: boolean; location: string };
  "load_request.created": {
    requestId: string;
    customerId: string;
    requestNumber: string;
    companyName: string;
    pickup: string;
    delivery: string;
    commodity: string;
  };
  "load_request.accepted": { requestId: string; requestNumber: string; loadId: string; loadNumber: string };
  "load_request.declined": { requestId: string; requestNumber: string };
  "inspection.failed": InspectionNotice;
  "inspection.needs_repair": InspectionNotice;
  /** An open bill due within the upcoming window, or overdue (once per bill per due date). */
  "bill.due": { billId: string; name: string; amount: string; dueDate: string; overdue: boolean };
  /** A dated document 30, 7 or 1 days before its expiry, or on the day (once each per date). */
  "document.expiring": {
    owner: "company" | "driver" | "vehicle" | "trailer" | "certificate";
    documentId: string;
    name: string;
    /** The driver's name, the unit or trailer number; null for the company's. */
    ownerLabel: string | null;
    expiresOn: string;
    daysLeft: number;
  };
  /** A driver filed one of their own documents; the office confirms it. */
  "document.submitted": { documentId: string; driverId: string; driverName: string; kind: string };
  /** To the signer, when they use the app: a contract was sent to them to sign (its link is in their email). */
  "contract.sent": { contractId: string; title: string; company: string };
  /** A contract was signed through its public link. */
  "contract.signed": { contractId: string; title: string; signerName: string };
  /** A signed contract expires in 30 days (once per expiry date). */
  "contract.expiring": {
    contractId: string;
    title: string;
    signerName: string;
    expiresOn: string;
    daysLeft: number;
  };
}
interface GeofenceNotice {
  loadId: string;
  loadNumber: string;
  stopId: string;
  /** The proposal (`stop_geofence_events.id`). */
  eventId: string;
  locationName: string;
  /** When the geofence was crossed: "YYYY-MM-DD HH:mm" in the company's time zone. */
  at: string;
}
interface InspectionNotice {
  inspectionId: string;
  maintenanceItemId: string | null;
  assetType: "vehicle" | "trailer";
  assetId: string;
  assetLabel: string;
  inspectionType: string;
  inspectorName: string;
  defects: Array<{ item: string; note: string }>;
  comments: string;
}
export type NotificationData<K extends NotificationKind = NotificationKind> = NotificationDataByKind[K];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  data: z.record(z.string(), z.unknown()),
  /** What a person typed with it (a reason, a note), shown as typed; empty otherwise. */
  note: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema).extend({
  /** The caller's unread notifications in all (the bell's count). */
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({
  unread: z.number().int(),
  /** Chat messages the caller has not read (users who chat: staff on the chat route and drivers). */
  chat: z.number().int().optional(),
});
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/**
 * The events stream (`GET /api/events`, server-sent events): `ready` on every (re)connect (fetch
 * again what may have been missed); `notification` carries one new notification (its id is the event
 * id, so a reconnect with `Last-Event-ID` gets what it missed); `chat` a conversation's new message or
 * read receipt; `session` says the signed-in session changed or ended (fetch `/api/me` again).
 */
export const STREAM_EVENTS = ["ready", "notification", "chat", "session", "position"] as const;
/** A comment line this often keeps proxies from closing an idle stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
/** At most this many missed notifications are replayed on a reconnect. */
export const STREAM_REPLAY_MAX = 100;
