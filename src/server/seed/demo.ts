import { eq, sql } from "drizzle-orm";
import { DEFAULT_COMPANY } from "../config";
import type { Db } from "../db/client";
import type { Database } from "../db/database";
import { accountReviews, appMeta } from "../db/schema";
import type { Deps } from "../deps";
import { createAccount, emailTaken, hashPassword } from "../modules/auth/accounts";
import { DEMO_MARKER, recordDemoRows } from "../modules/data-management/demo-company";
import type { Storage } from "../platform/storage/storage";
import { seedAccountingDemo } from "./accounting-demo";
import { seedCertificatesDemo } from "./certificates-demo";
import { seedCommunicationsDemo } from "./communications-demo";
import { seedContractsDemo } from "./contracts-demo";
import { seedCustomersDemo } from "./customers-demo";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts";
import { seedDispatchDemo } from "./dispatch-demo";
import { seedDocumentsDemo } from "./documents-demo";
import { seedDriversDemo } from "./drivers-demo";
import { seedFleetDemo } from "./fleet-demo";
import { seedFuelTollsParkingDemo } from "./fuel-tolls-parking-demo";
import { seedInspectionsDemo } from "./inspections-demo";
import { seedInvoicesDemo } from "./invoices-demo";
import { seedMilesDemo } from "./miles-demo";
import { seedPaperworkDemo } from "./paperwork-demo";
import { seedReportsDemo } from "./reports-demo";
import { seedSafetyDemo } from "./safety-demo";
import { seedSecurityDemo } from "./security-demo";
import { seedSettlementsDemo } from "./settlements-demo";
import { seedTrackingDemo } from "./tracking-demo";
import { seedTrackingLinksDemo } from "./tracking-links-demo";

const INSTALLED_MARKER = "installed_at";

async function meta(db: Db, key: string) {
  const [row] = await db.select().from(appMeta).where(eq(appMeta.key, key));
  return row?.value ?? null;
}

/**
 * Demo data goes in on the embedded database's first run (unless DEMO_DATA=false), and on an
 * external database only when DEMO_DATA=true: never silently into a real company's data.
 */
export async function shouldSeedDemo(deps: Deps, database: Pick<Database, "embedded">): Promise<boolean> {
  const { db, config } = deps;
  if (config.demoData === false) return false;
  if (await meta(db, DEMO_MARKER)) return false;
  const installed = await meta(db, INSTALLED_MARKER);
  if (!installed) {
    await db
      .insert(appMeta)
      .values({ key: INSTALLED_MARKER, value: new Date().toISOString() })
      .onConflictDoNothing();
  }
  if (config.demoData === true) return true;
  return database.embedded && !installed;
}

export async function isDemoSeeded(db: Db) {
  return !!(await meta(db, DEMO_MARKER));
}

const PENDING_REQUESTS = [
  {
    email: "orders@harborfreshproduce.test",
    name: "Linda Okafor",
    companyName: "Harbor Fresh Produce",
    phone: "+1 206 555 0164",
    address: "2200 Alaskan Way, Seattle, WA 98121",
    message: "We ship 6–8 reefer loads a week from Seattle to the Bay Area.",
  },
  {
    email: "logistics@summitbuild.test",
    name: "Marcus Reid",
    companyName: "Summit Building Materials",
    phone: "+1 303 555 0119",
    address: "4800 Race St, Denver, CO 80216",
    message: "Flatbed lumber and drywall, Denver to Salt Lake City.",
  },
];

/**
 * The demo company: one account per role (two drivers, two customers), requests to review, and a
 * running dispatch office (fleet, more drivers and customers, loads, time off).
 */
export async function seedDemoData(
  db: Db,
  options: { storage?: Storage; timeZone?: string; publicUrl?: string } = {},
): Promise<{ contractLink: string | null; trackingLink: string | null }> {
  const accounts = await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => ({ ...a, passwordHash: await hashPassword(DEMO_PASSWORD) })),
  );
  const requestHash = await hashPassword("Welcome2026!");
  return db.transaction(async (tx) => {
    for (const a of accounts) {
      if (await emailTaken(tx, a.email)) continue;
      await createAccount(tx, a);
    }
    for (const r of PENDING_REQUESTS) {
      await tx
        .insert(accountReviews)
        .values({ ...r, passwordHash: requestHash })
        .onConflictDoNothing({ target: accountReviews.email });
    }
    await seedDispatchDemo(tx);
    // Miles for the loads still to run, computed from their stops (issue 40).
    await seedMilesDemo(tx);
    // Before invoices: they copy the customers' billing address and payment terms.
    await seedCustomersDemo(tx);
    // Right after the fleet exists: odometers, papers, schedules and shop history (inspections and fuel count back from the mileage).
    await seedFleetDemo(tx);
    // After the fleet and drivers: citations and accidents name them.
    await seedSafetyDemo(tx, options.storage);
    // After the loads: invoices bill the demo customers' completed loads.
    await seedInvoicesDemo(tx, options.storage);
    // After the invoices: billed loads' paperwork was verified before the invoice went out.
    await seedPaperworkDemo(tx);
    await seedDriversDemo(tx);
    // After the fleet seed: inspection odometer readings are dated back from the trucks' mileage.
    await seedInspectionsDemo(tx);
    // Last: fuel odometers count back from the trucks' mileage; receipts need the storage service.
    await seedFuelTollsParkingDemo(tx, options.storage);
    // After every source of money: the ledger posts them, then the hand entries.
    await seedAccountingDemo(tx, options.timeZone ?? DEFAULT_COMPANY.timeZone);
    // After the ledger's sources: paying a settlement posts its driver-pay expense like any source.
    await seedSettlementsDemo(tx, options.timeZone ?? DEFAULT_COMPANY.timeZone, options.storage);
    // The company's own papers (the document centre); their PDFs need the storage service.
    await seedDocumentsDemo(tx, options.storage);
    // Certificates of insurance (ours, received ones) and two certificate holders.
    await seedCertificatesDemo(tx, options.storage);
    // IFTA's quarterly tax rates (the loads' state miles came with the lanes) and the dashboard's activity.
    await seedReportsDemo(tx, options.timeZone ?? DEFAULT_COMPANY.timeZone);
    // A driver's security history: a password change and an admin browsing as them.
    await seedSecurityDemo(tx);
    // Chat between dispatch and drivers (after the loads it is about).
    await seedCommunicationsDemo(tx);
    // Contracts in every status; a new hire's live signing link is returned for the log.
    const contractLink = await seedContractsDemo(tx, options);
    // A tracking link dispatch emailed the shipper (returned for the log) and one from the portal.
    const trackingLink = await seedTrackingLinksDemo(tx, options);
    // Live tracking: consents, each load on the road's breadcrumb up to now, its ETA (issue 40).
    await seedTrackingDemo(tx);
    // Every row there is now is the demo's: Admin → Data management can remove exactly these later.
    await recordDemoRows((text) => tx.execute(sql.raw(text)));
    await tx
      .insert(appMeta)
      .values({ key: DEMO_MARKER, value: new Date().toISOString() })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: new Date().toISOString() } });
    return { contractLink, trackingLink };
  });
}
