import type { AnnouncementQuery } from "@shared/announcements/announcement-query.schema";
import type {
  Announcement,
  AnnouncementInput,
  AnnouncementPage,
  AnnouncementRecipientPage,
  People,
} from "@shared/announcements/announcements.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const announcementKeys = { all: ["announcements"] as const };

export function useAnnouncements(query: Partial<AnnouncementQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...announcementKeys.all, "list", query],
    queryFn: ({ signal }) => api<AnnouncementPage>("/api/announcements", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useSaveAnnouncement(id: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AnnouncementInput) =>
      api<Announcement>(id ? `/api/announcements/${id}` : "/api/announcements", {
        method: id ? "PUT" : "POST",
        body: input,
      }),
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
    mutationFn: (id: string) => api<Announcement>(`/api/announcements/${id}/cancel`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useRecipients(id: string | null, read: "read" | "unread" | undefined, page: number) {
  return useQuery({
    queryKey: [...announcementKeys.all, "recipients", id, read, page],
    queryFn: ({ signal }) =>
      api<AnnouncementRecipientPage>(`/api/announcements/${id}/recipients`, {
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
    queryFn: ({ signal }) => api<People>("/api/announcements/people", { query: { q }, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
