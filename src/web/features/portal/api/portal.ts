import type {
  AcceptLoadRequestInput,
  CreateLoadRequestInput,
  DeclineLoadRequestInput,
  LoadRequestFilter,
  LoadRequestStatus,
} from "@shared/portal/load-requests.schema";
import type { PortalLoadFilter } from "@shared/portal/portal.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type PortalLoadQuery = Partial<PortalLoadFilter> & { page: number; pageSize: number };
export type StaffRequestQuery = Partial<LoadRequestFilter> & { page: number; pageSize: number };
export type ExportFormat = "csv" | "xlsx";

export const portalKeys = {
  all: ["portal"] as const,
  summary: () => [...portalKeys.all, "summary"] as const,
  loads: (query: object) => [...portalKeys.all, "loads", query] as const,
  load: (id: string) => [...portalKeys.all, "load", id] as const,
  requests: (query: object) => [...portalKeys.all, "requests", query] as const,
};
export const requestKeys = {
  all: ["load-requests"] as const,
  list: (query: object) => [...requestKeys.all, "list", query] as const,
  detail: (id: string) => [...requestKeys.all, "detail", id] as const,
};

// ---- The customer's portal

/** A new private tracking link for one of the customer's loads (replacing the one made before). */
export function usePortalTrackingLink(loadId: string) {
  return useMutation({
    mutationFn: () => api.post("/api/portal/loads/{id}/tracking-link", { path: { id: loadId } }),
  });
}

export function usePortalSummary() {
  return useQuery({
    queryKey: portalKeys.summary(),
    queryFn: ({ signal }) => api.get("/api/portal/summary", { signal }),
    retry: retryTransient,
  });
}

export function usePortalLoads(query: PortalLoadQuery) {
  return useQuery({
    queryKey: portalKeys.loads(query),
    queryFn: ({ signal }) => api.get("/api/portal/loads", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportPortalLoads(format: ExportFormat, filter: Partial<PortalLoadFilter>) {
  return download("/api/portal/loads/export", { ...filter, format }, `my-loads.${format}`);
}

export function usePortalLoad(id: string | null) {
  return useQuery({
    queryKey: portalKeys.load(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/portal/loads/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export const downloadPortalFile = (loadId: string, fileId: string, fileName: string) =>
  download(
    `/api/portal/loads/${encodeURIComponent(loadId)}/files/${encodeURIComponent(fileId)}`,
    undefined,
    fileName,
  );

export function useMyRequests(query: { page: number; pageSize: number; status?: LoadRequestStatus }) {
  return useQuery({
    queryKey: portalKeys.requests(query),
    queryFn: ({ signal }) => api.get("/api/portal/load-requests", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLoadRequestInput) => api.post("/api/portal/load-requests", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portalKeys.all }),
  });
}

// ---- Dispatch's review

export function useLoadRequests(query: StaffRequestQuery) {
  return useQuery({
    queryKey: requestKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/load-requests", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useLoadRequest(id: string | null) {
  return useQuery({
    queryKey: requestKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/load-requests/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function exportLoadRequests(format: ExportFormat, filter: Partial<LoadRequestFilter>) {
  return download("/api/load-requests/export", { ...filter, format }, `load-requests.${format}`);
}

export function useAcceptRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptLoadRequestInput) =>
      api.post("/api/load-requests/{id}/accept", { path: { id }, body }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
      void queryClient.invalidateQueries({ queryKey: ["loads"] });
    },
  });
}

export function useDeclineRequest(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeclineLoadRequestInput) =>
      api.post("/api/load-requests/{id}/decline", { path: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.all }),
  });
}
