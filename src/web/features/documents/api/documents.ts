import type { Document, DocumentFilter, DocumentOwner } from "@shared/documents/documents.schema";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError, api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type DocumentListQuery = Partial<DocumentFilter> & { page: number; pageSize: number };

export const documentKeys = {
  all: ["documents"] as const,
  list: (query: object) => [...documentKeys.all, "list", query] as const,
};

const base = "/api/documents";
const fileUrl = (doc: Pick<Document, "owner" | "id">, inline: boolean) =>
  `${base}/${doc.owner.kind satisfies DocumentOwner}/${encodeURIComponent(doc.id)}/file${inline ? "?disposition=inline" : ""}`;

export const documentsQuery = (query: DocumentListQuery) =>
  queryOptions({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/documents", { query: { ...query }, signal }),
    retry: retryTransient,
  });

export function useDocuments(query: DocumentListQuery) {
  return useQuery(documentsQuery(query));
}

export const downloadDocument = (doc: Document) => download(fileUrl(doc, false), {}, doc.file.fileName);

/**
 * The viewer's address of a document, once the server has said it can send it: a document whose file
 * is gone answers its error, which the viewer shows in words instead of a blank frame. Only the
 * answer's headers are awaited; the frame then loads the file itself (same origin, as the page's
 * content policy wants).
 */
export async function checkDocument(doc: Document, signal?: AbortSignal): Promise<string> {
  const url = fileUrl(doc, true);
  const probe = new AbortController();
  const stop = () => probe.abort();
  signal?.addEventListener("abort", stop);
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", signal: probe.signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(0, "NETWORK", "");
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  if (res.ok) {
    probe.abort();
    return url;
  }
  const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
  throw new ApiRequestError(res.status, body?.error?.code ?? "HTTP", body?.error?.message ?? "");
}

export function useSaveCompanyDocument(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      id
        ? api.put("/api/documents/company/{id}", { path: { id }, form })
        : api.post("/api/documents", { form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useDeleteCompanyDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/documents/company/{id}", { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

/** A driver files one of their own documents (it waits for the office). */
export function useUploadOwnDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api.post("/api/documents/mine", { form }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useConfirmDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/documents/driver/{id}/confirm", { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}
