import { z } from "zod";

export const DATA_MESSAGES = {
  days: "Enter a number of days from 1 to 3650, or leave it empty to keep everything.",
  kept: "Keep from 1 to 90 backups.",
  exportRunning: "An export is already running.",
  archiveGone: "This archive is no longer on the server.",
  demoNotRemovable: "The demo company cannot be removed now: see what holds it.",
} as const;
const M = DATA_MESSAGES;

export const EXPORT_STATUSES = ["running", "done", "failed"] as const;

export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  done: z.number().int(),
  total: z.number().int(),
  bytes: z.number().int(),
  fileName: z.string(),
  error: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportListSchema = z.object({ items: z.array(dataExportSchema) });
export type DataExportList = z.infer<typeof dataExportListSchema>;

export const backupSchema = z.object({ name: z.string(), bytes: z.number().int(), createdAt: z.string() });
export type Backup = z.infer<typeof backupSchema>;
export const backupListSchema = z.object({
  items: z.array(backupSchema),
  /** Where they are kept on the server (DATA_DIR/backups). */
  directory: z.string(),
});
export type BackupList = z.infer<typeof backupListSchema>;
export const backupNameParams = z.object({
  name: z.string().regex(/^lms-backup-[0-9TZ-]+\.tar\.gz$/, { message: "Unknown backup." }),
});

const days = z
  .number({ message: M.days })
  .int({ message: M.days })
  .min(1, { message: M.days })
  .max(3650, { message: M.days })
  .nullable();

export const dataSettingsInputSchema = z.object({
  /** Notifications older than this many days are removed (null: kept). */
  notificationDays: days,
  auditDays: days,
  communicationDays: days,
  backupsEnabled: z.boolean(),
  backupsKept: z
    .number({ message: M.kept })
    .int({ message: M.kept })
    .min(1, { message: M.kept })
    .max(90, { message: M.kept }),
});
export type DataSettingsInput = z.input<typeof dataSettingsInputSchema>;
export const dataSettingsSchema = dataSettingsInputSchema.extend({
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type DataSettings = z.infer<typeof dataSettingsSchema>;

/** What the nightly job removed (and the "apply now" answer). */
export const retentionResultSchema = z.object({
  notifications: z.number().int(),
  audit: z.number().int(),
  communications: z.number().int(),
});
export type RetentionResult = z.infer<typeof retentionResultSchema>;

/** Removing the demo company: what goes (rows per table), what of the user's goes with it, what blocks it. */
export const demoRemovalSchema = z.object({
  available: z.boolean(),
  /** Why it cannot be done: never seeded or already removed; seeded by an older version; the admin is a demo account; blocked. */
  reason: z.enum(["notSeeded", "notRecorded", "ownAccount", "blocked"]).nullable(),
  tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  also: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  blocked: z.array(z.object({ table: z.string(), by: z.string() })),
  removed: z.boolean(),
});
export type DemoRemoval = z.infer<typeof demoRemovalSchema>;
