import type { CustomerFilter, CustomerImportCommit, CustomerInput } from "@shared/customers/customers.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiQuery, api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { uploadWithProgress } from "../../../lib/upload";

export type CustomerListQuery = Partial<CustomerFilter> & { page: number; pageSize: number };
export type ExportFormat = "csv" | "xlsx";

export const customerKeys = {
  all: ["customers"] as const,
  list: (query: object) => [...customerKeys.all, "list", query] as const,
  detail: (id: string) => [...customerKeys.all, "detail", id] as const,
  loads: (id: string, query: object) => [...customerKeys.all, "loads", id, query] as const,
};

const base = "/api/customers";

export function useCustomers(query: CustomerListQuery) {
  return useQuery({
    queryKey: customerKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/customers", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useCustomer(id: string | undefined) {
  return useQuery({
    queryKey: customerKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/customers/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

/** A customer's loads history: the loads list filtered to them. */
export function useCustomerLoads(id: string, query: Omit<ApiQuery<"/api/loads", "get">, "customerId">) {
  return useQuery({
    queryKey: customerKeys.loads(id, query),
    queryFn: ({ signal }) => api.get("/api/loads", { query: { ...query, customerId: id }, signal }),
    retry: retryTransient,
  });
}

export function exportCustomers(format: ExportFormat, filter: Partial<CustomerFilter>) {
  return download(`${base}/export`, { ...filter, format }, `customers.${format}`);
}

export function useSaveCustomer(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerInput) =>
      id ? api.put("/api/customers/{id}", { path: { id }, body }) : api.post("/api/customers", { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(customerKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/customers/{id}", { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/**
 * Uploads the file for the import preview with XMLHttpRequest, which (unlike fetch) reports upload
 * progress: `onProgress` gets 0–1 as bytes leave the browser. Errors arrive as ApiRequestError.
 */
export function previewImport(file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  const form = new FormData();
  form.set("file", file);
  return uploadWithProgress("/api/customers/import/preview", { form, onProgress, signal });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerImportCommit) => api.post("/api/customers/import", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

/** A customer's portal load requests (dispatch's view). */
export function useCustomerRequests(id: string) {
  return useQuery({
    queryKey: [...customerKeys.all, "requests", id] as const,
    queryFn: ({ signal }) =>
      api.get("/api/load-requests", { query: { customerId: id, pageSize: 10 }, signal }),
    retry: retryTransient,
  });
}
