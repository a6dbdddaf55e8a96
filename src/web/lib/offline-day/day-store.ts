import { type KeptFile, type KeptQuery, openDriverDb } from "../driver-db";
import { DAY_MAX_AGE_MS } from "./day-rules";

/** The kept day in IndexedDB (`lms-driver`: `dayQueries`, `dayFiles`), always read and written per user. */

/** TanStack Query's hash of the session's key (`["me"]`): the record that says whose day is kept. */
export const SESSION_HASH = '["me"]';

/** The user whose day is kept: the newest kept session (there is never more than one user's day). */
export async function keptOwner(): Promise<string | null> {
  const db = await openDriverDb();
  let owner: { userId: string; at: number } | null = null;
  for (const record of await db.getAll("dayQueries")) {
    if (record.queryHash !== SESSION_HASH) continue;
    if (!owner || record.dataUpdatedAt > owner.at)
      owner = { userId: record.userId, at: record.dataUpdatedAt };
  }
  return owner?.userId ?? null;
}

/** The user's kept answers, none older than the age bound. */
export async function readQueries(userId: string, now = Date.now()): Promise<KeptQuery[]> {
  const db = await openDriverDb();
  const all = await db.getAllFromIndex("dayQueries", "byUser", userId);
  return all.filter((r) => now - r.dataUpdatedAt <= DAY_MAX_AGE_MS);
}

/** Writes `put` and deletes the user's other records (what left the day, or no longer fits). */
export async function replaceQueries(userId: string, put: readonly KeptQuery[]): Promise<void> {
  const db = await openDriverDb();
  const tx = db.transaction("dayQueries", "readwrite");
  const keep = new Set(put.map((r) => r.queryHash));
  for (const key of await tx.store.index("byUser").getAllKeys(userId)) {
    if (!keep.has(key[1])) await tx.store.delete(key);
  }
  for (const record of put) await tx.store.put(record);
  await tx.done;
}

export async function readFile(userId: string, url: string): Promise<KeptFile | undefined> {
  const db = await openDriverDb();
  const file = await db.get("dayFiles", [userId, url]);
  return file && Date.now() - file.savedAt <= DAY_MAX_AGE_MS ? file : undefined;
}

/** The user's kept files without reading their contents. */
export async function fileKeys(userId: string): Promise<{ url: string; bytes: number; savedAt: number }[]> {
  const db = await openDriverDb();
  const out: { url: string; bytes: number; savedAt: number }[] = [];
  let cursor = await db.transaction("dayFiles").store.index("byUser").openCursor(userId);
  while (cursor) {
    out.push({ url: cursor.value.url, bytes: cursor.value.bytes, savedAt: cursor.value.savedAt });
    cursor = await cursor.continue();
  }
  return out;
}

export async function putFile(file: KeptFile): Promise<void> {
  const db = await openDriverDb();
  await db.put("dayFiles", file);
}

export async function deleteFiles(userId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  const db = await openDriverDb();
  const tx = db.transaction("dayFiles", "readwrite");
  for (const url of urls) await tx.store.delete([userId, url]);
  await tx.done;
}

/** Every user's kept day, gone (sign-out, or another user signed in on this phone). */
export async function wipeDay(): Promise<void> {
  const db = await openDriverDb();
  const tx = db.transaction(["dayQueries", "dayFiles"], "readwrite");
  await Promise.all([tx.objectStore("dayQueries").clear(), tx.objectStore("dayFiles").clear(), tx.done]);
}
