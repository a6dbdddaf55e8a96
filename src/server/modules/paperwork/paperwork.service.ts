import { routePath } from "@shared/access";
import {
  type LoadFile,
  type LoadPaperwork,
  PAPERWORK_STATUSES,
  type PaperworkStatus,
} from "@shared/loads/loads.schema";
import {
  type MergePaperworkInput,
  PAPERWORK_MESSAGES,
  type PaperworkLinkInput,
  type PaperworkLinkResult,
  type PaperworkLoad,
  type PaperworkPage,
  type PaperworkQuery,
} from "@shared/paperwork/paperwork.schema";
import { syncTimesOf } from "@shared/sync/sync.schema";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import type { Tx } from "../../db/client";
import { allPaperFiles, paperFiles, statusOf } from "../../db/paperwork-status";
import { drivers, files, loadFiles, loadPaperworkReviews, loads } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, notFound } from "../../http/errors";
import { likePattern, offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { signed } from "../../platform/mail/signature";
import { notifyUsers } from "../../platform/notifications/notify";
import { appendFiles } from "../../platform/pdf/append";
import { createBolLinksService } from "../loads/bol-links.service";
import { isoOf, loadPaperwork, type PaperworkRow, paperworkOf } from "../loads/paperwork-status";

const ORDER: Record<PaperworkQuery["sort"], SQL> = {
  deliveredAt: sql`l.delivered_at`,
  loadNumber: sql`l.load_number`,
  customer: sql`lower(c.company_name)`,
};

/**
 * The BOL manager (`/accounting/bol-manager`): every load on the road or delivered, with its bill of
 * lading and proof of delivery — missing, received, verified or rejected. Accounting verifies or
 * rejects (the driver is told what to fix), asks the driver, hands out a public upload link, and
 * downloads the chosen loads' paperwork as one PDF.
 */
export function createPaperworkService(deps: Deps) {
  const { db, storage, mailer, config } = deps;
  const links = createBolLinksService(deps);

  function conditions(query: PaperworkQuery, withStatus: boolean): SQL {
    const where: SQL[] = [sql`l.status in ('in_progress', 'completed')`];
    if (query.customerId) where.push(sql`l.customer_id = ${query.customerId}`);
    if (query.driverId) where.push(sql`l.driver_id = ${query.driverId}`);
    if (query.from)
      where.push(sql`(l.delivered_at at time zone ${config.company.timeZone})::date >= ${query.from}::date`);
    if (query.to)
      where.push(sql`(l.delivered_at at time zone ${config.company.timeZone})::date <= ${query.to}::date`);
    if (query.q) {
      const p = likePattern(query.q);
      where.push(sql`(l.load_number ilike ${p} or c.company_name ilike ${p} or d.full_name ilike ${p}
        or l.pickup_city ilike ${p} or l.delivery_city ilike ${p})`);
    }
    if (withStatus && query.status) where.push(sql`${statusOf} = ${query.status}`);
    return sql.join(where, sql` and `);
  }

  /**
   * The loads with their files' count and last upload: probed per load when the page walks the
   * `loads_paperwork_order` index (25 probes), joined by hash when the query reads many loads.
   */
  const from = (files: "probe" | "join" | "having") => sql`from loads l
    ${
      files === "probe"
        ? sql`cross join lateral ${paperFiles} pf`
        : files === "having"
          ? sql`join ${allPaperFiles} pf on pf.load_id = l.id`
          : sql`left join ${allPaperFiles} pf on pf.load_id = l.id`
    }
    left join load_paperwork_reviews r on r.load_id = l.id
    left join customers c on c.id = l.customer_id
    left join drivers d on d.id = l.driver_id`;

  async function filesOf(loadIds: string[]): Promise<Map<string, LoadFile[]>> {
    const byLoad = new Map<string, LoadFile[]>();
    if (!loadIds.length) return byLoad;
    const rows = await db
      .select({
        loadId: loadFiles.loadId,
        id: loadFiles.id,
        kind: loadFiles.kind,
        uploadedVia: loadFiles.uploadedVia,
        createdAt: loadFiles.createdAt,
        occurredAt: loadFiles.occurredAt,
        receivedAt: loadFiles.receivedAt,
        fileName: files.fileName,
        contentType: files.contentType,
        size: files.size,
      })
      .from(loadFiles)
      .innerJoin(files, eq(files.id, loadFiles.fileId))
      .where(and(inArray(loadFiles.loadId, loadIds), inArray(loadFiles.kind, ["bol", "pod"])))
      .orderBy(loadFiles.createdAt, loadFiles.id);
    for (const { loadId, createdAt, occurredAt, receivedAt, ...f } of rows) {
      const file = { ...f, createdAt: createdAt.toISOString(), ...syncTimesOf({ occurredAt, receivedAt }) };
      byLoad.set(loadId, [...(byLoad.get(loadId) ?? []), file]);
    }
    return byLoad;
  }

  /** The load as the BOL manager handles it, locked for a decision; 404 outside the manager's loads. */
  async function lockLoad(tx: Tx, loadId: string) {
    const [row] = await tx
      .select({
        id: loads.id,
        loadNumber: loads.loadNumber,
        status: loads.status,
        driverUserId: drivers.userId,
      })
      .from(loads)
      .leftJoin(drivers, eq(drivers.id, loads.driverId))
      .where(eq(loads.id, loadId))
      .for("update", { of: loads });
    if (!row || (row.status !== "in_progress" && row.status !== "completed")) throw notFound("The load");
    return row;
  }

  async function decide(
    actor: Actor,
    loadId: string,
    decision: "verified" | "rejected",
    reason: string | null,
  ): Promise<LoadPaperwork> {
    return db.transaction(async (tx) => {
      const load = await lockLoad(tx, loadId);
      const current = await loadPaperwork(tx, loadId);
      if (current.status === "missing") throw conflict(PAPERWORK_MESSAGES.nothingToReview, "NO_PAPERWORK");
      const now = sql`now()`;
      await tx
        .insert(loadPaperworkReviews)
        .values({ loadId, status: decision, reason, reviewedBy: actor.userId, reviewedAt: now })
        .onConflictDoUpdate({
          target: loadPaperworkReviews.loadId,
          set: { status: decision, reason, reviewedBy: actor.userId, reviewedAt: now },
        });
      await recordAudit(tx, actor, {
        action: decision === "verified" ? "load.paperwork_verified" : "load.paperwork_rejected",
        targetType: "load",
        targetId: loadId,
        targetLabel: load.loadNumber,
        details: reason ? { reason } : {},
      });
      if (decision === "rejected" && load.driverUserId) {
        await notifyUsers(tx, [load.driverUserId], {
          kind: "paperwork.rejected",
          link: routePath("loadDetail", { loadId }),
          data: { loadId, loadNumber: load.loadNumber },
          note: reason,
        });
      }
      return loadPaperwork(tx, loadId);
    });
  }

  return {
    async list(query: PaperworkQuery): Promise<PaperworkPage> {
      const where = conditions(query, true);
      const dir = query.dir === "asc" ? sql`asc` : sql`desc`;
      const nulls = query.dir === "asc" ? sql`nulls first` : sql`nulls last`;
      const [{ rows }, { rows: tallies }] = await Promise.all([
        db.execute<PaperworkRow>(sql`
          select l.id, l.load_number, l.status as load_status, l.customer_id, c.company_name as customer_name,
            l.driver_id, d.full_name as driver_name, d.user_id as driver_user_id,
            l.pickup_city, l.pickup_state, l.delivery_city, l.delivery_state, l.delivered_at,
            ${statusOf} as paperwork_status, r.reason, r.reviewed_at, u.name as reviewed_by_name, r.requested_at
          ${from(!query.status ? "probe" : query.status === "missing" ? "join" : "having")}
          left join users u on u.id = r.reviewed_by
          where ${where}
          order by ${ORDER[query.sort]} ${dir} ${nulls}, l.load_number ${dir} ${nulls}
          limit ${query.pageSize} offset ${offsetOf(query)}`),
        // The tiles count every status under the other filters; the page's total is its status's count.
        db.execute<{ status: PaperworkStatus; n: number }>(sql`
          select ${statusOf} as status, count(*)::int as n ${from("join")}
          where ${conditions(query, false)} group by 1`),
      ]);
      const counts = Object.fromEntries(PAPERWORK_STATUSES.map((s) => [s, 0])) as PaperworkPage["counts"];
      for (const t of tallies) counts[t.status] = t.n;
      const total = query.status
        ? counts[query.status]
        : PAPERWORK_STATUSES.reduce((sum, s) => sum + counts[s], 0);
      const byLoad = await filesOf(rows.map((r) => r.id));
      const items: PaperworkLoad[] = rows.map((r) => ({
        id: r.id,
        loadNumber: r.load_number,
        loadStatus: r.load_status,
        customerId: r.customer_id,
        customerName: r.customer_name,
        driverId: r.driver_id,
        driverName: r.driver_name,
        driverCanBeAsked: !!r.driver_user_id,
        pickupCity: r.pickup_city,
        pickupState: r.pickup_state,
        deliveryCity: r.delivery_city,
        deliveryState: r.delivery_state,
        deliveredAt: isoOf(r.delivered_at),
        paperwork: paperworkOf(r),
        files: byLoad.get(r.id) ?? [],
      }));
      return { ...toPage(items, total, query), counts };
    },

    /** A BOL or POD's bytes, shown inline to accounting (who do not read loads otherwise). */
    async file(loadId: string, fileId: string) {
      const [row] = await db
        .select({ storageKey: files.storageKey, fileName: files.fileName, contentType: files.contentType })
        .from(loadFiles)
        .innerJoin(files, eq(files.id, loadFiles.fileId))
        .where(
          and(
            eq(loadFiles.id, fileId),
            eq(loadFiles.loadId, loadId),
            inArray(loadFiles.kind, ["bol", "pod"]),
          ),
        );
      if (!row) throw notFound("The file");
      try {
        return {
          bytes: await storage.read(row.storageKey),
          fileName: row.fileName,
          contentType: row.contentType,
        };
      } catch {
        throw notFound("The file's content");
      }
    },

    verify: (actor: Actor, loadId: string) => decide(actor, loadId, "verified", null),
    reject: (actor: Actor, loadId: string, reason: string) => decide(actor, loadId, "rejected", reason),

    /** Asks the load's driver for the BOL and POD (a notification that opens their load). */
    async request(actor: Actor, loadId: string, note: string): Promise<LoadPaperwork> {
      return db.transaction(async (tx) => {
        const load = await lockLoad(tx, loadId);
        if (!load.driverUserId) throw conflict(PAPERWORK_MESSAGES.noDriverToAsk, "NO_DRIVER_ACCOUNT");
        const now = sql`now()`;
        await tx
          .insert(loadPaperworkReviews)
          .values({ loadId, requestedBy: actor.userId, requestedAt: now })
          .onConflictDoUpdate({
            target: loadPaperworkReviews.loadId,
            set: { requestedBy: actor.userId, requestedAt: now },
          });
        await notifyUsers(tx, [load.driverUserId], {
          kind: "paperwork.requested",
          link: routePath("loadDetail", { loadId }),
          data: { loadId, loadNumber: load.loadNumber },
          note: note || null,
        });
        await recordAudit(tx, actor, {
          action: "load.paperwork_requested",
          targetType: "load",
          targetId: loadId,
          targetLabel: load.loadNumber,
          details: note ? { note } : {},
        });
        return loadPaperwork(tx, loadId);
      });
    },

    /**
     * A new public upload link (the token is shown once), emailed when an address is given — e.g. to
     * the receiver who holds the signed BOL.
     */
    async uploadLink(actor: Actor, loadId: string, input: PaperworkLinkInput): Promise<PaperworkLinkResult> {
      const load = await db.transaction((tx) => lockLoad(tx, loadId));
      const link = await links.create(actor, loadId, input.expiresInDays);
      if (!input.email) return { url: link.url, expiresAt: link.expiresAt, emailed: null };
      const until = new Intl.DateTimeFormat("en-US", {
        dateStyle: "long",
        timeZone: config.company.timeZone,
      }).format(new Date(link.expiresAt));
      const mail = await mailer.send({
        to: input.email,
        subject: `Bill of lading for load ${load.loadNumber} — ${config.company.name}`,
        text: await signed(
          db,
          actor.userId,
          [
            "Hello,",
            "",
            `Please upload the signed bill of lading or proof of delivery for load ${load.loadNumber} here:`,
            link.url,
            "",
            `The link works until ${until}. A PDF or a photo is fine.`,
            "",
            "Thank you,",
            config.company.name,
            [config.company.phone, config.company.email].filter(Boolean).join(" | "),
          ].join("\n"),
        ),
        replyTo: config.company.email,
      });
      return { url: link.url, expiresAt: link.expiresAt, emailed: mail.status };
    },

    /** The chosen loads' BOLs and PODs as one PDF, load by load (photos on pages of their own). */
    async merged(input: MergePaperworkInput) {
      const chosen = await db
        .select({ id: loads.id, loadNumber: loads.loadNumber })
        .from(loads)
        .where(inArray(loads.id, input.loadIds))
        .orderBy(loads.loadNumber);
      const rows = await db
        .select({ loadId: loadFiles.loadId, storageKey: files.storageKey, fileName: files.fileName })
        .from(loadFiles)
        .innerJoin(files, eq(files.id, loadFiles.fileId))
        .where(and(inArray(loadFiles.loadId, input.loadIds), inArray(loadFiles.kind, ["bol", "pod"])))
        .orderBy(loadFiles.createdAt);
      const pdf = await PDFDocument.create();
      const toAppend = [];
      for (const load of chosen) {
        for (const f of rows.filter((r) => r.loadId === load.id)) {
          const bytes = await storage.read(f.storageKey).catch(() => null);
          if (bytes) toAppend.push({ name: `${load.loadNumber} · ${f.fileName}`, bytes });
        }
      }
      const result = await appendFiles(pdf, toAppend);
      if (!pdf.getPageCount()) {
        throw conflict(PAPERWORK_MESSAGES.nothingToMerge, "NO_PAPERWORK");
      }
      pdf.setTitle(`Paperwork — ${chosen.map((l) => l.loadNumber).join(", ")}`);
      return {
        bytes: await pdf.save(),
        fileName:
          chosen.length === 1
            ? `paperwork-${chosen[0].loadNumber}.pdf`
            : `paperwork-${chosen.length}-loads.pdf`,
        pages: pdf.getPageCount(),
        skipped: result.skipped,
      };
    },
  };
}
