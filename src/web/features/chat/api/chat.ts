import type { ChatHistory, ChatMessage, ChatThread, ChatThreadPage } from "@shared/chat/chat.schema";
import type { ChatThreadQuery } from "@shared/chat/chat-query.schema";
import {
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const chatKeys = {
  all: ["chat"] as const,
  threads: ["chat", "threads"] as const,
  thread: (driverId: string) => ["chat", "thread", driverId] as const,
  history: (driverId: string) => ["chat", "history", driverId] as const,
};
const base = (driverId: string) => `/api/chat/threads/${encodeURIComponent(driverId)}`;

export function useChatThreads(query: Partial<ChatThreadQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...chatKeys.threads, query],
    queryFn: ({ signal }) => api<ChatThreadPage>("/api/chat/threads", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useChatThread(driverId: string | null) {
  return useQuery({
    queryKey: chatKeys.thread(driverId ?? ""),
    queryFn: ({ signal }) => api<ChatThread>(base(driverId ?? ""), { signal }),
    enabled: !!driverId,
    retry: retryTransient,
  });
}

export type HistoryData = InfiniteData<ChatHistory, string | null>;

/** The conversation, newest page first in `pages` (each page oldest→newest); older pages on request. */
export function useChatHistory(driverId: string | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.history(driverId ?? ""),
    queryFn: ({ signal, pageParam }) =>
      api<ChatHistory>(`${base(driverId ?? "")}/messages`, {
        query: { before: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.more ? (last.items[0]?.id ?? null) : null),
    enabled: !!driverId,
    retry: retryTransient,
  });
}

/** Adds a message to a cached conversation once (the sender's answer and the stream may both bring it). */
export function addToHistory(data: HistoryData | undefined, message: ChatMessage): HistoryData | undefined {
  if (!data?.pages.length) return data;
  if (data.pages.some((p) => p.items.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
}

export function useSendMessage(driverId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { body: string; loadId?: string; file?: File | null }) => {
      const form = new FormData();
      form.set("body", input.body);
      if (input.loadId) form.set("loadId", input.loadId);
      if (input.file) form.set("file", input.file);
      return api<ChatMessage>(`${base(driverId)}/messages`, { form });
    },
    onSuccess: (message) => {
      client.setQueryData<HistoryData>(chatKeys.history(driverId), (d) => addToHistory(d, message));
      void client.invalidateQueries({ queryKey: chatKeys.threads });
    },
  });
}

export function useMarkChatRead(driverId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`${base(driverId ?? "")}/read`, { method: "POST" }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: chatKeys.thread(driverId ?? "") });
      void client.invalidateQueries({ queryKey: chatKeys.threads });
      void client.invalidateQueries({ queryKey: ["notifications", "unread"] });
    },
  });
}
