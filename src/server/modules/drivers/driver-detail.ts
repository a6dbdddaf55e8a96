import { can } from "@shared/access";
import { type DriverDetail, maskTaxId } from "@shared/drivers/management.schema";
import { eq, sql } from "drizzle-orm";
import { builtOnce, type Tx } from "../../db/client";
import { isoTime, jsonList, jsonObjectText } from "../../db/json-sql";
import { drivers } from "../../db/schema";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";
import { JsonText } from "../../http/json-text";
import { iso } from "../../http/pagination";
import { toDriverListItem } from "./drivers.repo";

/** The tax id as this caller may see it: whole for `drivers:taxId` roles, else masked by its kind. */
export function taxIdFor(actor: Pick<Actor, "role">, taxId: string | null) {
  const whole = can(actor, "drivers:taxId");
  return { taxId: whole ? taxId : maskTaxId(taxId), taxIdMasked: !whole && !!taxId };
}

const joinWords = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(" ");

type DetailJson = {
  account: {
    email: string;
    banned: boolean | null;
    mustChangePassword: boolean | null;
    lastSignInAt: string | null;
  } | null;
  assignment: {
    id: string;
    unitNumber: string | null;
    make: string | null;
    model: string | null;
    plateNumber: string | null;
    identifier: string | null;
    trailerType: string | null;
    startedAt: string;
  } | null;
  counts: DriverDetail["loadCounts"];
  categories: DriverDetail["ratingCategories"];
  documents: DriverDetail["documents"];
};

/**
 * The profile: the driver's row with their account, current equipment, load counts, rating averages
 * and documents as columns — one statement, built once (decision 036); it was six, one after another.
 * A single-table select names its columns without the table, so the subqueries say `drivers.` themselves.
 */
const driverDetail = builtOnce("driver_detail", (tx) =>
  tx
    .select({
      driver: drivers,
      account: sql<DetailJson["account"]>`(
        select json_build_object('email', u.email, 'banned', u.banned,
          'mustChangePassword', au.must_change_password, 'lastSignInAt', au.last_sign_in_at)
        from users u left join app_users au on au.user_id = u.id where u.id = drivers.user_id)`,
      assignment: sql<DetailJson["assignment"]>`(
        select json_build_object('id', a.id, 'unitNumber', v.unit_number, 'make', v.make, 'model', v.model,
          'plateNumber', v.plate_number, 'identifier', t.identifier, 'trailerType', t.type,
          'startedAt', a.started_at)
        from asset_assignments a
        left join vehicles v on v.id = a.vehicle_id
        left join trailers t on t.id = a.trailer_id
        where a.driver_id = drivers.id and a.ended_at is null limit 1)`,
      // The sums of the per-month counts by driver and status that the load triggers keep exact in the
      // same transaction as every load write (`load_month_totals`): a few dozen rows, where counting the
      // driver's loads read thousands at a million loads (issue 42).
      counts: sql<DetailJson["counts"]>`(
        select json_build_object('total', coalesce(sum(t.loads), 0),
          'active', coalesce(sum(t.loads) filter (where t.status in ('assigned', 'in_progress')), 0),
          'completed', coalesce(sum(t.loads) filter (where t.status = 'completed'), 0))
        from load_month_totals t where t.dim = 'driver' and t.subject_id = drivers.id)`,
      categories: sql<DetailJson["categories"]>`(
        select json_build_object('punctuality', round(avg(r.punctuality), 2)::text,
          'communication', round(avg(r.communication), 2)::text, 'safety', round(avg(r.safety), 2)::text,
          'equipmentCare', round(avg(r.equipment_care), 2)::text)
        from driver_ratings r where r.driver_id = drivers.id)`,
      documents: sql<DetailJson["documents"]>`coalesce((
        select json_agg(json_build_object('id', dd.id, 'kind', dd.kind, 'fileName', f.file_name,
          'contentType', f.content_type, 'size', f.size, 'uploadedByName', u.name,
          'createdAt', dd.created_at) order by dd.created_at, dd.id)
        from driver_documents dd
        join files f on f.id = dd.file_id
        left join users u on u.id = dd.uploaded_by
        where dd.driver_id = drivers.id), '[]')`,
    })
    .from(drivers)
    .where(eq(drivers.id, sql.placeholder("id"))),
);

