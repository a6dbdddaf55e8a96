import { PERMISSIONS, routePath } from "@shared/access";
import {
  ACCIDENT_FIELDS,
  ACCIDENT_IMAGE_MAX_BYTES,
  ACCIDENT_IMAGE_TYPES,
  ACCIDENT_MAX_IMAGES,
  ACCIDENT_MESSAGES,
  type AccidentDetail,
  type AccidentEntryKind,
  type AccidentField,
  type AccidentListQuery,
  type AccidentPage,
  type AccidentSummary,
  type AccidentValues,
  type ClaimStatus,
} from "@shared/accidents/accidents.schema";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { accidentImages, accidentNotes, accidents, appUsers, files, users } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { badRequest, conflict, HttpError, notFound } from "../../http/errors";
import { offsetOf, toPage } from "../../http/pagination";
import { recordAudit } from "../../platform/audit/audit";
import { notifyUsers } from "../../platform/notifications/notify";
import { missingReferences } from "../citations/safety-lookups.service";
import {
  accidentCondition,
  accidentOrder,
  countAccidents,
  selectAccidents,
  takeAccidentReference,
  toListItem,
} from "./accidents.repo";

/** Who hears about a new accident: the roles that manage accidents and claims. */
const SAFETY_ROLES = PERMISSIONS["accidents:write"];
/** A few minutes of slack for clocks that disagree. */
const FUTURE_SLACK_MS = 10 * 60 * 1000;

const FIELD_FIX = "Please correct the highlighted fields.";

export const TOO_MANY_IMAGES = ACCIDENT_MESSAGES.tooManyImages;
export const IMAGE_TYPE_MESSAGE = "Upload a photo (JPEG, PNG, WebP or HEIC).";

/** What an edit changed, in ACCIDENT_FIELDS terms (money compared as numbers, times as instants). */
export function changedFields(
  before: Record<AccidentField, unknown>,
  after: AccidentValues,
): AccidentField[] {
  const norm = (field: AccidentField, v: unknown) => {
    if (v === null || v === undefined || v === "") return "";
    if (field === "occurredAt") return new Date(v as string | Date).toISOString();
    if (field === "claimAmount") return String(Number(v));
    return String(v);
  };
  return ACCIDENT_FIELDS.filter((f) => norm(f, before[f]) !== norm(f, after[f]));
}

