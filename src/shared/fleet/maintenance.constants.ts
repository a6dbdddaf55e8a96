/** Maintenance constants shared by the server, the web app and the inspections module. */

/** An item in the maintenance log: open (a defect to fix) or completed (service done). */
export const MAINTENANCE_ITEM_STATUSES = ["open", "completed"] as const;
export type MaintenanceItemStatus = (typeof MAINTENANCE_ITEM_STATUSES)[number];

/** Where an item came from: typed in the log, or opened by a failed inspection. */
export const MAINTENANCE_SOURCES = ["manual", "inspection"] as const;
export type MaintenanceSource = (typeof MAINTENANCE_SOURCES)[number];

/**
 * Service types. `repair` is what a failed inspection opens; the others match the schedules a
 * trucking shop keeps (every N miles and/or N days).
 */
export const SERVICE_TYPES = [
  "oil_change",
  "pm_service",
  "tires",
  "tire_rotation",
  "brakes",
  "annual_inspection",
  "dot_inspection",
  "engine",
  "transmission",
  "electrical",
  "body",
  "reefer_unit",
  "repair",
  "other",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Maintenance status of a vehicle, computed from its schedules (spec section 4). */
export const MAINTENANCE_STATUSES = ["good", "due", "overdue"] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** English names, for exports and server texts; the UI translates the codes. */
export const SERVICE_TYPE_LABELS: Record<ServiceType, string> = {
  oil_change: "Oil change",
  pm_service: "PM service",
  tires: "Tires",
  tire_rotation: "Tire rotation",
  brakes: "Brakes",
  annual_inspection: "Annual inspection",
  dot_inspection: "DOT inspection",
  engine: "Engine",
  transmission: "Transmission",
  electrical: "Electrical",
  body: "Body",
  reefer_unit: "Reefer unit",
  repair: "Repair",
  other: "Other",
};
