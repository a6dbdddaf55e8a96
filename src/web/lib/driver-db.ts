import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { OutboxEntry } from "./outbox/outbox-core";

/**
 * The phone's one IndexedDB database (issue 41): the outbox of what the driver did offline
 * (decision 061) and the driver's day kept for offline reading (decision 062). One database, one
 * version, one upgrade that creates every store, so the page and the service worker always open the
 * same shape. A new store is a new version with its step below.
 */
export const DRIVER_DB_NAME = "lms-driver";
export const DRIVER_DB_VERSION = 1;

export type PositionRecord = {
  /** The signed-in user the point belongs to. */
  userId: string;
  /** The device time of the fix (ISO), also its key: the same fix is never stored twice. */
  t: string;
  point: import("@shared/tracking/tracking.schema").PositionPoint;
};

/** A query of the driver's day as it was last answered (lib/offline-day/day-store.ts). */
export type KeptQuery = {
  /** The signed-in user it was answered for: nobody else's session ever reads it. */
  userId: string;
  /** TanStack Query's hash of the key (the record's identity). */
  queryHash: string;
  queryKey: readonly unknown[];
  data: unknown;
  /** When the server answered it (ms since the epoch). */
  dataUpdatedAt: number;
  /** Its size as JSON, for the size bound. */
  bytes: number;
};

/** A file of the day (a load's BOL, rate confirmation…), downloaded so it opens offline. */
export type KeptFile = {
  userId: string;
  /** The API address it was downloaded from (`/api/loads/{id}/files/{fileId}`). */
  url: string;
  fileName: string;
  contentType: string;
  blob: Blob;
  savedAt: number;
  bytes: number;
};

export interface DriverDb extends DBSchema {
  /** What the driver did, waiting to be sent or refused by the server; replayed by `seq` order. */
  outbox: {
    key: string;
    value: OutboxEntry;
    indexes: { byUser: [string, number] };
  };
  /** Location fixes not yet sent (features/tracking/sharing/position-queue.ts). */
  positions: {
    key: [string, string];
    value: PositionRecord;
    indexes: { byUser: string };
  };
  /** The driver's day: the answers the driver's screens read, per user. */
  dayQueries: {
    key: [string, string];
    value: KeptQuery;
    indexes: { byUser: string };
  };
  /** The day's files, per user. */
  dayFiles: {
    key: [string, string];
    value: KeptFile;
    indexes: { byUser: string };
  };
}

let opening: Promise<IDBPDatabase<DriverDb>> | null = null;

/** The database, opened once per page (or worker) and shared. */
export function openDriverDb(): Promise<IDBPDatabase<DriverDb>> {
  opening ??= openDB<DriverDb>(DRIVER_DB_NAME, DRIVER_DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const outbox = db.createObjectStore("outbox", { keyPath: "id" });
        outbox.createIndex("byUser", ["userId", "seq"]);
        const positions = db.createObjectStore("positions", { keyPath: ["userId", "t"] });
        positions.createIndex("byUser", "userId");
        // The driver's day (decision 062).
        const queries = db.createObjectStore("dayQueries", { keyPath: ["userId", "queryHash"] });
        queries.createIndex("byUser", "userId");
        const files = db.createObjectStore("dayFiles", { keyPath: ["userId", "url"] });
        files.createIndex("byUser", "userId");
      }
    },
    // Another tab (or a new version of the app) wants a newer shape: let it, reopen on next use.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}
