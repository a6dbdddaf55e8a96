import type { PushSubscriptionInput } from "@shared/push/push.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { notificationKeys } from "./notifications";

const subscriptionsKey = [...notificationKeys.all, "push-subscriptions"] as const;

/** The caller's devices with notifications on (this browser is one when its endpoint is listed). */
export function usePushSubscriptions(enabled = true) {
  return useQuery({
    queryKey: subscriptionsKey,
    queryFn: ({ signal }) => api.get("/api/push/subscriptions", { signal }),
    retry: retryTransient,
    enabled,
  });
}

/** The server's VAPID public key, read when a device is turned on. */
export const fetchPushKey = () => api.get("/api/push/key");

export function useSavePushSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PushSubscriptionInput) => api.post("/api/push/subscriptions", { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}

export function useRemovePushSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/push/subscriptions/{id}", { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionsKey }),
  });
}
