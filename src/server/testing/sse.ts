import { expect } from "vitest";
import { TEST_ORIGIN, type TestContext } from "./harness";

/** Reads server-sent events from a streaming answer, one event at a time. */
export function sse(body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  return {
    async next(timeoutMs = 5000): Promise<{ event: string; id: string; data: string } | null> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(":")) continue;
          const field = (name: string) =>
            block
              .split("\n")
              .find((l) => l.startsWith(`${name}:`))
              ?.slice(name.length + 1)
              .trim() ?? "";
          return { event: field("event"), id: field("id"), data: field("data") };
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error("no event in time");
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no event in time")), left)),
        ]);
        if (chunk.done) return null;
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    cancel: () => reader.cancel(),
  };
}

/** Opens `/api/events` (or `url`) as a signed-in browser would and reads its events one at a time. */
export async function openEvents(
  app: TestContext["app"],
  cookie: string,
  opts: { lastEventId?: string; url?: string } = {},
) {
  const res = await app.request(opts.url ?? "/api/events", {
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      ...(opts.lastEventId ? { "last-event-id": opts.lastEventId } : {}),
    },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/event-stream");
  if (!res.body) throw new Error("no stream");
  return sse(res.body);
}