export async function buildDriverDetail(db: Tx, actor: Actor, id: string): Promise<DriverDetail> {
  const [row] = await driverDetail(db).execute({ id });
  if (!row) throw notFound("The driver");
  const { driver: d, account, assignment, counts, categories } = row;
  return {
    ...toDriverListItem({
      driver: d,
      vehicleLabel: assignment?.unitNumber ?? null,
      trailerLabel: assignment?.identifier ?? null,
    }),
    ...taxIdFor(actor, d.taxId),
    insuranceProvider: d.insuranceProvider,
    insurancePolicyNumber: d.insurancePolicyNumber,
    defaultPayType: d.defaultPayType,
    defaultPayRate: d.defaultPayRate,
    workerType: d.workerType,
    mailingStreet: d.mailingStreet,
    mailingCity: d.mailingCity,
    mailingState: d.mailingState,
    mailingPostalCode: d.mailingPostalCode,
    taxFormsEconsent: d.taxFormsEconsent,
    taxFormsEconsentAt: iso(d.taxFormsEconsentAt),
    notes: d.notes,
    deactivatedAt: iso(d.deactivatedAt),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    account: account
      ? {
          email: account.email,
          disabled: !!account.banned,
          mustChangePassword: !!account.mustChangePassword,
          lastSignInAt: account.lastSignInAt ? new Date(account.lastSignInAt).toISOString() : null,
        }
      : null,
    currentAssignment: assignment
      ? {
          id: assignment.id,
          vehicleLabel: assignment.unitNumber,
          vehicleDescription: assignment.unitNumber
            ? joinWords(
                joinWords(assignment.make, assignment.model),
                assignment.plateNumber ? `· ${assignment.plateNumber}` : null,
              ) || null
            : null,
          trailerLabel: assignment.identifier,
          trailerType: assignment.trailerType,
          startedAt: new Date(assignment.startedAt).toISOString(),
        }
      : null,
    loadCounts: counts ?? { total: 0, active: 0, completed: 0 },
    ratingCategories: categories ?? {
      punctuality: null,
      communication: null,
      safety: null,
      equipmentCare: null,
    },
    documents: row.documents.map((doc) => ({ ...doc, createdAt: new Date(doc.createdAt).toISOString() })),
  };
}

/** The current assignment's row, as `driverDetail` reads it. */
const currentAssignment = sql`(select a.id, a.started_at, v.unit_number, v.make, v.model, v.plate_number,
    t.identifier, t.type
  from asset_assignments a
  left join vehicles v on v.id = a.vehicle_id
  left join trailers t on t.id = a.trailer_id
  where a.driver_id = drivers.id and a.ended_at is null limit 1)`;

/** Empty text as null, for `joinWords`' "a falsy part is left out". */
const word = (x: string) => sql.raw(`nullif(${x}, '')`);

/**
 * The same answer as `buildDriverDetail`, written by PostgreSQL (issue 42, target 4) in two parts
 * around the tax id, which Node writes with `taxIdFor` (whole or masked by the caller's role, one rule
 * for both paths). The keys, their order and every value are `buildDriverDetail`'s
 * (drivers.int.test.ts compares the two for every driver and role); change both together.
 */
