import type { LoadExportQuery } from "@shared/loads/loads.schema";
import { ratePerMile } from "@shared/loads/miles.schema";
import { eq } from "drizzle-orm";
import { customers, drivers, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { EXPORT_MAX_ROWS, ensureExportFits } from "../../http/export";
import { scopeOf } from "../../http/scope";
import { type Column, sheetFile } from "../../platform/sheets/sheets";
import { countUpTo, customerIdsMatching, isWholeLoadNumber, listCondition, listOrder } from "./loads.repo";

type ExportRow = typeof loads.$inferSelect & { customerName: string | null; driverName: string | null };

const date = (d: Date) => d.toISOString().slice(0, 16).replace("T", " ");

function columns(forDriver: boolean): Column<ExportRow>[] {
  const all: Array<Column<ExportRow> & { staffOnly?: boolean }> = [
    { header: "Load number", value: (r) => r.loadNumber, width: 16 },
    { header: "Status", value: (r) => r.status, width: 12 },
    { header: "Customer", value: (r) => r.customerName, width: 28 },
    { header: "Driver", value: (r) => r.driverName, width: 22 },
    { header: "Pickup city", value: (r) => r.pickupCity },
    { header: "Pickup state", value: (r) => r.pickupState, width: 10 },
    { header: "Pickup (UTC)", value: (r) => date(r.pickupAt) },
    { header: "Delivery city", value: (r) => r.deliveryCity },
    { header: "Delivery state", value: (r) => r.deliveryState, width: 10 },
    { header: "Delivery (UTC)", value: (r) => date(r.deliveryAt) },
    { header: "Loaded miles", value: (r) => r.loadedMiles, width: 12 },
    { header: "Empty miles", value: (r) => r.emptyMiles, width: 12 },
    // none/manual/estimated/routed/override: "estimated" is the great-circle estimate (issue 40).
    { header: "Miles source", value: (r) => r.milesSource, width: 12 },
    { header: "Rate per mile", value: (r) => ratePerMile(r.totalRate, r.loadedMiles), width: 12 },
    { header: "Weight (lbs)", value: (r) => r.weightLbs, width: 12 },
    { header: "Base rate", value: (r) => r.baseRate, width: 12 },
    { header: "Fuel surcharge (in base)", value: (r) => r.fuelSurcharge, width: 12 },
    { header: "Lumper fee", value: (r) => r.lumperFee, width: 12 },
    { header: "Detention", value: (r) => r.detention, width: 12 },
    { header: "Other charges", value: (r) => r.otherCharges, width: 12 },
    { header: "Total rate", value: (r) => r.totalRate, width: 12 },
    { header: "Customer rate", value: (r) => r.customerRate, width: 12, staffOnly: true },
    { header: "Pay type", value: (r) => r.payType, width: 12 },
    { header: "Driver pay", value: (r) => r.driverPay, width: 12 },
    { header: "Fuel used (gal)", value: (r) => r.fuelUsedGallons, width: 12 },
    { header: "Description", value: (r) => r.description, width: 40 },
  ];
  return all.filter((c) => !(forDriver && c.staffOnly));
}

/**
 * The filtered list as CSV or Excel (cells escaped against formula injection by the sheets
 * service). A driver exports only their own loads, without the customer rate.
 */
export async function exportLoads(deps: Deps, actor: Actor, query: LoadExportQuery) {
  const { db } = deps;
  const { format, sort, dir, ...filter } = query;
  const scope = scopeOf(actor);
  const customerIds = filter.q && !isWholeLoadNumber(filter.q) ? await customerIdsMatching(db, filter.q) : [];
  const cond = listCondition(filter, scope, customerIds, deps.config.company.timeZone);
  ensureExportFits(await countUpTo(db, cond, EXPORT_MAX_ROWS), "loads");
  const rows: ExportRow[] = (
    await db
      .select({ load: loads, customerName: customers.companyName, driverName: drivers.fullName })
      .from(loads)
      .leftJoin(customers, eq(customers.id, loads.customerId))
      .leftJoin(drivers, eq(drivers.id, loads.driverId))
      .where(cond)
      .orderBy(listOrder(sort, dir))
      .limit(EXPORT_MAX_ROWS)
  ).map((r) => ({ ...r.load, customerName: r.customerName, driverName: r.driverName }));
  const cols = columns(scope.kind !== "staff");
  return sheetFile(rows, cols, format, { file: "loads", sheet: "Loads" });
}
