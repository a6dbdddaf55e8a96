import * as contract from "@shared/sync/sync.schema";
import { describe, expect, it } from "vitest";
import {
  BACKOFF_MAX_MS,
  backoffMs,
  classify,
  isConflict,
  memoryOutboxStore,
  nextSeq,
  type OutboxEntry,
  replay,
  retryEntry,
  type SendResult,
} from "./outbox-core";
import { IDEMPOTENCY_KEY_HEADER, OCCURRED_AT_HEADER, requestOf } from "./outbox-send";

let seq = 0;
const entry = (id: string, userId = "driver-1", more: Partial<OutboxEntry> = {}): OutboxEntry => ({
  id,
  userId,
  seq: ++seq,
  kind: "check-in",
  url: `/api/loads/l1/stops/${id}/check-in`,
  method: "POST",
  json: { event: "arrived" },
  occurredAt: new Date(Date.UTC(2026, 10, 28, 8, seq)).toISOString(),
  attempts: 0,
  state: "waiting",
  subject: {},
  invalidate: [["loads"]],
  ...more,
});

async function storeWith(...entries: OutboxEntry[]) {
  const store = memoryOutboxStore();
  for (const e of entries) await store.put(e);
  return store;
}

/** A fake server: answers each entry id in turn from a script, recording what was sent. */
function server(answers: Record<string, SendResult[]>) {
  const sent: string[] = [];
  const send = async (e: OutboxEntry): Promise<SendResult> => {
    sent.push(e.id);
    return answers[e.id]?.shift() ?? { outcome: "sent", status: 201, data: { id: e.id } };
  };
  return { sent, send };
}

describe("the outbox's replay", () => {
  it("sends in creation order, one at a time, and empties the outbox", async () => {
    // Put out of order: the order is the creation sequence, not the order of storing.
    const a = entry("a");
    const b = entry("b");
    const c = entry("c");
    const store = await storeWith(c, a, b);
    const { sent, send } = server({});
    const seen: string[] = [];
    const report = await replay(store, "driver-1", send, (e) => seen.push(`${e.type}:${e.entry.id}`));
    expect(sent).toEqual(["a", "b", "c"]);
    expect(seen).toEqual(["sent:a", "sent:b", "sent:c"]);
    expect(report.sent.map((s) => s.data)).toEqual([{ id: "a" }, { id: "b" }, { id: "c" }]);
    expect(await store.list("driver-1")).toEqual([]);
  });

  it("stops at a network failure, keeps that entry and every later one waiting, and sends them next time in the same order", async () => {
    const store = await storeWith(entry("a"), entry("b"), entry("c"));
    const { sent, send } = server({ b: [{ outcome: "retry", error: "NETWORK" }] });
    const first = await replay(store, "driver-1", send);
    expect(first.stopped).toBe(true);
    expect(sent).toEqual(["a", "b"]); // c was not tried past b's failure
    const left = await store.list("driver-1");
    expect(left.map((e) => [e.id, e.state, e.attempts, e.lastError ?? null])).toEqual([
      ["b", "waiting", 1, "NETWORK"],
      ["c", "waiting", 0, null],
    ]);
    const second = await replay(store, "driver-1", send);
    expect(second.stopped).toBe(false);
    expect(sent).toEqual(["a", "b", "b", "c"]);
    expect(await store.list("driver-1")).toEqual([]);
  });

  it("marks a refused entry with the server's words, never retries it blindly, and continues with the rest", async () => {
    const store = await storeWith(entry("a"), entry("b"), entry("c"));
    const refusal = { status: 409, code: "LOAD_CANCELLED", message: "This load was cancelled." };
    const { sent, send } = server({ a: [{ outcome: "refused", ...refusal }] });
    const report = await replay(store, "driver-1", send);
    expect(sent).toEqual(["a", "b", "c"]);
    expect(report.refused.map((e) => e.id)).toEqual(["a"]);
    const [kept] = await store.list("driver-1");
    expect(kept).toMatchObject({ id: "a", state: "refused", refusal });
    expect(isConflict(kept.refusal)).toBe(true);
    // The next replay leaves it alone…
    await replay(store, "driver-1", send);
    expect(sent).toEqual(["a", "b", "c"]);
    // …until the driver sends it again: then it goes, last.
    await store.put(retryEntry(kept, 1_000));
    await replay(store, "driver-1", send);
    expect(sent).toEqual(["a", "b", "c", "a"]);
    expect(await store.list("driver-1")).toEqual([]);
  });

  it("keeps a refused entry's photo until the driver deletes it", async () => {
    const photo = new Blob(["jpeg bytes"], { type: "image/jpeg" });
    const pod = entry("pod", "driver-1", {
      kind: "load-file",
      json: undefined,
      parts: [
        { name: "kind", value: "pod" },
        { name: "file", file: photo, fileName: "pod.jpg" },
      ],
    });
    const store = await storeWith(pod);
    const { send } = server({
      pod: [{ outcome: "refused", status: 404, code: "NOT_FOUND", message: "Load not found" }],
    });
    await replay(store, "driver-1", send);
    const [kept] = await store.list("driver-1");
    expect(kept.state).toBe("refused");
    const file = kept.parts?.find((p) => "file" in p);
    expect(file && "file" in file ? await file.file.text() : null).toBe("jpeg bytes");
  });

  it("sends only the signed-in user's entries; another driver's on the same phone wait for them", async () => {
    const store = await storeWith(entry("mine"), entry("theirs", "driver-2"), entry("mine-too"));
    const { sent, send } = server({});
    await replay(store, "driver-1", send);
    expect(sent).toEqual(["mine", "mine-too"]);
    expect((await store.list("driver-2")).map((e) => e.id)).toEqual(["theirs"]);
    expect(await store.list("driver-1")).toEqual([]);
  });

  it("skips an entry another replayer (the service worker, another tab) already sent", async () => {
    const store = await storeWith(entry("a"), entry("b"));
    const sent: string[] = [];
    const report = await replay(store, "driver-1", async (e) => {
      sent.push(e.id);
      if (e.id === "a") await store.remove("b"); // the worker sent b meanwhile
      return { outcome: "sent", status: 201, data: null };
    });
    expect(sent).toEqual(["a"]);
    expect(report.sent).toHaveLength(1);
  });
});

