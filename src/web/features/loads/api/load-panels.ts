import type { Ok } from "@shared/api/api.schema";
import type {
  BolUploadLink,
  CreatedBolUploadLink,
  LoadDetail,
  LoadInterest,
} from "@shared/loads/loads.schema";
import type {
  CreatedTrackingLink,
  CreateTrackingLinkInput,
  TrackingLinks,
} from "@shared/public/tracking.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { loadKeys, loadPath, useInvalidateLoads } from "./loads";

/* The load page's side panels (interested drivers, BOL upload and tracking links): apart, so the load form never downloads them. */

export function useLoadInterests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: loadKeys.interests(id),
    queryFn: ({ signal }) => api<LoadInterest[]>(`${loadPath(id)}/interests`, { signal }),
    enabled,
    retry: retryTransient,
  });
}

export function useAssignLoad(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (driverId: string) => api<LoadDetail>(`${loadPath(id)}/assign`, { body: { driverId } }),
    onSettled: invalidate,
  });
}

export function useBolLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: loadKeys.bolLinks(id),
    queryFn: ({ signal }) => api<BolUploadLink[]>(`${loadPath(id)}/bol-links`, { signal }),
    enabled,
    retry: retryTransient,
  });
}

export function useCreateBolLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expiresInDays: number) =>
      api<CreatedBolUploadLink>(`${loadPath(id)}/bol-links`, {
        body: { expiresInDays },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadKeys.bolLinks(id) }),
  });
}

export function useRevokeBolLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api<unknown>(`${loadPath(id)}/bol-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadKeys.bolLinks(id) }),
  });
}

export function useTrackingLinks(id: string) {
  return useQuery({
    queryKey: loadKeys.trackingLinks(id),
    queryFn: ({ signal }) => api<TrackingLinks>(`${loadPath(id)}/tracking-links`, { signal }),
    retry: retryTransient,
  });
}

/** A new tracking link for the shipper (replacing dispatch's previous one), emailed when `email`. */
export function useCreateTrackingLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTrackingLinkInput) =>
      api<CreatedTrackingLink>(`${loadPath(id)}/tracking-links`, { body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loadKeys.trackingLinks(id) }),
  });
}

export function useRevokeTrackingLink(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) =>
      api<Ok>(`${loadPath(id)}/tracking-links/${encodeURIComponent(linkId)}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loadKeys.trackingLinks(id) }),
  });
}
