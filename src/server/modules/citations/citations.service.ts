import { PERMISSIONS, routePath } from "@shared/access";
import {
  CITATION_FILE_MAX_BYTES,
  CITATION_FILE_TYPES,
  CITATION_MESSAGES,
  CITATION_TRANSITIONS,
  type CitationDetail,
  type CitationListQuery,
  type CitationPage,
  type CitationStatus,
  type CitationSummary,
  type CitationValues,
  canChangeCitationStatus,
  driverMayDispute,
} from "@shared/citations/citations.schema";
import type { NotificationData } from "@shared/notifications/notifications.schema";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { citationEvents, citations, drivers, files } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, notFound } from "../../http/errors";
import { offsetOf, toPage } from "../../http/pagination";
import { type Scope, STAFF_SCOPE, scopeOf } from "../../http/scope";
import { recordAudit } from "../../platform/audit/audit";
import { notifyRoles, notifyUsers } from "../../platform/notifications/notify";
import { companyDay, postedDay, postToLedger, withdrawFromLedger } from "../accounting/ledger-posting";
import {
  citationCondition,
  citationOrder,
  findCitation,
  scopeCondition,
  selectCitations,
  toListItem,
} from "./citations.repo";

/** Who hears about a dispute: the roles that manage citations. */
const CITATION_STAFF = PERMISSIONS["citations:write"];
/** The citations screen with this citation's detail open. */
const linkTo = (citationId: string) => `${routePath("citations")}?open=${citationId}`;

const label = (c: { citationNumber: string; violation: string }) => c.citationNumber || c.violation;

/** "A paid citation can only be reopened." / "The citation is already paid." */
export function citationTransitionMessage(from: CitationStatus, to: CitationStatus): string {
  if (from === to) return `The citation is already ${from}.`;
  const allowed = CITATION_TRANSITIONS[from];
  const article = /^[aeiou]/.test(from) ? "An" : "A";
  if (allowed.length === 1 && allowed[0] === "open")
    return `${article} ${from} citation can only be reopened.`;
  return `${article} ${from} citation cannot be marked ${to}.`;
}

export const NOT_OPEN_FOR_DISPUTE = "Only an open citation can be disputed.";

/** A paid citation is the company's money out (fines), on the day it was marked paid. */
const citationPosting = (
  id: string,
  c: {
    driverId: string;
    fineAmount: string;
    city: string;
    state: string;
    citationNumber: string;
    violation: string;
  },
  occurredOn: string,
  userId: string,
) => ({
  source: "citation" as const,
  sourceId: id,
  occurredOn,
  direction: "expense" as const,
  category: "fines" as const,
  amount: c.fineAmount,
  counterparty: `${c.city}, ${c.state}`,
  reference: c.citationNumber,
  notes: c.violation,
  driverId: c.driverId,
  userId,
});

