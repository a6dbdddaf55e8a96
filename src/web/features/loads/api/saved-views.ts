import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { loadKeys } from "./loads";

const viewsKey = [...loadKeys.all, "views"] as const;
export function useSavedViews() {
  return useQuery({
    queryKey: viewsKey,
    queryFn: ({ signal }) => api.get("/api/loads/views", { signal }),
    retry: retryTransient,
  });
}
export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; query: string }) => api.post("/api/loads/views", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewsKey }),
  });
}
export function useDeleteView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (viewId: string) => api.delete("/api/loads/views/{id}", { path: { id: viewId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewsKey }),
  });
}
