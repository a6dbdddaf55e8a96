import { openDriverDb } from "../driver-db";
import type { OutboxEntry, OutboxStore } from "./outbox-core";

/** The outbox in the phone's IndexedDB (`lms-driver` › `outbox`), for the page and the service worker. */
export const idbOutboxStore: OutboxStore = {
  async list(userId) {
    const db = await openDriverDb();
    return db.getAllFromIndex(
      "outbox",
      "byUser",
      IDBKeyRange.bound([userId, Number.NEGATIVE_INFINITY], [userId, Number.POSITIVE_INFINITY]),
    );
  },
  async get(id) {
    return (await openDriverDb()).get("outbox", id);
  },
  async put(entry: OutboxEntry) {
    await (await openDriverDb()).put("outbox", entry);
  },
  async remove(id) {
    await (await openDriverDb()).delete("outbox", id);
  },
};
