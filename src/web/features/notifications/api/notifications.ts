import type { NotificationQuery } from "@shared/notifications/notification-query.schema";
import type { Notification, NotificationPage, UnreadCount } from "@shared/notifications/notifications.schema";
import type {
  NotificationPreferences,
  NotificationPreferencesInput,
} from "@shared/notifications/preferences.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const notificationKeys = { all: ["notifications"] as const };

export function useNotifications(query: Partial<NotificationQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...notificationKeys.all, "list", query],
    queryFn: ({ signal }) => api<NotificationPage>("/api/notifications", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<UnreadCount>("/api/notifications/read-all", { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const preferencesKey = [...notificationKeys.all, "preferences"] as const;

/** The caller's email and text choices, language, and what the company switched off. */
export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api<NotificationPreferences>("/api/me/notification-preferences", { signal }),
    retry: retryTransient,
    enabled,
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesInput) =>
      api<NotificationPreferences>("/api/me/notification-preferences", { method: "PUT", body }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
