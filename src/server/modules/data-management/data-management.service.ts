import { createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import type { AuditAction } from "@shared/audit/audit.schema";
import { retentionLine } from "@shared/audit/audit-targets";
import {
  type Backup,
  type BackupList,
  DATA_MESSAGES,
  type DataExport,
  type DataSettings,
  type DataSettingsInput,
  type DemoRemoval,
  type RetentionResult,
} from "@shared/data-management/data-management.schema";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { dataExports, dataSettings } from "../../db/schema";
import type { Deps } from "../../deps";
import type { Actor } from "../../http/context";
import { conflict, HttpError, loggableError, notFound } from "../../http/errors";
import { recordAudit } from "../../platform/audit/audit";
import { archiveStoreFor, type BlobStore } from "../../platform/storage/storage";
import { writeArchive } from "./archive";
import { planDemoRemoval } from "./demo-company";

export const ARCHIVE_TYPE = "application/gzip";
const BACKUP_NAME = /^lms-backup-[0-9TZ-]+\.tar\.gz$/;
/** How often a running export writes its progress (the screen polls each second). */
const PROGRESS_EVERY_MS = 400;

/**
 * Backups and exports live in the archive store (platform/storage): DATA_DIR/backups and
 * DATA_DIR/exports on disk, or the files' bucket, so every instance lists and serves the same ones.
 */
const stores = new WeakMap<Deps["config"], BlobStore>();
const archivesOf = (deps: Pick<Deps, "config">) => {
  let store = stores.get(deps.config);
  if (!store) {
    store = archiveStoreFor(deps.config);
    stores.set(deps.config, store);
  }
  return store;
};
const BACKUPS = "backups/";
const exportKey = (id: string) => `exports/${id}.tar.gz`;
/** Where an administrator finds the backups outside the app. */
const backupsLocation = (deps: Pick<Deps, "config">) =>
  deps.config.s3 ? `s3://${deps.config.s3.bucket}/backups` : path.join(deps.config.dataDir, "backups");
/** 2026-11-27T02:00:00.000Z → 2026-11-27T0200Z (sortable, safe in a file name). */
const stamp = (at: Date) => `${at.toISOString().slice(0, 16).replace(":", "")}Z`;

function toExport(row: typeof dataExports.$inferSelect): DataExport {
  return {
    id: row.id,
    status: row.status as DataExport["status"],
    done: row.done,
    total: row.total,
    bytes: row.bytes,
    fileName: row.fileName,
    error: row.error,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

async function settingsOf(deps: Deps): Promise<DataSettings> {
  const [row] = await deps.db.select().from(dataSettings).where(eq(dataSettings.id, 1));
  return {
    notificationDays: row?.notificationDays ?? null,
    auditDays: row?.auditDays ?? null,
    communicationDays: row?.communicationDays ?? null,
    backupsEnabled: row?.backupsEnabled ?? true,
    backupsKept: row?.backupsKept ?? 14,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedByName: row?.updatedByName ?? null,
  };
}

/**
 * Writes the archive to a local temporary file, then stores it under `key` in one piece (a half-written
 * archive never shows); its size in bytes.
 */
async function archiveTo(deps: Deps, key: string, onProgress?: Parameters<typeof writeArchive>[3]) {
  const dir = await mkdtemp(path.join(tmpdir(), "lms-archive-"));
  const local = path.join(dir, "archive.tar.gz");
  try {
    await writeArchive(deps.pool, deps.storage, createWriteStream(local, { mode: 0o600 }), onProgress);
    await archivesOf(deps).putFile(key, local);
    return (await stat(local)).size;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The backups, newest first. */
export async function listBackups(deps: Deps): Promise<Backup[]> {
  const found = await archivesOf(deps).list(BACKUPS);
  return found
    .map((o) => ({
      name: o.key.slice(BACKUPS.length),
      bytes: o.bytes,
      createdAt: o.modifiedAt.toISOString(),
    }))
    .filter((b) => BACKUP_NAME.test(b.name))
    .sort((a, b) => b.name.localeCompare(a.name));
}

/**
 * The nightly backup (and "Back up now"): the whole export archive — every table and file — into
 * the archive store's backups/ (DATA_DIR/backups or the bucket), then only the newest `backupsKept` are
 * kept. Skipped when switched off.
 */
export async function runBackup(deps: Deps, now = new Date(), force = false): Promise<Backup | null> {
  const settings = await settingsOf(deps);
  if (!settings.backupsEnabled && !force) return null;
  const name = `lms-backup-${stamp(now)}.tar.gz`;
  const bytes = await archiveTo(deps, `${BACKUPS}${name}`);
  for (const old of (await listBackups(deps)).slice(settings.backupsKept)) {
    await archivesOf(deps).remove(`${BACKUPS}${old.name}`);
  }
  deps.log.info(`Backup written: ${name} (${bytes} bytes)`);
  return { name, bytes, createdAt: now.toISOString() };
}

/** Removes what is older than the retention settings say (nightly). */
export async function applyRetention(deps: Deps, now = new Date()): Promise<RetentionResult> {
  const s = await settingsOf(deps);
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const removed: RetentionResult = { notifications: 0, audit: 0, communications: 0 };
  if (s.notificationDays) {
    const r = await deps.db.execute(
      sql`delete from notifications where created_at < ${before(s.notificationDays)}`,
    );
    removed.notifications = r.rowCount ?? 0;
  }
  if (s.auditDays) {
    const r = await deps.db.execute(sql`delete from audit_log where created_at < ${before(s.auditDays)}`);
    removed.audit = r.rowCount ?? 0;
  }
  if (s.communicationDays) {
    // Only what is finished: a message still queued or scheduled stays whatever its age.
    const r = await deps.db.execute(
      sql`delete from communications where created_at < ${before(s.communicationDays)}
            and status not in ('queued', 'scheduled', 'sending')`,
    );
    removed.communications = r.rowCount ?? 0;
  }
  return removed;
}

export function createDataManagementService(deps: Deps) {
  const { db } = deps;
  const audit = (actor: Actor, action: AuditAction, label: string) =>
    recordAudit(db, actor, { action, targetType: "data", targetLabel: label });

  return {
    async exports(): Promise<DataExport[]> {
      const rows = await db.select().from(dataExports).orderBy(desc(dataExports.createdAt)).limit(20);
      return rows.map(toExport);
    },

    async export(id: string): Promise<DataExport> {
      const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
      if (!row) throw notFound("The export");
      return toExport(row);
    },

    /** Starts an export; it runs in the background and the row tells its progress. */
    async startExport(actor: Actor): Promise<DataExport> {
      const [running] = await db
        .select({ id: dataExports.id })
        .from(dataExports)
        .where(
          and(eq(dataExports.status, "running"), gt(dataExports.createdAt, sql`now() - interval '1 hour'`)),
        );
      if (running) throw conflict(DATA_MESSAGES.exportRunning, "EXPORT_RUNNING");
      const now = new Date();
      const [row] = await db
        .insert(dataExports)
        .values({
          fileName: `lms-export-${stamp(now)}.tar.gz`,
          createdBy: actor.userId,
          createdByName: actor.name,
        })
        .returning();
      await audit(actor, "data.exported", row.fileName);
      let last = 0;
      void archiveTo(deps, exportKey(row.id), async ({ done, total }) => {
        if (Date.now() - last < PROGRESS_EVERY_MS && done < total) return;
        last = Date.now();
        await db.update(dataExports).set({ done, total }).where(eq(dataExports.id, row.id));
      })
        .then(
          (bytes) =>
            db
              .update(dataExports)
              .set({ status: "done", bytes, finishedAt: new Date() })
              .where(eq(dataExports.id, row.id)),
          (err: Error) => {
            deps.log.error("data export failed", loggableError(err));
            return db
              .update(dataExports)
              .set({ status: "failed", error: err.message.slice(0, 500), finishedAt: new Date() })
              .where(eq(dataExports.id, row.id));
          },
        )
        // The database may be gone by now (the server stopping mid-export): the row then stays "running"
        // and a new export is allowed an hour later. Never an unhandled rejection.
        .catch((err: Error) => deps.log.warn("data export status not recorded", loggableError(err)));
      return toExport(row);
    },

    async exportFile(id: string) {
      const item = await this.export(id);
      if (item.status !== "done") throw notFound("The archive");
      return { ...(await openArchive(deps, exportKey(id))), fileName: item.fileName };
    },

    async backups(): Promise<BackupList> {
      return { items: await listBackups(deps), directory: backupsLocation(deps) };
    },

    async backupNow(actor: Actor): Promise<Backup> {
      const backup = await runBackup(deps, new Date(), true);
      if (!backup) throw new HttpError(500, "BACKUP_FAILED", "The backup was not written.");
      await audit(actor, "data.backed_up", backup.name);
      return backup;
    },

    async backupFile(name: string) {
      if (!BACKUP_NAME.test(name)) throw new HttpError(404, "NOT_FOUND", DATA_MESSAGES.archiveGone);
      return { ...(await openArchive(deps, `${BACKUPS}${name}`)), fileName: name };
    },

    /** What removing the demo company would remove (a dry run). */
    demo: (actor: Actor): Promise<DemoRemoval> =>
      planDemoRemoval(deps.pool, deps.storage, actor.userId, false),

    async removeDemo(actor: Actor): Promise<DemoRemoval> {
      const result = await planDemoRemoval(deps.pool, deps.storage, actor.userId, true);
      if (!result.removed) throw conflict(DATA_MESSAGES.demoNotRemovable, "DEMO_NOT_REMOVABLE", result);
      await recordAudit(db, actor, {
        action: "data.demo_removed",
        targetType: "data",
        targetLabel: `${result.tables.reduce((n, t) => n + t.rows, 0)}`,
      });
      return result;
    },

    settings: () => settingsOf(deps),

    async saveSettings(actor: Actor, input: DataSettingsInput): Promise<DataSettings> {
      await db.transaction(async (tx) => {
        await tx
          .insert(dataSettings)
          .values({ id: 1, ...input, updatedByName: actor.name, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: dataSettings.id,
            set: { ...input, updatedByName: actor.name, updatedAt: new Date() },
          });
        await recordAudit(tx, actor, {
          action: "data.settings_saved",
          targetType: "data",
          targetLabel: retentionLine([input.notificationDays, input.auditDays, input.communicationDays]),
        });
      });
      return settingsOf(deps);
    },
  };
}

async function openArchive(deps: Deps, key: string) {
  try {
    const { stream, bytes } = await archivesOf(deps).open(key);
    return { stream: Readable.toWeb(stream) as ReadableStream, bytes };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new HttpError(404, "NOT_FOUND", DATA_MESSAGES.archiveGone);
    throw err;
  }
}
