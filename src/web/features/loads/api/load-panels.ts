import type { CreateTrackingLinkInput } from "@shared/public/tracking.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { loadKeys, useInvalidateLoads } from "./loads";

/* The load page's side panels (interested drivers, BOL upload and tracking links): apart, so the load form never downloads them. */

export function useLoadInterests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: loadKeys.interests(id),
    queryFn: ({ signal }) => api.get("/api/loads/{id}/interests", { path: { id }, signal }),
    enabled,
    retry: retryTransient,
  });
}

export function useAssignLoad(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (driverId: string) =>
      api.post("/api/loads/{id}/assign", { path: { id }, body: { driverId } }),
    onSettled: invalidate,
  });
}

export function useBolLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: loadKeys.bolLinks(id),
    queryFn: ({ signal }) => api.get("/api/loads/{id}/bol-links", { path: { id }, signal }),
    enabled,
    retry: retryTransient,
  });
}

export function useCreateBolLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number) =>
      api.post("/api/loads/{id}/bol-links", { path: { id }, body: { expiresInDays } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadKeys.bolLinks(id) }),
  });
}

export function useRevokeBolLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api.delete("/api/loads/{id}/bol-links/{linkId}", { path: { id, linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadKeys.bolLinks(id) }),
  });
}

export function useTrackingLinks(id: string) {
  return useQuery({
    queryKey: loadKeys.trackingLinks(id),
    queryFn: ({ signal }) => api.get("/api/loads/{id}/tracking-links", { path: { id }, signal }),
    retry: retryTransient,
  });
}

/** A new tracking link for the shipper (replacing dispatch's previous one), emailed when `email`. */
export function useCreateTrackingLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTrackingLinkInput) =>
      api.post("/api/loads/{id}/tracking-links", { path: { id }, body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loadKeys.trackingLinks(id) }),
  });
}

export function useRevokeTrackingLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api.delete("/api/loads/{id}/tracking-links/{linkId}", { path: { id, linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadKeys.trackingLinks(id) }),
  });
}
