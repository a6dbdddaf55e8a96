import type {
  ChangeCitationStatusInput,
  CitationDetail,
  CitationFilter,
  CitationInput,
} from "@shared/citations/citations.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

/** A list page's query: the shared filter as parsed from the URL (typed, defaults filled). */
export type CitationListQuery = Partial<CitationFilter> & { page: number; pageSize: number };
export type ExportFormat = "csv" | "xlsx";

/** One key tree: every citation change refreshes the lists, the summary and the detail. */
export const citationKeys = {
  all: ["citations"] as const,
  list: (query: object) => [...citationKeys.all, "list", query] as const,
  summary: () => [...citationKeys.all, "summary"] as const,
  detail: (id: string) => [...citationKeys.all, "detail", id] as const,
};

const base = "/api/citations";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;
export const citationFileUrl = (id: string) => `${one(id)}/file`;

export function useCitations(query: CitationListQuery) {
  return useQuery({
    queryKey: citationKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/citations", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useCitationSummary() {
  return useQuery({
    queryKey: citationKeys.summary(),
    queryFn: ({ signal }) => api.get("/api/citations/summary", { signal }),
    retry: retryTransient,
  });
}

export function useCitation(id: string | null) {
  return useQuery({
    queryKey: citationKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/citations/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function exportCitations(format: ExportFormat, filter: Partial<CitationFilter>) {
  return download(`${base}/export`, { ...filter, format }, `citations.${format}`);
}

/** A change answers with the citation as it now is: show it at once, then refresh the lists. */
function useCitationChange<V>(fn: (v: V) => Promise<CitationDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => queryClient.setQueryData(citationKeys.detail(detail.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: citationKeys.all }),
  });
}

export function useSaveCitation(id?: string) {
  return useCitationChange((body: CitationInput) =>
    id ? api.put("/api/citations/{id}", { path: { id }, body }) : api.post("/api/citations", { body }),
  );
}

export function useChangeCitationStatus(id: string) {
  return useCitationChange((body: ChangeCitationStatusInput) =>
    api.post("/api/citations/{id}/status", { path: { id }, body }),
  );
}

export function useDisputeCitation(id: string) {
  return useCitationChange((reason: string) =>
    api.post("/api/citations/{id}/dispute", { path: { id }, body: { reason } }),
  );
}

/** Uploads the ticket for a citation; `id` is given per call so a new citation can attach its file. */
export function useUploadCitationFile() {
  return useCitationChange(({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.set("file", file);
    return api.post("/api/citations/{id}/file", { path: { id }, form });
  });
}

export function useDeleteCitationFile(id: string) {
  return useCitationChange(() => api.delete("/api/citations/{id}/file", { path: { id } }));
}
