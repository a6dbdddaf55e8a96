/**
 * The rules of the driver's day kept on the phone (decision 062), apart from IndexedDB and the query
 * cache so they are tested as plain functions: whose data may be shown, and what fits.
 */

/** Older than this, a kept answer or file is dropped rather than shown: a week-old load is not "the day". */
export const DAY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The kept answers together (JSON): a driver's day is a few hundred kilobytes; this is the ceiling. */
export const DAY_QUERIES_MAX_BYTES = 4 * 1024 * 1024;
/** The kept files together: a handful of BOLs and rate confirmations, each up to the upload limit. */
export const DAY_FILES_MAX_BYTES = 40 * 1024 * 1024;

/** What the app learnt from the server about who is signed in. */
export type SessionAnswer =
  | { kind: "user"; userId: string }
  | { kind: "signedOut" }
  /** No answer: the phone is offline or the server out of reach. */
  | { kind: "unreachable" };

export type OwnerDecision = {
  /** Put the kept answers into the query cache. */
  restore: boolean;
  /** Also the kept session itself (only when the server cannot be asked). */
  restoreSession: boolean;
  /** Delete every user's kept day (signed out, or someone else signed in on this phone). */
  wipe: boolean;
};

/**
 * Whose kept day may be shown. Only the server says who is signed in: its answer for the same user
 * restores that user's day under the fresh session; for anyone else (or nobody) the kept day is
 * deleted before a screen can read it. Without an answer, the last session is shown again — for
 * showing only: every request still carries the cookie, and the server decides.
 */
export function decideOwner(kept: string | null, answer: SessionAnswer): OwnerDecision {
  switch (answer.kind) {
    case "user":
      return kept === answer.userId
        ? { restore: true, restoreSession: false, wipe: false }
        : { restore: false, restoreSession: false, wipe: kept !== null };
    case "signedOut":
      return { restore: false, restoreSession: false, wipe: kept !== null };
    case "unreachable":
      return { restore: kept !== null, restoreSession: kept !== null, wipe: false };
  }
}

export type Bounded = {
  bytes: number;
  /** When it was answered or downloaded (ms). */
  at: number;
  /** 0 is kept first (the session, the dashboard, the current load); larger gives way first. */
  rank: number;
};

/**
 * Which records stay: none older than `maxAgeMs`; then, most important and newest first, as many as
 * fit in `maxBytes` (one that does not fit is dropped, a smaller one after it may still fit).
 */
export function withinBounds<T extends Bounded>(
  records: readonly T[],
  { now, maxAgeMs = DAY_MAX_AGE_MS, maxBytes }: { now: number; maxAgeMs?: number; maxBytes: number },
): { keep: T[]; drop: T[] } {
  const keep: T[] = [];
  const drop: T[] = [];
  const fresh: T[] = [];
  for (const r of records) (now - r.at > maxAgeMs ? drop : fresh).push(r);
  fresh.sort((a, b) => a.rank - b.rank || b.at - a.at);
  let used = 0;
  for (const r of fresh) {
    if (used + r.bytes <= maxBytes) {
      used += r.bytes;
      keep.push(r);
    } else drop.push(r);
  }
  return { keep, drop };
}
