import type { AssistantChat, AssistantEvent } from "@shared/assistant/assistant.schema";
import type { LoadStatus } from "@shared/loads/loads.schema";
import { useQuery } from "@tanstack/react-query";
import { ApiRequestError, api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export function useAssistantStatus(enabled: boolean) {
  return useQuery({
    queryKey: ["assistant", "status"],
    queryFn: ({ signal }) => api.get("/api/assistant/status", { signal }),
    enabled,
    retry: retryTransient,
    staleTime: 60_000,
  });
}

/** Asks the assistant and hands each event of the streamed answer (one JSON object per line) to `onEvent`. */
export async function askAssistant(
  input: AssistantChat,
  onEvent: (event: AssistantEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await fetch("/api/assistant/chat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
    credentials: "same-origin",
    signal,
  });
  if (!res.ok || !res.body) {
    const data = (await res.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    throw new ApiRequestError(res.status, data?.error?.code ?? "HTTP_ERROR", data?.error?.message ?? "");
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) onEvent(JSON.parse(line) as AssistantEvent);
  }
}

/** A confirmed proposal goes through the same API as the load page's own button (checked again there). */
export const changeLoadStatus = (loadId: string, status: LoadStatus) =>
  api.post("/api/loads/{id}/status", { path: { id: loadId }, body: { status } });
