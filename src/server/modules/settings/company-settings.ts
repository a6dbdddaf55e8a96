import { sql } from "drizzle-orm";
import type { CompanyDetails } from "../../config";
import type { Db, Tx } from "../../db/client";
import type { Deps } from "../../deps";
import { showMoneyIn } from "../../platform/pdf/format";

/** The channel migration 0031's trigger announces every change of the company's profile on. */
export const COMPANY_CHANNEL = "lms_company";

type Row = {
  name: string;
  address: string;
  phone: string;
  email: string;
  usdot: string;
  mc: string;
  time_zone: string;
  currency: string;
  storage_key: string | null;
  content_type: string | null;
};

export async function companyRow(db: Db | Tx): Promise<Row | undefined> {
  const { rows } = await db.execute<Row>(sql`
    select c.name, c.address, c.phone, c.email, c.usdot, c.mc, c.time_zone, c.currency,
      f.storage_key, f.content_type
    from company_settings c left join files f on f.id = c.logo_file_id where c.id = 1`);
  return rows[0];
}

/**
 * Puts the saved company profile into this instance's `config.company`, in place: every PDF, email
 * and date boundary reads it from there at the moment it is made (decision 029). Nothing saved yet:
 * the COMPANY_* settings stay (first-run defaults).
 */
export async function loadCompanySettings(
  deps: Pick<Deps, "db" | "config" | "storage" | "log">,
): Promise<void> {
  const r = await companyRow(deps.db);
  if (!r) return;
  let logo: CompanyDetails["logo"] = null;
  if (r.storage_key && r.content_type) {
    try {
      logo = { bytes: await deps.storage.read(r.storage_key), contentType: r.content_type };
    } catch {
      deps.log.warn("company logo missing from storage; documents print without it");
    }
  }
  Object.assign(deps.config.company, {
    name: r.name,
    address: r.address,
    phone: r.phone,
    email: r.email,
    usdot: r.usdot,
    mc: r.mc,
    timeZone: r.time_zone,
    currency: r.currency,
    logo,
  } satisfies CompanyDetails);
  showMoneyIn(r.currency);
}

/** Loads the profile now and again whenever any instance saves it (or the listener reconnects). */
export function watchCompanySettings(deps: Deps): Promise<void> {
  const reload = () =>
    void loadCompanySettings(deps).catch((err: unknown) =>
      deps.log.warn("company settings reload failed", {
        error: String(err instanceof Error && err.cause ? err.cause : err),
      }),
    );
  deps.events.listen(COMPANY_CHANNEL, reload);
  deps.events.onReset(reload);
  return loadCompanySettings(deps);
}
