import { EXPIRY_WARNING_DAYS } from "@shared/drivers/expiry";
import {
  DRIVER_EXPORT_MAX_ROWS,
  type DriverExportQuery,
  type DriverListItem,
} from "@shared/drivers/management.schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { ensureExportFits } from "../../http/export";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { taxIdFor } from "./driver-detail";
import {
  countDrivers,
  driverListCondition,
  driverListOrder,
  selectDriverItems,
  toDriverListItem,
  utcToday,
} from "./drivers.repo";

type ExportRow = DriverListItem & {
  taxId: string | null;
  insuranceProvider: string | null;
  insurancePolicyNumber: string | null;
  defaultPayType: string | null;
  defaultPayRate: string | null;
};

const COLUMNS: Column<ExportRow>[] = [
  { header: "Full name", value: (r) => r.fullName, width: 24 },
  { header: "Status", value: (r) => r.status, width: 12 },
  { header: "Active", value: (r) => (r.active ? "yes" : "no"), width: 8 },
  { header: "Phone", value: (r) => r.phone, width: 18 },
  { header: "Email", value: (r) => r.email, width: 28 },
  { header: "Tax ID", value: (r) => r.taxId, width: 14 },
  { header: "License number", value: (r) => r.licenseNumber },
  { header: "License state", value: (r) => r.licenseState, width: 10 },
  { header: "License expiry", value: (r) => r.licenseExpiry, width: 14 },
  { header: "Medical card expiry", value: (r) => r.medicalCardExpiry, width: 14 },
  { header: "Insurance provider", value: (r) => r.insuranceProvider, width: 22 },
  { header: "Insurance policy", value: (r) => r.insurancePolicyNumber },
  { header: "Insurance expiry", value: (r) => r.insuranceExpiry, width: 14 },
  { header: "Hire date", value: (r) => r.hireDate, width: 12 },
  { header: "Rating", value: (r) => (r.ratingAverage === null ? null : Number(r.ratingAverage)), width: 8 },
  { header: "Ratings", value: (r) => r.ratingCount, width: 8 },
  { header: "Vehicle", value: (r) => r.vehicleLabel, width: 10 },
  { header: "Trailer", value: (r) => r.trailerLabel, width: 10 },
  { header: "Default pay type", value: (r) => r.defaultPayType, width: 14 },
  { header: "Default pay rate", value: (r) => r.defaultPayRate, width: 12 },
  { header: "Sign-in account", value: (r) => (r.hasAccount ? "yes" : "no"), width: 10 },
];

/** The filtered driver list as CSV or Excel; the tax id whole or masked, as the caller may see it. */
export async function exportDrivers(deps: Deps, actor: Actor, query: DriverExportQuery) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const cond = driverListCondition(filter, utcToday(), EXPIRY_WARNING_DAYS);
  ensureExportFits(await countDrivers(db, cond), "drivers", DRIVER_EXPORT_MAX_ROWS);
  const rows: ExportRow[] = (
    await selectDriverItems(db)
      .where(cond)
      .orderBy(...driverListOrder(sort, dir))
      .limit(DRIVER_EXPORT_MAX_ROWS)
  ).map((r) => ({
    ...toDriverListItem(r),
    taxId: taxIdFor(actor, r.driver.taxId).taxId,
    insuranceProvider: r.driver.insuranceProvider,
    insurancePolicyNumber: r.driver.insurancePolicyNumber,
    defaultPayType: r.driver.defaultPayType,
    defaultPayRate: r.driver.defaultPayRate,
  }));
  return sheetFile(rows, COLUMNS, format, { file: "drivers", sheet: "Drivers" });
}
