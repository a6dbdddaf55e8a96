import { CONTRACT_EXPIRY_NOTICE_DAYS } from "@shared/contracts/contracts.schema";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyDay } from "../../platform/company-day";
import { notifyRoles } from "../../platform/notifications/notify";
import { recordContractEvent } from "./contracts.service";

/**
 * The contracts' daily work (run hourly, so the company's midnight is caught in any time zone):
 * a contract whose expiry date has passed becomes expired whatever its signature state (its trail
 * says so; every read already shows it expired, `contractStatusOn`), and managers
 * hear of a signed contract 30 days before it expires — once per expiry date (`document_expiry_notices`,
 * owner "contract"; two instances cannot both send).
 */
export async function runContractExpiry(
  db: Db,
  timeZone: string,
  now = new Date(),
): Promise<{ expired: number; noticed: number }> {
  const today = companyDay(now, timeZone);
  const expired = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update contracts set status = 'expired', updated_at = now()
      where status <> 'expired' and expires_on < ${today}::date
      returning id`);
    for (const r of rows) await recordContractEvent(tx, r.id, "expired");
    return rows.length;
  });

  const { rows: due } = await db.execute<{
    id: string;
    title: string;
    signer_name: string;
    expires_on: string;
    days_left: number;
  }>(sql`
    select id, title, signer_name, expires_on::text, (expires_on - ${today}::date)::int as days_left
    from contracts
    where status = 'signed' and expires_on between ${today}::date and ${today}::date + ${CONTRACT_EXPIRY_NOTICE_DAYS}::int`);
  let noticed = 0;
  for (const c of due) {
    await db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        insert into document_expiry_notices (owner, document_id, expires_on, days_before)
        values ('contract', ${c.id}::uuid, ${c.expires_on}::date, ${CONTRACT_EXPIRY_NOTICE_DAYS})
        on conflict do nothing returning document_id`);
      if (!inserted.rows.length) return;
      await notifyRoles(tx, ["admin", "manager"], {
        kind: "contract.expiring",
        data: {
          contractId: c.id,
          title: c.title,
          signerName: c.signer_name,
          expiresOn: c.expires_on,
          daysLeft: c.days_left,
        },
        link: `/accounting/contracts?status=signed&sort=expiresOn&dir=asc`,
      });
      noticed += 1;
    });
  }
  return { expired, noticed };
}