const driverDetailText = builtOnce("driver_detail_text", (tx) =>
  tx
    .select({
      taxId: drivers.taxId,
      head: jsonObjectText({
        id: sql`drivers.id`,
        fullName: sql`drivers.full_name`,
        phone: sql`drivers.phone`,
        email: sql`drivers.email`,
        status: sql`drivers.status`,
        manualStatus: sql`drivers.manual_status`,
        active: sql`drivers.active`,
        licenseNumber: sql`drivers.license_number`,
        licenseState: sql`drivers.license_state`,
        licenseExpiry: sql`drivers.license_expiry`,
        medicalCardExpiry: sql`drivers.medical_card_expiry`,
        insuranceExpiry: sql`drivers.insurance_expiry`,
        hireDate: sql`drivers.hire_date`,
        ratingAverage: sql`drivers.rating_average::text`,
        ratingCount: sql`drivers.rating_count`,
        vehicleLabel: sql`(select ca.unit_number from ${currentAssignment} ca)`,
        trailerLabel: sql`(select ca.identifier from ${currentAssignment} ca)`,
        hasAccount: sql`(drivers.user_id is not null)`,
      }),
      tail: jsonObjectText({
        insuranceProvider: sql`drivers.insurance_provider`,
        insurancePolicyNumber: sql`drivers.insurance_policy_number`,
        defaultPayType: sql`drivers.default_pay_type`,
        defaultPayRate: sql`drivers.default_pay_rate::text`,
        workerType: sql`drivers.worker_type`,
        mailingStreet: sql`drivers.mailing_street`,
        mailingCity: sql`drivers.mailing_city`,
        mailingState: sql`drivers.mailing_state`,
        mailingPostalCode: sql`drivers.mailing_postal_code`,
        taxFormsEconsent: sql`drivers.tax_forms_econsent`,
        taxFormsEconsentAt: isoTime(sql`drivers.tax_forms_econsent_at`),
        notes: sql`drivers.notes`,
        deactivatedAt: isoTime(sql`drivers.deactivated_at`),
        createdAt: isoTime(sql`drivers.created_at`),
        updatedAt: isoTime(sql`drivers.updated_at`),
        account: sql`(select row_to_json(x) from (
          select u.email as "email", coalesce(u.banned, false) as "disabled",
            coalesce(au.must_change_password, false) as "mustChangePassword",
            ${isoTime(sql`au.last_sign_in_at`)} as "lastSignInAt"
          from users u left join app_users au on au.user_id = u.id where u.id = drivers.user_id) x)`,
        currentAssignment: sql`(select row_to_json(x) from (
          select ca.id as "id", ca.unit_number as "vehicleLabel",
            case when ca.unit_number is not null then nullif(concat_ws(' ',
              nullif(concat_ws(' ', ${word("ca.make")}, ${word("ca.model")}), ''),
              '· ' || ${word("ca.plate_number")}), '') end as "vehicleDescription",
            ca.identifier as "trailerLabel", ca.type as "trailerType",
            ${isoTime(sql`ca.started_at`)} as "startedAt"
          from ${currentAssignment} ca) x)`,
        loadCounts: sql`(select row_to_json(x) from (
          select coalesce(sum(t.loads), 0) as "total",
            coalesce(sum(t.loads) filter (where t.status in ('assigned', 'in_progress')), 0) as "active",
            coalesce(sum(t.loads) filter (where t.status = 'completed'), 0) as "completed"
          from load_month_totals t where t.dim = 'driver' and t.subject_id = drivers.id) x)`,
        ratingCategories: sql`(select row_to_json(x) from (
          select round(avg(r.punctuality), 2)::text as "punctuality",
            round(avg(r.communication), 2)::text as "communication",
            round(avg(r.safety), 2)::text as "safety",
            round(avg(r.equipment_care), 2)::text as "equipmentCare"
          from driver_ratings r where r.driver_id = drivers.id) x)`,
        documents: jsonList(
          {
            id: sql`dd.id`,
            kind: sql`dd.kind`,
            fileName: sql`f.file_name`,
            contentType: sql`f.content_type`,
            size: sql`f.size`,
            uploadedByName: sql`u.name`,
            createdAt: isoTime(sql`dd.created_at`),
          },
          {
            from: sql`driver_documents dd join files f on f.id = dd.file_id
              left join users u on u.id = dd.uploaded_by`,
            where: sql`dd.driver_id = drivers.id`,
            orderBy: sql`dd.created_at, dd.id`,
          },
        ),
      }),
    })
    .from(drivers)
    .where(eq(drivers.id, sql.placeholder("id"))),
);

/** `buildDriverDetail` as JSON text: PostgreSQL's two parts joined around the tax id as `actor` may see it. */
export async function driverDetailJson(db: Tx, actor: Actor, id: string): Promise<JsonText<DriverDetail>> {
  const [row] = await driverDetailText(db).execute({ id });
  if (!row) throw notFound("The driver");
  const { taxId, taxIdMasked } = taxIdFor(actor, row.taxId);
  const middle = `"taxId":${JSON.stringify(taxId)},"taxIdMasked":${taxIdMasked}`;
  return new JsonText<DriverDetail>(`${row.head.slice(0, -1)},${middle},${row.tail.slice(1)}`);
}
