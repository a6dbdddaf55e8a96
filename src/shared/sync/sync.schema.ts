import { z } from "zod";

/**
 * The driver app's outbox and the server (issue 41, decision 060): what a phone sends with an action
 * it may replay, and what the server answers. The phone stores each action with a client-generated
 * key and the time it happened, and sends it (again) when the network returns; the server runs it
 * once per key and answers every replay with the first answer.
 */

/** A uuid the phone generates when the driver acts; the same action sent again carries the same one. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** When the action happened on the device: ISO 8601 with an offset (`2026-11-28T10:31:00-05:00`). */
export const OCCURRED_AT_HEADER = "X-Occurred-At";
/** On an answer replayed from the first request of its key (nothing was written again). */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";

/** Received more than this long after it happened: the record is "sent late" (and dispatch hears of a check-in). */
export const LATE_SYNC_MINUTES = 10;
/** Device clocks differ a little: an event time up to this far ahead of the server's is taken as given. */
export const OCCURRED_FUTURE_SKEW_MINUTES = 5;
/** An action older than this is refused: the outbox keeps nothing longer. */
export const OCCURRED_MAX_AGE_DAYS = 7;
/** How long the server keeps a key's answer (the nightly job purges older ones). */
export const IDEMPOTENCY_RETENTION_DAYS = 30;

/** The error codes of the contract (409 for the key, 400 for the headers and the times). */
export const SYNC_ERROR_CODES = [
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_IN_PROGRESS",
  "IDEMPOTENCY_KEY_INVALID",
  "OCCURRED_AT_INVALID",
  "OCCURRED_IN_FUTURE",
  "OCCURRED_TOO_OLD",
  /** A driver's action on a load dispatch cancelled meanwhile (409). */
  "LOAD_CANCELLED",
  /** A driver's action on a load dispatch gave to another driver meanwhile (409). */
  "LOAD_REASSIGNED",
] as const;
export type SyncErrorCode = (typeof SYNC_ERROR_CODES)[number];

/** The server's words for each code (the web shows its own translation of the code). */
export const SYNC_MESSAGES = {
  IDEMPOTENCY_KEY_REUSED:
    "This Idempotency-Key was already used for a different request. Send a new key for a new action.",
  IDEMPOTENCY_IN_PROGRESS:
    "The first request with this Idempotency-Key is still being processed. Try again in a few seconds.",
  IDEMPOTENCY_KEY_INVALID: "The Idempotency-Key header must be a UUID.",
  OCCURRED_AT_INVALID:
    "The X-Occurred-At header must be an ISO 8601 date and time with an offset, e.g. 2026-11-28T10:31:00-05:00.",
  OCCURRED_IN_FUTURE: `The time this happened is more than ${OCCURRED_FUTURE_SKEW_MINUTES} minutes ahead of the server's clock. Check the phone's date and time settings, then send it again.`,
  OCCURRED_TOO_OLD: `This happened more than ${OCCURRED_MAX_AGE_DAYS} days ago and can no longer be sent. Tell dispatch what happened so they can record it.`,
  LOAD_CANCELLED:
    "Dispatch cancelled this load. What you sent was not recorded; contact dispatch if you need to.",
  LOAD_REASSIGNED:
    "Dispatch gave this load to another driver. What you sent was not recorded; contact dispatch if you need to.",
} as const satisfies Record<SyncErrorCode, string>;

/** An ISO 8601 date and time with a `Z` or `±hh:mm` offset (a time without one names no instant). */
export const OCCURRED_AT_PATTERN =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Whether a record received at `receivedAt` for an event at `occurredAt` was "sent late". */
export function sentLate(occurredAt: Date | string | null, receivedAt: Date | string | null): boolean {
  if (!occurredAt || !receivedAt) return false;
  return new Date(receivedAt).getTime() - new Date(occurredAt).getTime() > LATE_SYNC_MINUTES * 60_000;
}

/** A replayable record's two times, as the server hands them to a service. */
export type SyncTimes = { occurredAt: Date; receivedAt: Date };

/** A replayable record's times as the API shows them: both times, and whether it was sent late. */
export const syncTimesSchema = {
  /** When it happened on the phone (null on records from before, or written by staff). */
  occurredAt: z.string().nullable(),
  /** When the server received it. */
  receivedAt: z.string().nullable(),
  /** Received more than LATE_SYNC_MINUTES after it happened. */
  late: z.boolean(),
};

/** A row's two times as the API shows them. */
export function syncTimesOf(row: { occurredAt: Date | null; receivedAt: Date | null }) {
  return {
    occurredAt: row.occurredAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    late: sentLate(row.occurredAt, row.receivedAt),
  };
}
