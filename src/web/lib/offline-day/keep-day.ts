import type { Me } from "@shared/auth/auth.schema";
import {
  hashKey,
  hydrate,
  onlineManager,
  type Query,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import type { KeptQuery } from "../driver-db";
import { identitySwitching, meQueryKey } from "../session";
import { isUnreachable } from "../use-online";
import {
  DAY_FILES_MAX_BYTES,
  DAY_QUERIES_MAX_BYTES,
  decideOwner,
  type SessionAnswer,
  withinBounds,
} from "./day-rules";
import {
  deleteFiles,
  fileKeys,
  keptOwner,
  putFile,
  readQueries,
  replaceQueries,
  SESSION_HASH,
  wipeDay,
} from "./day-store";

/** A file of the day: where the API serves it and what it is. */
export type DayFile = { url: string; fileName: string; contentType: string; size: number; rank: number };

/**
 * What a role keeps for its day offline (the driver's: `app/driver-day.ts`). The session is always
 * kept besides; the plan names the rest from what the cache holds now (the loads the dashboard names).
 */
export type DayPlan = {
  /** The queries of the day, 0 = most important (kept first when space runs short). */
  queries(client: QueryClient, me: Me): { key: QueryKey; rank: number }[];
  /** The files of the day, downloaded so they open offline. */
  files(client: QueryClient, me: Me): DayFile[];
  /** Asks the server for the day's answers not in the cache or stale (only called online). */
  prefetch(client: QueryClient, me: Me): Promise<unknown>;
};

const SAVE_DELAY_MS = 400;
/**
 * How long the screens wait for the server to say who is signed in before a driver's kept day is shown
 * (decision 064: offline-first). A good connection answers well within it (nothing kept flashes by);
 * on a weak signal that answer takes seconds, and the day is on the phone.
 */
export const SLOW_SESSION_MS = 150;
const PREFETCH_DELAY_MS = 1000;

/**
 * Keeps the signed-in user's day in IndexedDB and puts it back into the query cache when the network
 * fails (decision 062): written whenever one of the day's queries is answered, restored at start when
 * the server cannot be asked and whenever the phone goes offline, fetched ahead when online. Scoped to
 * the user the server named; deleted on sign-out and when someone else signs in.
 * Returns the function that stops it.
 */
export function keepDay(client: QueryClient, plan: DayPlan): () => void {
  if (typeof indexedDB === "undefined") return () => {};
  /** Whose day is in the cache: the server's answer, or the kept owner while it cannot be asked. */
  let owner: string | null = null;
  let confirmed = false;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let prefetchTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const tracked = () => (owner ? dayHashes(client, plan, owner) : new Set<string>());
  const kept = keptOwner().catch(() => null);

  const restore = async (userId: string, withSession: boolean) => {
    const records = await readQueries(userId).catch(() => []);
    if (stopped || owner !== userId) return;
    hydrate(client, {
      mutations: [],
      queries: records
        .filter((r) => withSession || r.queryHash !== SESSION_HASH)
        .map((r) => ({
          queryKey: [...r.queryKey],
          queryHash: r.queryHash,
          dehydratedAt: r.dataUpdatedAt,
          state: successState(r),
        })),
    });
  };

  const answer = async (session: SessionAnswer) => {
    const keptUser = await kept;
    if (stopped) return;
    // The same user answered again (a refetch on focus): nothing changes hands.
    if (session.kind === "user" && confirmed && owner === session.userId) return;
    const decision = decideOwner(owner ?? keptUser, session);
    if (decision.wipe) {
      // Someone else's day shown offline leaves the screens before the new user's arrives.
      if (owner && (session.kind !== "user" || owner !== session.userId)) forget();
      await wipeDay().catch(() => undefined);
    }
    if (session.kind === "user") {
      owner = session.userId;
      confirmed = true;
      if (decision.restore) await restore(session.userId, false);
      schedulePrefetch();
      scheduleSave();
    } else if (session.kind === "signedOut") {
      owner = null;
      confirmed = false;
    } else if (decision.restoreSession && keptUser && !confirmed) {
      owner = keptUser;
      await restore(keptUser, true);
    }
  };

  /** Everything the cache holds was the previous user's: none of it stays on screen. */
  const forget = () => client.removeQueries({ predicate: (q) => q.queryHash !== SESSION_HASH });

  const save = async () => {
    const me = client.getQueryData<Me | null>(meQueryKey);
    if (!owner || !me || me.user.id !== owner) return;
    const ranks = new Map<string, number>([[SESSION_HASH, 0]]);
    for (const { key, rank } of plan.queries(client, me)) ranks.set(hashKey(key), rank);
    const records: (KeptQuery & { at: number; rank: number })[] = [];
    for (const [hash, rank] of ranks) {
      const query = client.getQueryCache().get(hash);
      if (!query || query.state.data === undefined || query.state.status !== "success") continue;
      const bytes = JSON.stringify(query.state.data).length;
      records.push({
        userId: owner,
        queryHash: hash,
        queryKey: query.queryKey,
        data: query.state.data,
        dataUpdatedAt: query.state.dataUpdatedAt,
        bytes,
        at: query.state.dataUpdatedAt,
        rank,
      });
    }
    const { keep } = withinBounds(records, { now: Date.now(), maxBytes: DAY_QUERIES_MAX_BYTES });
    await replaceQueries(
      owner,
      keep.map(({ at: _at, rank: _rank, ...record }) => record),
    );
    if (confirmed && onlineManager.isOnline()) await keepFiles(owner, plan.files(client, me));
  };

  const scheduleSave = () => {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => void save().catch(() => undefined), SAVE_DELAY_MS);
  };

  const schedulePrefetch = () => {
    clearTimeout(prefetchTimer);
    prefetchTimer = setTimeout(() => {
      const me = client.getQueryData<Me | null>(meQueryKey);
      // Not while an impersonation starts or ends: the day's requests would go as the other identity.
      if (!confirmed || !me || !onlineManager.isOnline() || identitySwitching()) return;
      void plan
        .prefetch(client, me)
        .catch(() => undefined)
        .finally(scheduleSave);
    }, PREFETCH_DELAY_MS);
  };

  const onQuery = (query: Query, type: "success" | "error") => {
    if (query.queryHash === SESSION_HASH) {
      if (type === "success") {
        const me = query.state.data as Me | null;
        void answer(me ? { kind: "user", userId: me.user.id } : { kind: "signedOut" });
      } else if (isUnreachable(query.state.error)) void answer({ kind: "unreachable" });
      return;
    }
    if (type === "success" && owner && tracked().has(query.queryHash)) scheduleSave();
  };

  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated") return;
    if (event.action.type === "success") onQuery(event.query, "success");
    else if (event.action.type === "error") onQuery(event.query, "error");
  });
  // Offline: what the cache let go (an unvisited load's details after five minutes) comes back from
  // the phone; back online, the day is fetched again (the screens refetch what they show).
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (!online) {
      const userId = owner;
      if (userId) void restore(userId, false);
      else void answer({ kind: "unreachable" });
      return;
    }
    // Back online: whatever changed meanwhile replaces what is shown and kept, however recent the
    // kept answer (a screen's staleTime counts from before the signal went).
    const day = tracked();
    void client.invalidateQueries({ predicate: (q) => day.has(q.queryHash) });
    schedulePrefetch();
  });
  // TanStack Query assumes online until an `offline` event: a page opened offline (the service
  // worker's shell) says so at once, and its session, paused rather than failed, is the kept one.
  if (typeof navigator !== "undefined" && navigator.onLine === false) onlineManager.setOnline(false);
  if (!onlineManager.isOnline()) void answer({ kind: "unreachable" });
  // Offline-first (decision 064): a session the server is slow to confirm (a weak signal) does not
  // hold the screens back. Past SLOW_SESSION_MS without an answer, the kept day is shown as when the
  // server cannot be asked — for showing only, until the answer arrives and decides (the same user:
  // it stays and is refreshed; anyone else or nobody: it leaves the screens and the phone).
  // Only a driver's own day (never one kept while an admin browsed as them: that browser's cookie is
  // the admin's, and its screens would ask as the admin).
  const waiting = () => !stopped && !confirmed && client.getQueryData(meQueryKey) === undefined;
  const showKeptWhileAsking = async () => {
    const keptUser = await kept;
    if (!keptUser || !waiting()) return;
    const records = await readQueries(keptUser).catch(() => []);
    const me = records.find((r) => r.queryHash === SESSION_HASH)?.data as Me | null | undefined;
    if (me?.role === "driver" && !me.impersonation && waiting()) await answer({ kind: "unreachable" });
  };
  const slow = setTimeout(() => void showKeptWhileAsking(), SLOW_SESSION_MS);

  return () => {
    stopped = true;
    clearTimeout(slow);
    clearTimeout(saveTimer);
    clearTimeout(prefetchTimer);
    unsubscribeCache();
    unsubscribeOnline();
  };
}