describe("the creation order", () => {
  it("keeps growing when the device clock is set back between two taps", () => {
    const first = nextSeq(0, Date.UTC(2026, 10, 28, 9, 0));
    const second = nextSeq(0, Date.UTC(2026, 10, 28, 8, 45)); // the clock went back 15 minutes
    expect(second).toBeGreaterThan(first);
    // After what another tab stored, too.
    expect(nextSeq(second + 1_000_000, Date.UTC(2026, 10, 28, 8, 45))).toBe(second + 1_000_001);
  });
});

describe("what an answer means", () => {
  it("retries what a later try can fix and refuses the server's considered no", () => {
    expect(classify(201, { id: 1 })).toEqual({ outcome: "sent", status: 201, data: { id: 1 } });
    expect(classify(0, null).outcome).toBe("retry");
    for (const status of [408, 429, 500, 502, 503, 504]) expect(classify(status, null).outcome).toBe("retry");
    // The first request with this key is still running on the server: ask again later.
    expect(classify(409, { error: { code: "IDEMPOTENCY_IN_PROGRESS", message: "…" } }).outcome).toBe("retry");
    expect(classify(400, { error: { code: "OCCURRED_IN_FUTURE", message: "The time is ahead." } })).toEqual({
      outcome: "refused",
      status: 400,
      code: "OCCURRED_IN_FUTURE",
      message: "The time is ahead.",
      details: undefined,
    });
    expect(classify(409, { error: { code: "IDEMPOTENCY_KEY_REUSED", message: "m" } }).outcome).toBe(
      "refused",
    );
    expect(isConflict({ status: 400, code: "VALIDATION", message: "" })).toBe(false);
  });

  it("waits longer after each network failure in a row, up to five minutes", () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([0, 5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(30)).toBe(BACKOFF_MAX_MS);
  });
});

describe("the request an entry becomes", () => {
  it("carries the contract's key and tap-time headers, and its JSON body", () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe(contract.IDEMPOTENCY_KEY_HEADER);
    expect(OCCURRED_AT_HEADER).toBe(contract.OCCURRED_AT_HEADER);
    const e = entry("4b4d3f0e-5a59-4c43-9a53-6f3f0a3f1c11");
    const init = requestOf(e);
    expect(init.headers).toEqual({
      "Idempotency-Key": e.id,
      "X-Occurred-At": e.occurredAt,
      "content-type": "application/json",
    });
    expect(init.body).toBe(JSON.stringify({ event: "arrived" }));
  });
});