export function createAccidentsService(deps: Deps) {
  const db: Db = deps.db;
  const { storage } = deps;

  async function lock(tx: Tx, id: string) {
    const [row] = await tx.select().from(accidents).where(eq(accidents.id, id)).for("update");
    if (!row) throw notFound("The accident");
    return row;
  }

  async function check(tx: Tx, input: AccidentValues) {
    const fields = await missingReferences(tx, input);
    if (new Date(input.occurredAt).getTime() > Date.now() + FUTURE_SLACK_MS) {
      fields.occurredAt = ACCIDENT_MESSAGES.occurredInFuture;
    }
    if (Object.keys(fields).length) throw badRequest(FIELD_FIX, { fields });
  }

  async function entry(
    tx: Tx,
    accidentId: string,
    actor: Actor,
    e: {
      kind: AccidentEntryKind;
      body?: string | null;
      from?: ClaimStatus | null;
      to?: ClaimStatus | null;
      details?: { fields?: string[]; fileName?: string };
    },
  ) {
    await tx.insert(accidentNotes).values({
      accidentId,
      kind: e.kind,
      body: e.body || null,
      fromStatus: e.from ?? null,
      toStatus: e.to ?? null,
      details: e.details ?? null,
      authorId: actor.userId,
      authorName: actor.name,
    });
  }

  async function detail(tx: Tx, id: string): Promise<AccidentDetail> {
    const [row] = await selectAccidents(tx).where(eq(accidents.id, id));
    if (!row) throw notFound("The accident");
    const images = await tx
      .select({
        id: accidentImages.id,
        fileName: files.fileName,
        contentType: files.contentType,
        size: files.size,
        uploadedByName: accidentImages.uploadedByName,
        createdAt: accidentImages.createdAt,
      })
      .from(accidentImages)
      .innerJoin(files, eq(files.id, accidentImages.fileId))
      .where(eq(accidentImages.accidentId, id))
      .orderBy(asc(accidentImages.createdAt), asc(accidentImages.id));
    const timeline = await tx
      .select()
      .from(accidentNotes)
      .where(eq(accidentNotes.accidentId, id))
      .orderBy(asc(accidentNotes.createdAt), asc(accidentNotes.id));
    return {
      ...toListItem(row),
      description: row.description,
      closedAt: row.closedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      images: images.map((i) => ({ ...i, createdAt: i.createdAt.toISOString() })),
      timeline: timeline.map((e) => ({
        id: e.id,
        kind: e.kind,
        body: e.body,
        fromStatus: e.fromStatus,
        toStatus: e.toStatus,
        fields: e.details?.fields ?? null,
        fileName: e.details?.fileName ?? null,
        authorName: e.authorName,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  }

  async function imageOf(tx: Tx, accidentId: string, imageId: string) {
    const [row] = await tx
      .select({
        id: accidentImages.id,
        fileId: files.id,
        storageKey: files.storageKey,
        fileName: files.fileName,
        contentType: files.contentType,
      })
      .from(accidentImages)
      .innerJoin(files, eq(files.id, accidentImages.fileId))
      .where(and(eq(accidentImages.id, imageId), eq(accidentImages.accidentId, accidentId)));
    if (!row) throw notFound("The photo");
    return row;
  }

  return {
    async list(query: AccidentListQuery): Promise<AccidentPage> {
      const { page, pageSize, sort, dir, ...filter } = query;
      const cond = accidentCondition(filter);
      const [{ total }] = await countAccidents(db, cond);
      const rows = await selectAccidents(db)
        .where(cond)
        .orderBy(...accidentOrder(sort, dir))
        .limit(pageSize)
        .offset(offsetOf({ page, pageSize }));
      return toPage(rows.map(toListItem), total, { page, pageSize });
    },

    async summary(): Promise<AccidentSummary> {
      const { rows } = await db.execute<{
        open_claims: number;
        open_amount: string;
        this_year: number;
        injuries: number;
      }>(sql`
        select
          count(*) filter (where ${accidents.claimStatus} = 'open')::int as open_claims,
          coalesce(sum(${accidents.claimAmount}) filter (where ${accidents.claimStatus} = 'open'), 0)::numeric(14, 2)::text as open_amount,
          count(*) filter (where ${accidents.occurredAt} >= date_trunc('year', now() at time zone 'utc') at time zone 'utc')::int as this_year,
          count(*) filter (where ${accidents.injuries} and ${accidents.occurredAt} >= date_trunc('year', now() at time zone 'utc') at time zone 'utc')::int as injuries
        from ${accidents}`);
      const r = rows[0];
      return {
        openClaims: r.open_claims,
        openClaimAmount: r.open_amount,
        accidentsThisYear: r.this_year,
        injuriesThisYear: r.injuries,
      };
    },

    get: (id: string) => detail(db, id),

    /** Records an accident with an open claim; the other safety staff are notified. */
    async create(actor: Actor, input: AccidentValues): Promise<AccidentDetail> {
      return db.transaction(async (tx) => {
        await check(tx, input);
        const reference = await takeAccidentReference(tx, new Date().getUTCFullYear());
        const [row] = await tx
          .insert(accidents)
          .values({ ...input, occurredAt: new Date(input.occurredAt), reference, createdBy: actor.userId })
          .returning({ id: accidents.id });
        await entry(tx, row.id, actor, { kind: "created", to: "open" });
        const recipients = await tx
          .select({ id: users.id })
          .from(users)
          .innerJoin(appUsers, eq(appUsers.userId, users.id))
          .where(
            and(
              inArray(appUsers.role, [...SAFETY_ROLES]),
              eq(users.banned, false),
              ne(users.id, actor.userId),
            ),
          );
        await notifyUsers(
          tx,
          recipients.map((r) => r.id),
          {
            kind: "accident.recorded",
            link: routePath("accidentDetail", { accidentId: row.id }),
            data: { accidentId: row.id, reference, injuries: !!input.injuries, location: input.location },
          },
        );
        await recordAudit(tx, actor, {
          action: "accident.created",
          targetType: "accident",
          targetId: row.id,
          targetLabel: reference,
          details: { injuries: input.injuries, driverId: input.driverId },
        });
        return detail(tx, row.id);
      });
    },

    /** Edits the report; the fields changed go on the timeline. The claim status moves only through its action. */
    async update(actor: Actor, id: string, input: AccidentValues): Promise<AccidentDetail> {
      return db.transaction(async (tx) => {
        const before = await lock(tx, id);
        await check(tx, input);
        const changed = changedFields(before, input);
        if (changed.length === 0) return detail(tx, id);
        await tx
          .update(accidents)
          .set({ ...input, occurredAt: new Date(input.occurredAt) })
          .where(eq(accidents.id, id));
        await entry(tx, id, actor, { kind: "updated", details: { fields: changed } });
        await recordAudit(tx, actor, {
          action: "accident.updated",
          targetType: "accident",
          targetId: id,
          targetLabel: before.reference,
          details: { fields: changed },
        });
        return detail(tx, id);
      });
    },

    /** Close or reopen the claim; the change and its note go on the timeline. Same status: 409. */
    async changeClaimStatus(
      actor: Actor,
      id: string,
      status: ClaimStatus,
      note?: string,
    ): Promise<AccidentDetail> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, id);
        if (row.claimStatus === status) {
          throw conflict(`The claim is already ${status}.`, "CLAIM_STATUS_UNCHANGED", { status });
        }
        await tx
          .update(accidents)
          .set({ claimStatus: status, closedAt: status === "closed" ? new Date() : null })
          .where(eq(accidents.id, id));
        await entry(tx, id, actor, { kind: "status", from: row.claimStatus, to: status, body: note });
        await recordAudit(tx, actor, {
          action: "accident.claim_status_changed",
          targetType: "accident",
          targetId: id,
          targetLabel: row.reference,
          details: { from: row.claimStatus, to: status },
        });
        return detail(tx, id);
      });
    },

    /** Appends a note to the timeline (notes are never edited or removed). */
    async addNote(actor: Actor, id: string, body: string): Promise<AccidentDetail> {
      return db.transaction(async (tx) => {
        await lock(tx, id);
        await entry(tx, id, actor, { kind: "note", body });
        return detail(tx, id);
      });
    },

    /** Adds a photo (an image by its content, at most ACCIDENT_MAX_IMAGES per accident). */
    async addImage(actor: Actor, id: string, file: File): Promise<AccidentDetail> {
      return db.transaction(async (tx) => {
        const row = await lock(tx, id);
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(accidentImages)
          .where(eq(accidentImages.accidentId, id));
        if (n >= ACCIDENT_MAX_IMAGES)
          throw conflict(TOO_MANY_IMAGES, "TOO_MANY_IMAGES", { max: ACCIDENT_MAX_IMAGES });
        let stored: Awaited<ReturnType<typeof storage.save>>;
        try {
          stored = await storage.save(
            tx,
            file,
            { maxBytes: ACCIDENT_IMAGE_MAX_BYTES, allowedTypes: ACCIDENT_IMAGE_TYPES },
            actor.userId,
          );
        } catch (err) {
          // The storage service speaks of PDFs too; an accident takes photos only.
          if (err instanceof HttpError && err.status === 415)
            throw new HttpError(415, err.code, IMAGE_TYPE_MESSAGE);
          throw err;
        }
        await tx.insert(accidentImages).values({
          accidentId: id,
          fileId: stored.id,
          uploadedBy: actor.userId,
          uploadedByName: actor.name,
        });
        await entry(tx, id, actor, { kind: "image_added", details: { fileName: stored.fileName } });
        await recordAudit(tx, actor, {
          action: "accident.image_added",
          targetType: "accident",
          targetId: id,
          targetLabel: row.reference,
          details: { fileName: stored.fileName, size: stored.size },
        });
        return detail(tx, id);
      });
    },

    async image(accidentId: string, imageId: string) {
      const image = await imageOf(db, accidentId, imageId);
      try {
        return {
          bytes: await storage.read(image.storageKey),
          fileName: image.fileName,
          contentType: image.contentType,
        };
      } catch {
        throw notFound("The photo's content");
      }
    },

    /** Removes a photo; the timeline records which. */
    async removeImage(actor: Actor, accidentId: string, imageId: string): Promise<AccidentDetail> {
      let key: string | null = null;
      const result = await db.transaction(async (tx) => {
        const row = await lock(tx, accidentId);
        const image = await imageOf(tx, accidentId, imageId);
        // The files row cascades to accident_images.
        await tx.delete(files).where(eq(files.id, image.fileId));
        key = image.storageKey;
        await entry(tx, accidentId, actor, { kind: "image_removed", details: { fileName: image.fileName } });
        await recordAudit(tx, actor, {
          action: "accident.image_deleted",
          targetType: "accident",
          targetId: accidentId,
          targetLabel: row.reference,
          details: { fileName: image.fileName },
        });
        return detail(tx, accidentId);
      });
      // Bytes go only once the row is gone for good.
      if (key) await storage.remove(key);
      return result;
    },
  };
}
