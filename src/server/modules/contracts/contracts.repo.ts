import type {
  Contract,
  ContractEvent,
  ContractFilter,
  ContractStatus,
} from "@shared/contracts/contracts.schema";
import { CONTRACT_STATUSES } from "@shared/contracts/contracts.schema";
import { and, asc, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { contractEvents, contractLinks, contracts, drivers, files } from "../../db/schema";
import { iso, likePattern } from "../../http/pagination";

const attachment = alias(files, "attachment");

const SORTS = {
  updatedAt: contracts.updatedAt,
  title: contracts.title,
  expiresOn: contracts.expiresOn,
  status: contracts.status,
} as const;

function where(filter: Partial<ContractFilter>): SQL | undefined {
  return and(
    filter.status ? eq(contracts.status, filter.status) : undefined,
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

function toContract(r: Row): Contract {
  const c = r.c;
  return {
    id: c.id,
    title: c.title,
    type: c.type,
    status: c.status,
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
): Promise<{ items: Contract[]; total: number }> {
  const column = SORTS[filter.sort];
  const order = filter.dir === "asc" ? asc(column) : desc(column);
  const [rows, [{ total }]] = await Promise.all([
    select(tx)
      .where(where(filter))
      .orderBy(sql`${order} nulls last`, desc(contracts.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(contracts).where(where(filter)),
  ]);
  return { items: rows.map(toContract), total };
}

export async function statusCounts(tx: Tx): Promise<Record<ContractStatus, number>> {
  const rows = await tx
    .select({ status: contracts.status, n: count() })
    .from(contracts)
    .groupBy(contracts.status);
  const counts = Object.fromEntries(CONTRACT_STATUSES.map((s) => [s, 0])) as Record<ContractStatus, number>;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}

export async function findContract(tx: Tx, id: string): Promise<Contract | null> {
  const [row] = await select(tx).where(eq(contracts.id, id));
  return row ? toContract(row) : null;
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