export function createCitationsService(deps: Deps) {
  const db: Db = deps.db;
  const { storage } = deps;

  async function lock(tx: Tx, id: string, scope: Scope = STAFF_SCOPE) {
    const row = await findCitation(tx, id, scope, true);
    if (!row) throw notFound("The citation");
    return row;
  }

  async function driverOf(tx: Tx, driverId: string) {
    const [driver] = await tx
      .select({ id: drivers.id, fullName: drivers.fullName, userId: drivers.userId })
      .from(drivers)
      .where(eq(drivers.id, driverId));
    if (!driver) {
      throw badRequest("Please correct the highlighted fields.", {
        fields: { driverId: "Choose an existing driver." },
      });
    }
    return driver;
  }

  async function checkIssuedOn(tx: Tx, issuedOn: string) {
    // A day of slack: the user's "today" may already be tomorrow on the server's clock.
    const [{ limit }] = (await tx.execute<{ limit: string }>(sql`select (current_date + 1)::text as "limit"`))
      .rows;
    if (issuedOn > limit) {
      throw badRequest(CITATION_MESSAGES.issuedInFuture, {
        fields: { issuedOn: CITATION_MESSAGES.issuedInFuture },
      });
    }
  }

  async function insertEvent(
    tx: Tx,
    e: {
      citationId: string;
      from: CitationStatus | null;
      to: CitationStatus;
      actor: Actor;
      note?: string | null;
    },
  ) {
    await tx.insert(citationEvents).values({
      citationId: e.citationId,
      fromStatus: e.from,
      toStatus: e.to,
      actorId: e.actor.userId,
      actorName: e.actor.name,
      note: e.note || null,
    });
  }

  /** The citation as `scope` sees it: staff get the statuses it may move to, its driver whether to dispute. */
  async function detail(tx: Tx, id: string, scope: Scope): Promise<CitationDetail> {
    const [row] = await selectCitations(tx).where(and(eq(citations.id, id), scopeCondition(scope)));
    if (!row) throw notFound("The citation");
    const [extra] = await tx
      .select({
        disputedAt: citations.disputedAt,
        updatedAt: citations.updatedAt,
        fileName: files.fileName,
        contentType: files.contentType,
        size: files.size,
        uploadedAt: files.createdAt,
      })
      .from(citations)
      .leftJoin(files, eq(files.id, citations.fileId))
      .where(eq(citations.id, id));
    const events = await tx
      .select()
      .from(citationEvents)
      .where(eq(citationEvents.citationId, id))
      .orderBy(asc(citationEvents.createdAt), asc(citationEvents.id));
    const item = toListItem(row);
    return {
      ...item,
      notes: row.notes,
      disputedAt: extra.disputedAt?.toISOString() ?? null,
      file:
        extra.fileName && extra.contentType && extra.size !== null && extra.uploadedAt
          ? {
              fileName: extra.fileName,
              contentType: extra.contentType,
              size: extra.size,
              uploadedAt: extra.uploadedAt.toISOString(),
            }
          : null,
      events: events.map((e) => ({
        id: e.id,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        actorName: e.actorName,
        note: e.note,
        createdAt: e.createdAt.toISOString(),
      })),
      allowedStatuses: scope.kind === "staff" ? [...CITATION_TRANSITIONS[row.status]] : [],
      canDispute: scope.kind === "driver" && driverMayDispute(row),
      updatedAt: extra.updatedAt.toISOString(),
    };
  }

  async function notifyDriver(
    tx: Tx,
    driver: { userId: string | null },
    n:
      | { kind: "citation.recorded"; data: NotificationData<"citation.recorded">; note?: string | null }
      | {
          kind: "citation.status_changed";
          data: NotificationData<"citation.status_changed">;
          note?: string | null;
        },
  ) {
    if (!driver.userId) return;
    await notifyUsers(tx, [driver.userId], { ...n, link: linkTo(n.data.citationId) });
  }

  return {
    async list(actor: Actor, query: CitationListQuery): Promise<CitationPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const scope = scopeOf(actor);
      const cond = citationCondition(filter, scope);
      const [{ total }] = await db
        .select({ total: count() })
        .from(citations)
        .innerJoin(drivers, eq(drivers.id, citations.driverId))
        .where(cond);
      const rows = await selectCitations(db)
        .where(cond)
        .orderBy(...citationOrder(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      return toPage(rows.map(toListItem), total, { page, pageSize });
    },

    /** Open, overdue and disputed counts and the unpaid fines: of every driver for staff, their own for a driver. */
    async summary(actor: Actor): Promise<CitationSummary> {
      const scope = scopeOf(actor);
      const cond = scopeCondition(scope);
      const { rows } = await db.execute<{
        open: number;
        overdue: number;
        disputed: number;
        unpaid: string;
      }>(sql`
        select
          count(*) filter (where ${citations.status} = 'open')::int as open,
          count(*) filter (where ${citations.status} = 'open' and ${citations.dueOn} < current_date)::int as overdue,
          count(*) filter (where ${citations.status} = 'disputed')::int as disputed,
          coalesce(sum(${citations.fineAmount}) filter (where ${citations.status} in ('open', 'disputed')), 0)::numeric(14, 2)::text as unpaid
        from ${citations}
        where ${cond ?? sql`true`}`);
      const r = rows[0];
      return { open: r.open, overdue: r.overdue, disputed: r.disputed, unpaidFines: r.unpaid };
    },

    async get(actor: Actor, id: string): Promise<CitationDetail> {
      return detail(db, id, scopeOf(actor));
    },

    /** Staff record a citation against a driver; it starts open and the driver is told. */
    async create(actor: Actor, input: CitationValues): Promise<CitationDetail> {
      return db.transaction(async (tx) => {
        const driver = await driverOf(tx, input.driverId);
        await checkIssuedOn(tx, input.issuedOn);
        const [row] = await tx
          .insert(citations)
          .values({ ...input, status: "open", createdBy: actor.userId })
          .returning({ id: citations.id });
        await insertEvent(tx, { citationId: row.id, from: null, to: "open", actor });
        await notifyDriver(tx, driver, {
          kind: "citation.recorded",
          data: {
            citationId: row.id,
            violation: input.violation,
            city: input.city,
            state: input.state,
            issuedOn: input.issuedOn,
            fineAmount: input.fineAmount,
            dueOn: input.dueOn,
          },
        });
        await recordAudit(tx, actor, {
          action: "citation.created",
          targetType: "citation",
          targetId: row.id,
          targetLabel: label(input),
          details: { driverId: driver.id, fineAmount: input.fineAmount },
        });
        return detail(tx, row.id, STAFF_SCOPE);
      });
    },

    /** Staff correct a citation's details; the status moves only through `changeStatus`. */
    async update(actor: Actor, id: string, input: CitationValues): Promise<CitationDetail> {
      return db.transaction(async (tx) => {
        const before = await lock(tx, id);
        await driverOf(tx, input.driverId);
        await checkIssuedOn(tx, input.issuedOn);
        const changed = (Object.keys(input) as Array<keyof CitationValues>).filter(
          (k) =>
            String(before[k]) !== String(input[k]) &&
            !(k === "fineAmount" && Number(before[k]) === Number(input[k])),
        );
        if (changed.length === 0) return detail(tx, id, STAFF_SCOPE);
        await tx.update(citations).set(input).where(eq(citations.id, id));
        if (before.status === "paid") {
          const day =
            (await postedDay(tx, "citation", id)) ?? companyDay(new Date(), deps.config.company.timeZone);
          await postToLedger(tx, citationPosting(id, input, day, actor.userId));
        }
        await recordAudit(tx, actor, {
          action: "citation.updated",
          targetType: "citation",
          targetId: id,
          targetLabel: label(input),
          details: { fields: changed },
        });
        return detail(tx, id, STAFF_SCOPE);
      });
    },

    /** Staff move a citation along CITATION_TRANSITIONS (409 otherwise); the driver is told. */
    async changeStatus(
      actor: Actor,
      id: string,
      status: CitationStatus,
      note?: string,
    ): Promise<CitationDetail> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, id);
        if (!canChangeCitationStatus(row.status, status)) {
          throw conflict(citationTransitionMessage(row.status, status), "INVALID_TRANSITION", {
            from: row.status,
            to: status,
            allowed: CITATION_TRANSITIONS[row.status],
          });
        }
        await tx
          .update(citations)
          .set(
            status === "disputed"
              ? { status, disputeReason: note ?? null, disputedAt: new Date() }
              : { status },
          )
          .where(eq(citations.id, id));
        await insertEvent(tx, { citationId: id, from: row.status, to: status, actor, note });
        if (status === "paid") {
          await postToLedger(
            tx,
            citationPosting(id, row, companyDay(new Date(), deps.config.company.timeZone), actor.userId),
          );
        } else if (row.status === "paid") {
          await withdrawFromLedger(tx, "citation", id, actor.userId);
        }
        const [driver] = await tx
          .select({ userId: drivers.userId })
          .from(drivers)
          .where(eq(drivers.id, row.driverId));
        if (driver) {
          await notifyDriver(tx, driver, {
            kind: "citation.status_changed",
            data: { citationId: id, citation: label(row), status },
            note,
          });
        }
        await recordAudit(tx, actor, {
          action: "citation.status_changed",
          targetType: "citation",
          targetId: id,
          targetLabel: label(row),
          details: { from: row.status, to: status },
        });
        return detail(tx, id, STAFF_SCOPE);
      });
    },

    /**
     * A driver disputes their own open citation, giving a reason. Another driver's citation is a
     * 404; one that is not open a 409. The staff who manage citations are notified.
     */
    async dispute(actor: Actor, id: string, reason: string): Promise<CitationDetail> {
      return db.transaction(async (tx) => {
        const scope = scopeOf(actor);
        const row = await lock(tx, id, scope);
        if (!driverMayDispute(row))
          throw conflict(NOT_OPEN_FOR_DISPUTE, "CITATION_NOT_OPEN", { status: row.status });
        await tx
          .update(citations)
          .set({ status: "disputed", disputeReason: reason, disputedAt: new Date() })
          .where(eq(citations.id, id));
        await insertEvent(tx, { citationId: id, from: row.status, to: "disputed", actor, note: reason });
        await notifyRoles(tx, CITATION_STAFF, {
          kind: "citation.disputed",
          link: linkTo(id),
          data: { citationId: id, driverId: row.driverId, driverName: actor.name, citation: label(row) },
          note: reason,
        });
        await recordAudit(tx, actor, {
          action: "citation.disputed",
          targetType: "citation",
          targetId: id,
          targetLabel: label(row),
          details: { reason },
        });
        return detail(tx, id, scope);
      });
    },

    /** Staff attach the ticket (PDF or photo, checked by size and content); a previous file is replaced. */
    async uploadFile(actor: Actor, id: string, file: File): Promise<CitationDetail> {
      let replacedKey: string | null = null;
      const result = await db.transaction(async (tx) => {
        const row = await lock(tx, id);
        const stored = await storage.save(
          tx,
          file,
          { maxBytes: CITATION_FILE_MAX_BYTES, allowedTypes: CITATION_FILE_TYPES },
          actor.userId,
        );
        await tx.update(citations).set({ fileId: stored.id }).where(eq(citations.id, id));
        if (row.fileId) {
          const [old] = await tx
            .delete(files)
            .where(eq(files.id, row.fileId))
            .returning({ key: files.storageKey });
          replacedKey = old?.key ?? null;
        }
        await recordAudit(tx, actor, {
          action: "citation.file_uploaded",
          targetType: "citation",
          targetId: id,
          targetLabel: label(row),
          details: { fileName: stored.fileName, size: stored.size, replaced: !!row.fileId },
        });
        return detail(tx, id, STAFF_SCOPE);
      });
      // Old bytes go only once the new file is committed.
      if (replacedKey) await storage.remove(replacedKey);
      return result;
    },

    /** The citation's file, for whoever may see the citation (another driver's: 404). */
    async downloadFile(actor: Actor, id: string) {
      const scope = scopeOf(actor);
      const row = await findCitation(db, id, scope);
      if (!row) throw notFound("The citation");
      if (!row.fileId) throw notFound("The citation's file");
      const [file] = await db.select().from(files).where(eq(files.id, row.fileId));
      if (!file) throw notFound("The citation's file");
      try {
        return {
          bytes: await storage.read(file.storageKey),
          fileName: file.fileName,
          contentType: file.contentType,
        };
      } catch {
        throw notFound("The file's content");
      }
    },

    async deleteFile(actor: Actor, id: string): Promise<CitationDetail> {
      let key: string | null = null;
      const result = await db.transaction(async (tx) => {
        const row = await lock(tx, id);
        if (!row.fileId) throw notFound("The citation's file");
        const [old] = await tx
          .delete(files)
          .where(eq(files.id, row.fileId))
          .returning({ key: files.storageKey, fileName: files.fileName });
        key = old?.key ?? null;
        await recordAudit(tx, actor, {
          action: "citation.file_deleted",
          targetType: "citation",
          targetId: id,
          targetLabel: label(row),
          details: { fileName: old?.fileName ?? null },
        });
        return detail(tx, id, STAFF_SCOPE);
      });
      if (key) await storage.remove(key);
      return result;
    },
  };
}
