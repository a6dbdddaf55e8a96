import type {
  AccidentDetail,
  AccidentFilter,
  AccidentInput,
  AccidentPage,
  AccidentSummary,
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
    queryFn: ({ signal }) => api<AccidentPage>(base, { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useAccidentSummary() {
  return useQuery({
    queryKey: accidentKeys.summary(),
    queryFn: ({ signal }) => api<AccidentSummary>(`${base}/summary`, { signal }),
    retry: retryTransient,
  });
}

export function useAccident(id: string | undefined) {
  return useQuery({
    queryKey: accidentKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api<AccidentDetail>(one(id ?? ""), { signal }),
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
    id ? api<AccidentDetail>(one(id), { method: "PUT", body }) : api<AccidentDetail>(base, { body }),
  );
}

export function useChangeClaimStatus(id: string) {
  return useAccidentChange((body: ChangeClaimStatusInput) =>
    api<AccidentDetail>(`${one(id)}/claim-status`, { body }),
  );
}

export function useAddAccidentNote(id: string) {
  return useAccidentChange((body: string) => api<AccidentDetail>(`${one(id)}/notes`, { body: { body } }));
}

/** Adds one photo; `id` per call so a just-created accident can receive its photos. */
export function useAddAccidentImage() {
  return useAccidentChange(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.set("file", file);
    return api<AccidentDetail>(`${one(id)}/images`, { form });
  });
}

export function useRemoveAccidentImage(id: string) {
  return useAccidentChange((imageId: string) =>
    api<AccidentDetail>(`${one(id)}/images/${encodeURIComponent(imageId)}`, { method: "DELETE" }),
  );
}
