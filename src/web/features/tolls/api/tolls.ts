import type { ExportFormat } from "@shared/fuel/fuel.schema";
import type { LoadPage } from "@shared/loads/loads.schema";
import type { TollFilter, TollInput } from "@shared/tolls/tolls.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type TollListQuery = Partial<TollFilter> & { page: number; pageSize: number };

export const tollKeys = {
  all: ["tolls"] as const,
  list: (query: object) => [...tollKeys.all, "list", query] as const,
  loads: (q: string) => [...tollKeys.all, "loads", q] as const,
};

const base = "/api/tolls";

export function useTolls(query: TollListQuery) {
  return useQuery({
    queryKey: tollKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/tolls", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const exportTolls = (format: ExportFormat, filter: Partial<TollFilter>) =>
  download(`${base}/export`, { ...filter, format }, `tolls.${format}`);

export function useSaveToll(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TollInput) =>
      id ? api.put("/api/tolls/{id}", { path: { id }, body }) : api.post("/api/tolls", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tollKeys.all }),
  });
}

export function useDeleteToll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/tolls/{id}", { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tollKeys.all }),
  });
}

const statementForm = (file: File, timeZone: string) => {
  const form = new FormData();
  form.set("file", file);
  form.set("timeZone", timeZone);
  return form;
};

export function usePreviewStatement() {
  return useMutation({
    mutationFn: ({ file, timeZone }: { file: File; timeZone: string }) =>
      api.post("/api/tolls/import/preview", { form: statementForm(file, timeZone) }),
  });
}

export function useImportStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, timeZone }: { file: File; timeZone: string }) =>
      api.post("/api/tolls/import", { form: statementForm(file, timeZone) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tollKeys.all }),
  });
}

/** Loads for the toll form's picker (the dispatch list, searched by number or city). */
export function useLoadOptions(q: string, enabled: boolean) {
  return useQuery<LoadPage["items"]>({
    queryKey: tollKeys.loads(q),
    queryFn: ({ signal }) =>
      api
        .get("/api/loads", { query: { q, pageSize: 25, sort: "pickupAt", dir: "desc" }, signal })
        .then((p) => p.items),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
