import type { ChatHistory, ChatMessage } from "@shared/chat/chat.schema";
import type { ChatThreadQuery } from "@shared/chat/chat-query.schema";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { isQueued, outboxMutation, outboxPost } from "../../../lib/outbox/outbox";

/** Where a message's attached file is served (and kept on the phone under, decision 062). */
export const chatFileUrl = (messageId: string) => `/api/chat/messages/${messageId}/file`;

export const chatKeys = {
  all: ["chat"] as const,
  threads: ["chat", "threads"] as const,
  thread: (driverId: string) => ["chat", "thread", driverId] as const,
  history: (driverId: string) => ["chat", "history", driverId] as const,
};

export function useChatThreads(query: Partial<ChatThreadQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...chatKeys.threads, query],
    queryFn: ({ signal }) => api.get("/api/chat/threads", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const chatThreadQuery = (driverId: string) =>
  queryOptions({
    queryKey: chatKeys.thread(driverId),
    queryFn: ({ signal }) => api.get("/api/chat/threads/{driverId}", { path: { driverId }, signal }),
    retry: retryTransient,
  });

export function useChatThread(driverId: string | null) {
  return useQuery({ ...chatThreadQuery(driverId ?? ""), enabled: !!driverId });
}

/** The conversation's newest page; also kept for the driver's day offline (app/driver-day.ts). */
export const chatHistoryQuery = (driverId: string) =>
  queryOptions({
    queryKey: chatKeys.history(driverId),
    queryFn: ({ signal }) => api.get("/api/chat/threads/{driverId}/messages", { path: { driverId }, signal }),
    retry: retryTransient,
  });

export type HistoryData = ChatHistory;

/**
 * The conversation, oldest first: the newest page is a query (the stream adds to it, a reconnect asks
 * again); older pages are fetched on request and kept while the conversation is open.
 */
export function useChatHistory(driverId: string) {
  const latest = useQuery(chatHistoryQuery(driverId));
  const [older, setOlder] = useState<ChatHistory[]>([]);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const byId = new Map<string, ChatMessage>();
  for (const m of [...older.flatMap((p) => p.items), ...(latest.data?.items ?? [])]) byId.set(m.id, m);
  const messages = [...byId.values()].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const more = older.length ? older[0].more : !!latest.data?.more;
  const loadOlder = async () => {
    const first = messages[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await api.get("/api/chat/threads/{driverId}/messages", {
        path: { driverId },
        query: { before: first.id },
      });
      setOlder((pages) => [page, ...pages]);
    } finally {
      setLoadingOlder(false);
    }
  };
  return {
    messages,
    more,
    loadOlder,
    loadingOlder,
    isPending: latest.isPending,
    isError: latest.isError,
    /** The newest page's answer as shown (the offline notice reads when it came). */
    latest,
  };
}

/** Adds a message to a cached conversation once (the sender's answer and the stream may both bring it). */
export function addToHistory(data: HistoryData | undefined, message: ChatMessage): HistoryData | undefined {
  if (!data || data.items.some((m) => m.id === message.id)) return data;
  return { ...data, items: [...data.items, message] };
}

export function useSendMessage(driverId: string) {
  const client = useQueryClient();
  return useMutation({
    ...outboxMutation,
    mutationFn: (input: { body: string; loadId?: string; file?: File | null }) => {
      const form = new FormData();
      form.set("body", input.body);
      if (input.loadId) form.set("loadId", input.loadId);
      if (input.file) form.set("file", input.file);
      // Through the outbox (decision 061): offline, the message (and its photo) waits on the phone.
      return outboxPost(
        "/api/chat/threads/{driverId}/messages",
        { path: { driverId }, form },
        {
          kind: "chat",
          subject: { driverId, detail: input.body.slice(0, 80) || (input.file?.name ?? "") },
          invalidate: [chatKeys.history(driverId), chatKeys.threads],
        },
      );
    },
    onSuccess: (message) => {
      if (isQueued(message)) return;
      client.setQueryData<HistoryData>(chatKeys.history(driverId), (d) => addToHistory(d, message));
      void client.invalidateQueries({ queryKey: chatKeys.threads });
    },
  });
}

export function useMarkChatRead(driverId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/chat/threads/{driverId}/read", { path: { driverId: driverId ?? "" } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: chatKeys.thread(driverId ?? "") });
      void client.invalidateQueries({ queryKey: chatKeys.threads });
      void client.invalidateQueries({ queryKey: ["notifications", "unread"] });
    },
  });
}
