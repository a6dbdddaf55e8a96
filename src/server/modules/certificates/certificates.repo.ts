import {
  CERTIFICATE_LAPSE_DAYS,
  type Certificate,
  type CertificateFilter,
  type HolderFilter,
  type HolderRequest,
} from "@shared/certificates/certificates.schema";
import { and, asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { certificateRequests, files, insuranceCertificates } from "../../db/schema";
import { iso, likePattern } from "../../http/pagination";

const ic = insuranceCertificates;
const cr = certificateRequests;

/** Expired: before today. Lapsing: today up to the lapse window. Valid: later (or undated). */
function expiryIs(column: SQL | typeof ic.expiresOn, state: "expired" | "lapsing" | "valid", today: string) {
  if (state === "expired") return sql`${column} < ${today}::date`;
  if (state === "lapsing") {
    return sql`${column} between ${today}::date and ${today}::date + ${CERTIFICATE_LAPSE_DAYS}::int`;
  }
  return sql`(${column} is null or ${column} > ${today}::date + ${CERTIFICATE_LAPSE_DAYS}::int)`;
}

function certificateWhere(filter: Partial<CertificateFilter>, today: string) {
  return and(
    filter.direction ? eq(ic.direction, filter.direction) : undefined,
    filter.expiry ? expiryIs(ic.expiresOn, filter.expiry, today) : undefined,
    filter.q
      ? sql`(${ic.insuredName} || ' ' || ${ic.producerName} || ' ' || ${ic.partyName}) ilike ${likePattern(filter.q)}`
      : undefined,
  );
}

const certFile = alias(files, "cert_file");
const holders = sql<number>`(select count(*)::int from ${cr} where ${cr.certificateId} = ${ic.id})`;

function selectCertificates(tx: Tx) {
  return tx
    .select({
      c: ic,
      file: { fileName: certFile.fileName, contentType: certFile.contentType, size: certFile.size },
      holders,
    })
    .from(ic)
    .leftJoin(certFile, eq(certFile.id, ic.fileId));
}
type CertificateRow = Awaited<ReturnType<ReturnType<typeof selectCertificates>["execute"]>>[number];

const toCertificate = (r: CertificateRow): Certificate => ({
  id: r.c.id,
  direction: r.c.direction,
  partyKind: r.c.partyKind,
  partyName: r.c.partyName,
  insuredName: r.c.insuredName,
  producerName: r.c.producerName,
  producerAddress: r.c.producerAddress,
  producerContact: r.c.producerContact,
  insurers: r.c.insurers,
  policies: r.c.policies,
  expiresOn: r.c.expiresOn,
  file: r.c.fileId && r.file?.fileName ? (r.file as Certificate["file"]) : null,
  notes: r.c.notes,
  holders: Number(r.holders),
  createdAt: r.c.createdAt.toISOString(),
});

const CERT_SORTS = { expiresOn: ic.expiresOn, insuredName: ic.insuredName, createdAt: ic.createdAt } as const;

export async function listCertificates(
  tx: Tx,
  filter: CertificateFilter,
  today: string,
  page: { limit: number; offset: number },
) {
  const order = filter.dir === "asc" ? asc(CERT_SORTS[filter.sort]) : desc(CERT_SORTS[filter.sort]);
  const where = certificateWhere(filter, today);
  const [rows, [{ total }], [counts]] = await Promise.all([
    selectCertificates(tx)
      .where(where)
      .orderBy(sql`${order} nulls last`, desc(ic.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(ic).where(where),
    tx
      .select({
        expired: sql<number>`count(*) filter (where ${expiryIs(ic.expiresOn, "expired", today)})::int`,
        lapsing: sql<number>`count(*) filter (where ${expiryIs(ic.expiresOn, "lapsing", today)})::int`,
      })
      .from(ic),
  ]);
  return { items: rows.map(toCertificate), total, counts };
}

export async function findCertificate(tx: Tx, id: string): Promise<Certificate | null> {
  const [row] = await selectCertificates(tx).where(eq(ic.id, id));
  return row ? toCertificate(row) : null;
}

// ---- Holders' requests ----

const reqFile = alias(files, "req_file");

function selectRequests(tx: Tx, today: string) {
  return tx
    .select({
      r: cr,
      certificateLabel: ic.insuredName,
      expiresOn: ic.expiresOn,
      lapsing: sql<boolean>`coalesce(${ic.expiresOn} <= ${today}::date + ${CERTIFICATE_LAPSE_DAYS}::int, false)`,
      file: { fileName: reqFile.fileName, contentType: reqFile.contentType, size: reqFile.size },
    })
    .from(cr)
    .leftJoin(ic, eq(ic.id, cr.certificateId))
    .leftJoin(reqFile, eq(reqFile.id, cr.fileId));
}
type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>["execute"]>>[number];

const toRequest = (row: RequestRow): HolderRequest => ({
  id: row.r.id,
  holderName: row.r.holderName,
  holderKind: row.r.holderKind,
  customerId: row.r.customerId,
  holderEmail: row.r.holderEmail,
  holderAddress: row.r.holderAddress,
  certificateId: row.r.certificateId,
  certificateLabel: row.certificateLabel,
  expiresOn: row.expiresOn,
  lapsing: !!row.lapsing,
  requestedOn: row.r.requestedOn,
  status: row.r.status,
  file: row.r.fileId && row.file?.fileName ? (row.file as HolderRequest["file"]) : null,
  sentAt: iso(row.r.sentAt),
  sentTo: row.r.sentTo,
  notes: row.r.notes,
});

const lapsingCertificate = (today: string) =>
  sql`exists (select 1 from ${ic} where ${ic.id} = ${cr.certificateId}
    and ${ic.expiresOn} <= ${today}::date + ${CERTIFICATE_LAPSE_DAYS}::int)`;

function requestWhere(filter: Partial<HolderFilter>, today: string) {
  return and(
    filter.status ? eq(cr.status, filter.status) : undefined,
    filter.lapsing ? lapsingCertificate(today) : undefined,
    filter.q ? sql`(${cr.holderName} || ' ' || ${cr.holderEmail}) ilike ${likePattern(filter.q)}` : undefined,
  );
}

const REQ_SORTS = {
  requestedOn: cr.requestedOn,
  holderName: cr.holderName,
  expiresOn: ic.expiresOn,
} as const;

export async function listRequests(
  tx: Tx,
  filter: HolderFilter,
  today: string,
  page: { limit: number; offset: number },
) {
  const order = filter.dir === "asc" ? asc(REQ_SORTS[filter.sort]) : desc(REQ_SORTS[filter.sort]);
  const where = requestWhere(filter, today);
  const [rows, [{ total }], [counts]] = await Promise.all([
    selectRequests(tx, today)
      .where(where)
      .orderBy(sql`${order} nulls last`, desc(cr.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(cr).where(where),
    tx
      .select({
        requested: sql<number>`count(*) filter (where ${cr.status} = 'requested')::int`,
        lapsing: sql<number>`count(*) filter (where ${lapsingCertificate(today)})::int`,
      })
      .from(cr),
  ]);
  return { items: rows.map(toRequest), total, counts };
}

export async function findRequest(tx: Tx, id: string, today: string): Promise<HolderRequest | null> {
  const [row] = await selectRequests(tx, today).where(eq(cr.id, id));
  return row ? toRequest(row) : null;
}
