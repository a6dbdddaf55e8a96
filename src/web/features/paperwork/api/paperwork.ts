import type { PaperworkLinkInput, PaperworkQuery } from "@shared/paperwork/paperwork.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { loadKeys } from "../../loads/api/loads";

export type PaperworkListQuery = Partial<PaperworkQuery> & { page: number; pageSize: number };

export const paperworkKeys = {
  all: ["paperwork"] as const,
  list: (query: object) => [...paperworkKeys.all, "list", query] as const,
};

const base = "/api/paperwork";
const loadPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function usePaperwork(query: PaperworkListQuery) {
  return useQuery({
    queryKey: paperworkKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/paperwork", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

/** A BOL or POD, shown inline (the accountant's viewer). */
export const paperworkFileUrl = (loadId: string, fileId: string) =>
  `${loadPath(loadId)}/files/${encodeURIComponent(fileId)}`;

/** A decision changes the manager's list and the load's own page. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: paperworkKeys.all }),
      queryClient.invalidateQueries({ queryKey: loadKeys.all }),
    ]);
}

export function useVerifyPaperwork() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (loadId: string) =>
      api.post("/api/paperwork/{id}/verify", { path: { id: loadId }, body: {} }),
    onSettled: invalidate,
  });
}

export function useRejectPaperwork() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ loadId, reason }: { loadId: string; reason: string }) =>
      api.post("/api/paperwork/{id}/reject", { path: { id: loadId }, body: { reason } }),
    onSettled: invalidate,
  });
}

export function useRequestPaperwork() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ loadId, note = "" }: { loadId: string; note?: string }) =>
      api.post("/api/paperwork/{id}/request", { path: { id: loadId }, body: { note } }),
    onSettled: invalidate,
  });
}

export function useCreatePaperworkLink() {
  return useMutation({
    mutationFn: ({ loadId, ...body }: PaperworkLinkInput & { loadId: string }) =>
      api.post("/api/paperwork/{id}/upload-link", { path: { id: loadId }, body }),
  });
}

/** The chosen loads' BOLs and PODs as one PDF. */
export const downloadMergedPaperwork = (loadIds: string[]) =>
  download(`${base}/merged`, undefined, "paperwork.pdf", { loadIds });
