import type { NotificationQuery } from "@shared/notifications/notification-query.schema";
import type { NotificationPreferencesInput } from "@shared/notifications/preferences.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const notificationKeys = { all: ["notifications"] as const };

export function useNotifications(query: Partial<NotificationQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...notificationKeys.all, "list", query],
    queryFn: ({ signal }) => api.get("/api/notifications", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/notifications/{id}/read", { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/notifications/read-all"),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

const preferencesKey = [...notificationKeys.all, "preferences"] as const;

/** The caller's email and text choices, language, and what the company switched off. */
export function useNotificationPreferences(enabled = true) {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api.get("/api/me/notification-preferences", { signal }),
    retry: retryTransient,
    enabled,
  });
}

export function useSaveNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferencesInput) => api.put("/api/me/notification-preferences", { body }),
    onSuccess: (saved) => client.setQueryData(preferencesKey, saved),
  });
}
