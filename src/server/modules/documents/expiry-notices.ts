import type { Role } from "@shared/access";
import { type DocumentOwner, EXPIRY_NOTICE_DAYS } from "@shared/documents/documents.schema";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companyDay } from "../../platform/company-day";
import { notifyRoles, notifyUsers } from "../../platform/notifications/notify";

/** What is announced: the document centre's dated documents and the certificates of insurance. */
type NoticeOwner = Exclude<DocumentOwner, "load"> | "certificate";

/**
 * Who looks after each owner's papers: the office for the company's, dispatch and safety for the
 * rest, admins and managers for the certificates of insurance (the COI manager's roles).
 */
const OWNING_STAFF: Record<NoticeOwner, readonly Role[]> = {
  certificate: ["admin", "manager"],
  company: ["admin", "manager", "accountant"],
  driver: ["admin", "manager", "dispatcher", "safety"],
  vehicle: ["admin", "manager", "dispatcher", "safety"],
  trailer: ["admin", "manager", "dispatcher", "safety"],
};

type Due = {
  owner: NoticeOwner;
  id: string;
  name: string;
  owner_label: string | null;
  expires_on: string;
  days_left: number;
  sent: number[] | null;
  /** A driver's document: the driver's sign-in, told too ("document expiring → owner"). */
  owner_user: string | null;
};

/**
 * The document centre's and the COI manager's expiry alerts: a dated document (a certificate of
 * insurance by its earliest policy expiry) is announced to its owning staff 30, 7 and 1
 * days before it expires and on the day — once each (`document_expiry_notices`, keyed by the date, so
 * a renewed document with a new date is announced again). A document that enters the window late is
 * announced once, at the nearest threshold, and the thresholds already passed count as told. Runs
 * hourly (the company's midnight in any time zone); two instances cannot send twice (the notice row
 * is inserted before the notification, and a conflict skips it).
 */
export async function noticeExpiringDocuments(db: Db, timeZone: string, now = new Date()): Promise<number> {
  const today = companyDay(now, timeZone);
  const widest = Math.max(...EXPIRY_NOTICE_DAYS);
  const { rows } = await db.execute<Due>(sql`
    with dated as (
      select 'company' as owner, cd.id, cd.name, null::text as owner_label, cd.expires_on, null::text as owner_user
      from company_documents cd where cd.expires_on between ${today}::date and ${today}::date + ${widest}::int
      union all
      select 'vehicle', fd.id, fd.name, v.unit_number, fd.expires_on, null
      from fleet_documents fd join vehicles v on v.id = fd.vehicle_id
      where fd.expires_on between ${today}::date and ${today}::date + ${widest}::int
      union all
      select 'trailer', fd.id, fd.name, t.identifier, fd.expires_on, null
      from fleet_documents fd join trailers t on t.id = fd.trailer_id
      where fd.expires_on between ${today}::date and ${today}::date + ${widest}::int
      union all
      select 'driver', dd.id, f.file_name, d.full_name, dd.expires_on, d.user_id
      from driver_documents dd join drivers d on d.id = dd.driver_id join files f on f.id = dd.file_id
      where dd.expires_on between ${today}::date and ${today}::date + ${widest}::int
      union all
      select 'certificate', ic.id, 'COI: ' || ic.insured_name, nullif(ic.party_name, ''), ic.expires_on, null
      from insurance_certificates ic
      where ic.expires_on between ${today}::date and ${today}::date + ${widest}::int
    )
    select dated.owner, dated.id, dated.name, dated.owner_label, dated.expires_on::text, dated.owner_user,
      (dated.expires_on - ${today}::date)::int as days_left,
      (select array_agg(n.days_before::int) from document_expiry_notices n
        where n.owner = dated.owner and n.document_id = dated.id and n.expires_on = dated.expires_on) as sent
    from dated`);
  let sentCount = 0;
  for (const doc of rows) {
    // The thresholds reached: the nearest is announced, the wider ones count as told with it.
    const reached = EXPIRY_NOTICE_DAYS.filter((d) => doc.days_left <= d);
    const nearest = Math.min(...reached);
    if ((doc.sent ?? []).includes(nearest)) continue;
    await db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`
        insert into document_expiry_notices (owner, document_id, expires_on, days_before)
        select ${doc.owner}, ${doc.id}::uuid, ${doc.expires_on}::date, d
        from unnest(${sql.raw(`array[${reached.join(",")}]`)}::smallint[]) d
        on conflict do nothing
        returning days_before`);
      if (!inserted.rows.some((r) => Number((r as { days_before: number }).days_before) === nearest)) return;
      const data = {
        owner: doc.owner,
        documentId: doc.id,
        name: doc.name,
        ownerLabel: doc.owner_label,
        expiresOn: doc.expires_on,
        daysLeft: doc.days_left,
      };
      await notifyRoles(tx, OWNING_STAFF[doc.owner], {
        kind: "document.expiring",
        data,
        link:
          doc.owner === "certificate"
            ? "/accounting/coi-manager?expiry=lapsing"
            : "/accounting/documents?expiry=expiring",
      });
      // The driver whose document it is renews it: they hear too (their own documents in the centre).
      if (doc.owner_user)
        await notifyUsers(tx, [doc.owner_user], {
          kind: "document.expiring",
          data,
          link: "/accounting/documents?expiry=expiring",
        });
      sentCount += 1;
    });
  }
  return sentCount;
}
