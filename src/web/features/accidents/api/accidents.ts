import type {
  AccidentDetail,
  AccidentFilter,
  AccidentInput,
  ChangeClaimStatusInput,
} from "@shared/accidents/accidents.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

/** A list page's query: the shared filter as parsed from the URL (typed, defaults filled). */
export type AccidentListQuery = Partial<AccidentFilter> & { page: number; pageSize: number };
export type ExportFormat = "csv" | "xlsx";

/** One key tree: every change refreshes the lists, the summary and the detail. */
export const accidentKeys = {
  all: ["accidents"] as const,
  list: (query: object) => [...accidentKeys.all, "list", query] as const,
  summary: () => [...accidentKeys.all, "summary"] as const,
  detail: (id: string) => [...accidentKeys.all, "detail", id] as const,
};

const base = "/api/accidents";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
export const accidentImageUrl = (id: string, imageId: string, download = false) =>
  `${one(id)}/images/${encodeURIComponent(imageId)}${download ? "?download=1" : ""}`;

export function useAccidents(query: AccidentListQuery) {
  return useQuery({
    queryKey: accidentKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/accidents", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useAccidentSummary() {
  return useQuery({
    queryKey: accidentKeys.summary(),
    queryFn: ({ signal }) => api.get("/api/accidents/summary", { signal }),
    retry: retryTransient,
  });
}

export function useAccident(id: string | undefined) {
  return useQuery({
    queryKey: accidentKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/accidents/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function exportAccidents(format: ExportFormat, filter: Partial<AccidentFilter>) {
  return download(`${base}/export`, { ...filter, format }, `accidents.${format}`);
}

/** A change answers with the accident as it now is: show it at once, then refresh the lists. */
function useAccidentChange<V>(fn: (v: V) => Promise<AccidentDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => queryClient.setQueryData(accidentKeys.detail(detail.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accidentKeys.all }),
  });
}

export function useSaveAccident(id?: string) {
  return useAccidentChange((body: AccidentInput) =>
    id ? api.put("/api/accidents/{id}", { path: { id }, body }) : api.post("/api/accidents", { body }),
  );
}

export function useChangeClaimStatus(id: string) {
  return useAccidentChange((body: ChangeClaimStatusInput) =>
    api.post("/api/accidents/{id}/claim-status", { path: { id }, body }),
  );
}

export function useAddAccidentNote(id: string) {
  return useAccidentChange((body: string) =>
    api.post("/api/accidents/{id}/notes", { path: { id }, body: { body } }),
  );
}

/** Adds one photo; `id` per call so a just-created accident can receive its photos. */
export function useAddAccidentImage() {
  return useAccidentChange(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.set("file", file);
    return api.post("/api/accidents/{id}/images", { path: { id }, form });
  });
}

export function useRemoveAccidentImage(id: string) {
  return useAccidentChange((imageId: string) =>
    api.delete("/api/accidents/{id}/images/{imageId}", { path: { id, imageId } }),
  );
}
