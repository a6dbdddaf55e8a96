import { CITATION_STATUSES } from "@shared/citations/citations.schema";
import { addDays, type ReportSection } from "@shared/reports/reports.schema";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dayAfter, dayStart } from "../../platform/company-day";
import {
  cents,
  chart,
  column,
  figure,
  link,
  money,
  type ReportContext,
  row,
  rows,
  section,
  TABLE_ROWS,
  table,
} from "./report-kit";

/** A document counts as expiring this many days before its date (the document centre's alerts start at 30). */
export const EXPIRING_WITHIN_DAYS = 30;

type Dated = {
  subject_kind: "driver" | "vehicle" | "trailer" | "company";
  subject_id: string | null;
  subject: string;
  kind: string;
  name: string;
  expires_on: string;
};

const subjectLink = (d: Pick<Dated, "subject_kind" | "subject_id">) =>
  d.subject_kind === "driver"
    ? `/drivers/${d.subject_id}`
    : d.subject_kind === "vehicle"
      ? `/fleet/vehicles/${d.subject_id}`
      : d.subject_kind === "trailer"
        ? `/fleet/trailers/${d.subject_id}`
        : "/accounting/documents";

/**
 * Everything dated — licences, medical cards, drivers' insurance, registrations, trucks' insurance,
 * trailer inspections, driver and fleet documents, certificates of insurance, company documents —
 * that has expired or expires by `horizon`, soonest first (inactive drivers and units left out).
 */
export function datedDocuments(db: Db, horizon: string): Promise<Dated[]> {
  return rows<Dated>(
    db,
    sql`select * from (
            select 'driver' as subject_kind, d.id::text as subject_id, d.full_name as subject, x.kind, '' as name, x.expires_on::text as expires_on
            from drivers d cross join lateral (values
              ('license', d.license_expiry), ('medical_card', d.medical_card_expiry), ('driver_insurance', d.insurance_expiry)
            ) x(kind, expires_on)
            where d.active and x.expires_on is not null
            union all
            select 'vehicle', v.id::text, v.unit_number, x.kind, '', x.expires_on::text
            from vehicles v cross join lateral (values
              ('registration', v.plate_expires_on), ('vehicle_insurance', v.insurance_expires_on)
            ) x(kind, expires_on)
            where v.status <> 'inactive' and x.expires_on is not null
            union all
            select 'trailer', t.id::text, t.identifier, 'trailer_inspection', '', t.next_inspection_on::text
            from trailers t where t.status <> 'inactive' and t.next_inspection_on is not null
            union all
            select 'driver', d.id::text, d.full_name, dd.kind::text, '', dd.expires_on::text
            from driver_documents dd join drivers d on d.id = dd.driver_id
            where d.active and dd.expires_on is not null
            union all
            select case when f.vehicle_id is not null then 'vehicle' else 'trailer' end,
              coalesce(f.vehicle_id, f.trailer_id)::text, coalesce(v.unit_number, t.identifier), 'fleet_document', f.name, f.expires_on::text
            from fleet_documents f left join vehicles v on v.id = f.vehicle_id left join trailers t on t.id = f.trailer_id
            where f.expires_on is not null
            union all
            select 'company', null, c.insured_name, 'coi', '', c.expires_on::text
            from insurance_certificates c where c.expires_on is not null
            union all
            select 'company', null, cd.name, 'company_document', '', cd.expires_on::text
            from company_documents cd where cd.expires_on is not null
          ) all_dated
          where expires_on::date <= ${horizon}::date
          order by expires_on, subject`,
  );
}

