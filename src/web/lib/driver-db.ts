import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { OutboxEntry } from "./outbox/outbox-core";

/**
 * The phone's one IndexedDB database (issue 41): the outbox of what the driver did offline (decision
 * 061) and the driver's day kept for offline reading. One database, one version, one upgrade that
 * creates every store, so the page and the service worker (which reads the outbox for Background
 * Sync) always open the same shape. A new store is a new version with its step below.
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
  // The driver's day (helper e): its stores go here and in the upgrade below.
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
        // The driver's day's stores (helper e) are created here too.
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
