import type {
  Contract,
  ContractEvent,
  ContractFilter,
  ContractStatus,
} from "@shared/contracts/contracts.schema";
import { CONTRACT_STATUSES, contractStatusOn } from "@shared/contracts/contracts.schema";
import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { contractEvents, contractLinks, contracts, drivers, files } from "../../db/schema";
import { iso, likePattern } from "../../http/pagination";

const attachment = alias(files, "attachment");

/**
 * The status as read (`contractStatusOn`): past its expiry date a contract is expired, whatever is
 * stored, so the filter, the counts and the sort agree with what each row shows. `today` is the
 * company's day.
 */
const statusOn = (today: string) =>
  sql<ContractStatus>`(case when ${contracts.expiresOn} < ${today}::date then 'expired'::contract_status
    else ${contracts.status} end)`;

const sorts = (today: string) =>
  ({
    updatedAt: contracts.updatedAt,
    title: contracts.title,
    expiresOn: contracts.expiresOn,
    status: statusOn(today),
  }) as const;

function where(filter: Partial<ContractFilter>, today: string): SQL | undefined {
  return and(
    filter.status ? eq(statusOn(today), filter.status) : undefined,
    filter.type ? eq(contracts.type, filter.type) : undefined,
    filter.q
      ? sql`(${contracts.title} || ' ' || ${contracts.signerName} || ' ' || ${contracts.signerEmail}) ilike ${likePattern(filter.q)}`
      : undefined,
  );
}

/** The active link's expiry: the newest neither revoked nor used. */
const linkExpiresAt = sql<Date | null>`(select max(${contractLinks.expiresAt}) from ${contractLinks}
  where ${contractLinks.contractId} = ${contracts.id} and ${contractLinks.revokedAt} is null
    and ${contractLinks.usedAt} is null and ${contractLinks.expiresAt} > now())`;

function select(tx: Tx) {
  return tx
    .select({
      c: contracts,
      driverName: drivers.fullName,
      driverUserId: drivers.userId,
      attachment: {
        fileName: attachment.fileName,
        contentType: attachment.contentType,
        size: attachment.size,
      },
      linkExpiresAt,
    })
    .from(contracts)
    .leftJoin(drivers, eq(drivers.id, contracts.driverId))
    .leftJoin(attachment, eq(attachment.id, contracts.attachmentFileId));
}
type Row = Awaited<ReturnType<ReturnType<typeof select>["execute"]>>[number];

function toContract(r: Row, today: string): Contract {
  const c = r.c;
  return {
    id: c.id,
    title: c.title,
    type: c.type,
    status: contractStatusOn(c.status, c.expiresOn, today),
    driver: c.driverId ? { id: c.driverId, name: r.driverName ?? "", hasAccount: !!r.driverUserId } : null,
    signerName: c.signerName,
    signerEmail: c.signerEmail,
    startsOn: c.startsOn,
    expiresOn: c.expiresOn,
    content: c.content,
    attachment:
      c.attachmentFileId && r.attachment?.fileName ? (r.attachment as Contract["attachment"]) : null,
    sentAt: iso(c.sentAt),
    linkExpiresAt: r.linkExpiresAt ? new Date(r.linkExpiresAt).toISOString() : null,
    viewedAt: iso(c.viewedAt),
    signedAt: iso(c.signedAt),
    signedName: c.signedName,
    contentSha256: c.contentSha256,
    hasSignedPdf: !!c.signedPdfFileId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export async function listContracts(
  tx: Tx,
  filter: ContractFilter,
  page: { limit: number; offset: number },
  today: string,
): Promise<{ items: Contract[]; total: number }> {
  const column = sorts(today)[filter.sort];
  const order = filter.dir === "asc" ? asc(column) : desc(column);
  const [rows, [{ total }]] = await Promise.all([
    select(tx)
      .where(where(filter, today))
      .orderBy(sql`${order} nulls last`, desc(contracts.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(contracts).where(where(filter, today)),
  ]);
  return { items: rows.map((r) => toContract(r, today)), total };
}

export async function statusCounts(tx: Tx, today: string): Promise<Record<ContractStatus, number>> {
  // By position: the same expression written twice would be two parameters to PostgreSQL.
  const rows = await tx
    .select({ status: statusOn(today), n: count() })
    .from(contracts)
    .groupBy(sql`1`);
  const counts = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, 0])) as Record<ContractStatus, number>;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

export async function findContract(tx: Tx, id: string, today: string): Promise<Contract | null> {
  const [row] = await select(tx).where(eq(contracts.id, id));
  return row ? toContract(row, today) : null;
}

export async function contractEventsOf(tx: Tx, id: string): Promise<ContractEvent[]> {
  const rows = await tx
    .select()
    .from(contractEvents)
    .where(eq(contractEvents.contractId, id))
    .orderBy(asc(contractEvents.at), asc(contractEvents.id));
  return rows.map((e) => ({
    kind: e.kind,
    at: e.at.toISOString(),
    actorName: e.actorName,
    ip: e.ip,
    userAgent: e.userAgent,
    related:
      typeof e.data.contractId === "string" && typeof e.data.title === "string"
        ? { id: e.data.contractId, title: e.data.title }
        : null,
  }));
}

export async function revokeOpenLinks(tx: Tx, contractId: string): Promise<number> {
  const revoked = await tx
    .update(contractLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(contractLinks.contractId, contractId),
        isNull(contractLinks.revokedAt),
        isNull(contractLinks.usedAt),
      ),
    )
    .returning({ id: contractLinks.id });
  return revoked.length;
}
