import type { SavedView } from "@shared/loads/saved-views.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { loadKeys, loadsPath } from "./loads";

const viewsKey = [...loadKeys.all, "views"] as const;
export function useSavedViews() {
  return useQuery({
    queryKey: viewsKey,
    queryFn: ({ signal }) => api<SavedView[]>(`${loadsPath}/views`, { signal }),
    retry: retryTransient,
  });
}
export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; query: string }) => api<SavedView>(`${loadsPath}/views`, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewsKey }),
  });
}
export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewId: string) =>
      api<unknown>(`${loadsPath}/views/${encodeURIComponent(viewId)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewsKey }),
  });
}