/** The hashes the day keeps now (the session and the plan's queries). */
function dayHashes(client: QueryClient, plan: DayPlan, owner: string): Set<string> {
  const me = client.getQueryData<Me | null>(meQueryKey);
  const hashes = new Set([SESSION_HASH]);
  if (me && me.user.id === owner) for (const { key } of plan.queries(client, me)) hashes.add(hashKey(key));
  return hashes;
}

function successState(record: KeptQuery) {
  return {
    data: record.data,
    dataUpdatedAt: record.dataUpdatedAt,
    dataUpdateCount: 1,
    error: null,
    errorUpdateCount: 0,
    errorUpdatedAt: 0,
    fetchFailureCount: 0,
    fetchFailureReason: null,
    fetchMeta: null,
    // Kept is never fresh: the first chance online asks the server again, whatever its age.
    isInvalidated: true,
    status: "success" as const,
    fetchStatus: "idle" as const,
  };
}

/** Downloads the day's files not yet on the phone, within the bounds; drops those that left the day. */
async function keepFiles(userId: string, wanted: readonly DayFile[]): Promise<void> {
  const have = new Map((await fileKeys(userId)).map((f) => [f.url, f]));
  const now = Date.now();
  const { keep } = withinBounds(
    wanted.map((f) => ({ ...f, bytes: f.size, at: have.get(f.url)?.savedAt ?? now })),
    { now, maxBytes: DAY_FILES_MAX_BYTES },
  );
  const keepUrls = new Set(keep.map((f) => f.url));
  await deleteFiles(
    userId,
    [...have.keys()].filter((url) => !keepUrls.has(url)),
  );
  for (const file of keep) {
    if (have.has(file.url)) continue;
    const res = await fetch(file.url, { credentials: "same-origin" }).catch(() => null);
    if (!res?.ok) continue;
    const blob = await res.blob();
    await putFile({
      userId,
      url: file.url,
      fileName: file.fileName,
      contentType: file.contentType,
      blob,
      savedAt: Date.now(),
      bytes: blob.size,
    });
  }
}
