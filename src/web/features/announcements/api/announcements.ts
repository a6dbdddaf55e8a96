import type { AnnouncementQuery } from "@shared/announcements/announcement-query.schema";
import type { AnnouncementInput } from "@shared/announcements/announcements.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const announcementKeys = { all: ["announcements"] as const };

export function useAnnouncements(query: Partial<AnnouncementQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...announcementKeys.all, "list", query],
    queryFn: ({ signal }) => api.get("/api/announcements", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useSaveAnnouncement(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      id
        ? api.put("/api/announcements/{id}", { path: { id }, body: input })
        : api.post("/api/announcements", { body: input }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: announcementKeys.all });
      // Delivered at once, it may be the sender's own notification too.
      void client.invalidateQueries({ queryKey: ["notifications"] });
    },
  });
}

export function useCancelAnnouncement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/announcements/{id}/cancel", { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useRecipients(id: string | null, read: "read" | "unread" | undefined, page: number) {
  return useQuery({
    queryKey: [...announcementKeys.all, "recipients", id, read, page],
    queryFn: ({ signal }) =>
      api.get("/api/announcements/{id}/recipients", {
        path: { id: id ?? "" },
        query: { read, page, pageSize: 50 },
        signal,
      }),
    enabled: !!id,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function usePeople(q: string, enabled: boolean) {
  return useQuery({
    queryKey: [...announcementKeys.all, "people", q],
    queryFn: ({ signal }) => api.get("/api/announcements/people", { query: { q }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