export async function complianceReport(ctx: ReportContext): Promise<ReportSection[]> {
  const { period, timeZone, today } = ctx;
  const horizon = addDays(today, EXPIRING_WITHIN_DAYS);
  const inPeriod = { from: period.from, to: period.to };
  const start = dayStart(period.from, timeZone);
  const end = dayAfter(period.to, timeZone);
  const [dated, citations, violations, accidents, failed] = await Promise.all([
    datedDocuments(ctx.db, horizon),
    rows<{ cur: boolean; status: string; n: number; amount: string }>(
      ctx.db,
      sql`select issued_on >= ${period.from}::date as cur, status::text as status, count(*)::int as n, sum(fine_amount)::text as amount
          from citations where issued_on between ${period.previousFrom}::date and ${period.to}::date
          group by 1, 2`,
    ),
    rows<{ violation: string; n: number; amount: string }>(
      ctx.db,
      sql`select violation, count(*)::int as n, sum(fine_amount)::text as amount
          from citations where issued_on between ${period.from}::date and ${period.to}::date
          group by 1 order by 2 desc, 1 limit ${TABLE_ROWS}`,
    ),
    rows<{ cur: boolean; n: number; injuries: number; open_claims: number; claimed: string }>(
      ctx.db,
      sql`select occurred_at >= ${start} as cur, count(*)::int as n, count(*) filter (where injuries)::int as injuries,
            count(*) filter (where claim_status = 'open' and claim_amount is not null)::int as open_claims,
            coalesce(sum(claim_amount), 0)::text as claimed
          from accidents
          where occurred_at >= ${dayStart(period.previousFrom, timeZone)} and occurred_at < ${end}
          group by 1`,
    ),
    rows<{ cur: boolean; n: number }>(
      ctx.db,
      sql`select inspected_at >= ${start} as cur, count(*)::int as n from inspections
          where overall_status <> 'pass'
            and inspected_at >= ${dayStart(period.previousFrom, timeZone)} and inspected_at < ${end}
          group by 1`,
    ),
  ]);
  // Per driver and per truck: the period's citations, accidents and failed inspections, and the
  // documents expired or expiring now.
  const [perDriver, perTruck] = await Promise.all([
    rows<{ id: string; name: string; citations: number; accidents: number; failed: number }>(
      ctx.db,
      sql`select d.id, d.full_name as name,
            (select count(*) from citations c where c.driver_id = d.id and c.issued_on between ${period.from}::date and ${period.to}::date)::int as citations,
            (select count(*) from accidents a where a.driver_id = d.id and a.occurred_at >= ${start} and a.occurred_at < ${end})::int as accidents,
            (select count(*) from inspections i where i.driver_id = d.id and i.overall_status <> 'pass' and i.inspected_at >= ${start} and i.inspected_at < ${end})::int as failed
          from drivers d where d.active`,
    ),
    rows<{ id: string; name: string; accidents: number; failed: number }>(
      ctx.db,
      sql`select v.id, v.unit_number as name,
            (select count(*) from accidents a where a.vehicle_id = v.id and a.occurred_at >= ${start} and a.occurred_at < ${end})::int as accidents,
            (select count(*) from inspections i where i.vehicle_id = v.id and i.overall_status <> 'pass' and i.inspected_at >= ${start} and i.inspected_at < ${end})::int as failed
          from vehicles v where v.status <> 'inactive'`,
    ),
  ]);

  const expired = dated.filter((d) => d.expires_on < today);
  const expiring = dated.filter((d) => d.expires_on >= today);
  const cit = (cur: boolean, status?: string) =>
    citations.filter((c) => c.cur === cur && (!status || c.status === status)).reduce((s, c) => s + c.n, 0);
  const acc = (cur: boolean) =>
    accidents.find((a) => a.cur === cur) ?? { n: 0, injuries: 0, open_claims: 0, claimed: "0" };
  const fail = (cur: boolean) => failed.find((f) => f.cur === cur)?.n ?? 0;

  const figures = [
    figure("expiredDocuments", "count", expired.length, null, {
      link: link("/accounting/documents", { expiry: "expired" }),
      higherIsBetter: false,
    }),
    figure("expiringDocuments", "count", expiring.length, null, {
      link: link("/accounting/documents", { expiry: "expiring" }),
      higherIsBetter: false,
    }),
    figure("citations", "count", cit(true), cit(false), {
      link: link("/operations/citations", inPeriod),
      higherIsBetter: false,
    }),
    figure("openCitations", "count", cit(true, "open"), cit(false, "open"), {
      link: link("/operations/citations", { ...inPeriod, status: "open" }),
      higherIsBetter: false,
    }),
    figure("accidents", "count", acc(true).n, acc(false).n, {
      link: link("/operations/accidents", inPeriod),
      higherIsBetter: false,
    }),
    figure("openClaims", "count", acc(true).open_claims, acc(false).open_claims, {
      link: link("/operations/accidents", { ...inPeriod, claimStatus: "open" }),
      higherIsBetter: false,
    }),
    figure("claimed", "money", money(cents(acc(true).claimed)), money(cents(acc(false).claimed)), {
      link: link("/operations/accidents", inPeriod),
      higherIsBetter: false,
    }),
    figure("failedInspections", "count", fail(true), fail(false), {
      link: link("/fleet/inspections", { ...inPeriod, status: "fail" }),
      higherIsBetter: false,
    }),
  ];

  const documentRows = (list: Dated[]) =>
    list
      .slice(0, TABLE_ROWS * 2)
      .map((d) =>
        row(
          "text",
          d.subject,
          [
            d.subject_kind,
            d.kind,
            d.expires_on,
            String(Math.round((Date.parse(d.expires_on) - Date.parse(today)) / 86_400_000)),
          ],
          subjectLink(d),
        ),
      );
  const documentColumns = [
    column("owner", "label", "subjectKind"),
    column("document", "label", "documentKind"),
    column("expiresOn", "date"),
    column("daysLeft", "days"),
  ];
  const citationTable = table(
    "citationsByStatus",
    "status",
    [column("citations", "count"), column("fines", "money"), column("previous", "count")],
    CITATION_STATUSES.map((s) =>
      row(
        "citationStatus",
        s,
        [cit(true, s), citations.find((c) => c.cur && c.status === s)?.amount ?? "0.00", cit(false, s)],
        link("/operations/citations", { ...inPeriod, status: s }),
      ),
    ),
    { total: true },
  );
  const violationTable = table(
    "citationsByViolation",
    "violation",
    [column("citations", "count"), column("fines", "money")],
    violations.map((v) =>
      row(
        "text",
        v.violation,
        [v.n, v.amount],
        link("/operations/citations", { ...inPeriod, q: v.violation }),
      ),
    ),
    { total: true, truncated: violations.length === TABLE_ROWS },
  );
  const accidentTable = table(
    "accidents",
    "measure",
    [column("value", "number"), column("previous", "number")],
    [
      row("measure", "accidents", [acc(true).n, acc(false).n], link("/operations/accidents", inPeriod)),
      row("measure", "injuries", [acc(true).injuries, acc(false).injuries]),
      row("measure", "openClaims", [acc(true).open_claims, acc(false).open_claims]),
    ],
  );
  const owed = (kind: "driver" | "vehicle", id: string) => ({
    expired: expired.filter((d) => d.subject_kind === kind && d.subject_id === id).length,
    expiring: expiring.filter((d) => d.subject_kind === kind && d.subject_id === id).length,
  });
  const driverRows = perDriver
    .map((d) => ({ ...d, ...owed("driver", d.id) }))
    .filter((d) => d.expired + d.expiring + d.citations + d.accidents + d.failed > 0)
    .sort(
      (a, b) =>
        b.expired - a.expired ||
        b.citations + b.accidents + b.failed - (a.citations + a.accidents + a.failed) ||
        a.name.localeCompare(b.name),
    );
  const truckRows = perTruck
    .map((t) => ({ ...t, ...owed("vehicle", t.id) }))
    .filter((t) => t.expired + t.expiring + t.accidents + t.failed > 0)
    .sort(
      (a, b) =>
        b.expired - a.expired ||
        b.accidents + b.failed - (a.accidents + a.failed) ||
        a.name.localeCompare(b.name),
    );

  return [
    section("summary", { figures }),
    section("documents", {
      tables: [
        table("expiredDocuments", "subject", documentColumns, documentRows(expired), {
          truncated: expired.length > TABLE_ROWS * 2,
        }),
        table("expiringDocuments", "subject", documentColumns, documentRows(expiring), {
          truncated: expiring.length > TABLE_ROWS * 2,
        }),
      ],
    }),
    section("citations", {
      charts: [chart("citationsByStatus", "bar", "citationsByStatus", ["citations"])],
      tables: [citationTable, violationTable],
    }),
    section("accidents", { tables: [accidentTable] }),
    section("perSubject", {
      tables: [
        table(
          "complianceByDriver",
          "driver",
          [
            column("expired", "count"),
            column("expiring", "count"),
            column("citations", "count"),
            column("accidents", "count"),
            column("failedInspections", "count"),
          ],
          driverRows
            .slice(0, TABLE_ROWS)
            .map((d) =>
              row(
                "text",
                d.name,
                [d.expired, d.expiring, d.citations, d.accidents, d.failed],
                `/drivers/${d.id}`,
              ),
            ),
          { total: true, truncated: driverRows.length > TABLE_ROWS },
        ),
        table(
          "complianceByTruck",
          "truck",
          [
            column("expired", "count"),
            column("expiring", "count"),
            column("accidents", "count"),
            column("failedInspections", "count"),
          ],
          truckRows
            .slice(0, TABLE_ROWS)
            .map((t) =>
              row("text", t.name, [t.expired, t.expiring, t.accidents, t.failed], `/fleet/vehicles/${t.id}`),
            ),
          { total: true, truncated: truckRows.length > TABLE_ROWS },
        ),
      ],
    }),
  ];
}
