import { classify, type OutboxEntry, type SendResult } from "./outbox-core";
import { safeJsonText } from "./outbox-json";

/**
 * The contract's request headers (`src/shared/sync/sync.schema.ts`), written again here: that file
 * brings zod, which the service worker (it sends with this file) must not download.
 * outbox-core.test.ts checks they stay equal.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const OCCURRED_AT_HEADER = "X-Occurred-At";

/**
 * How long one try may take before it counts as a network failure (the entry stays waiting; its key
 * makes the next try safe even if this one reached the server). A photo on a weak signal needs longer.
 */
const TIMEOUT_JSON_MS = 30_000;
const TIMEOUT_FILES_MS = 180_000;

/** The entry as a request: its key, the time it happened, its JSON or multipart body. */
export function requestOf(entry: OutboxEntry): RequestInit {
  const headers: Record<string, string> = {
    [IDEMPOTENCY_KEY_HEADER]: entry.id,
    [OCCURRED_AT_HEADER]: entry.occurredAt,
  };
  let body: BodyInit | undefined;
  if (entry.parts) {
    const form = new FormData();
    for (const part of entry.parts) {
      if ("file" in part) form.append(part.name, part.file, part.fileName);
      else form.append(part.name, part.value);
    }
    body = form;
  } else if (entry.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(entry.json);
  }
  return { method: entry.method, headers, body, credentials: "same-origin" };
}

/** Sends one entry with fetch (the page and the service worker alike) and says what the answer means. */
export async function sendEntry(entry: OutboxEntry, fetchImpl: typeof fetch = fetch): Promise<SendResult> {
  const timeout = AbortSignal.timeout(entry.parts ? TIMEOUT_FILES_MS : TIMEOUT_JSON_MS);
  let res: Response;
  try {
    res = await fetchImpl(entry.url, { ...requestOf(entry), signal: timeout });
  } catch {
    return { outcome: "retry", error: "NETWORK" };
  }
  let text = "";
  try {
    text = await res.text();
  } catch {
    // The answer was cut off: the server may have done it; the key makes the next try safe.
    return { outcome: "retry", error: "NETWORK" };
  }
  return classify(res.status, safeJsonText(text));
}
