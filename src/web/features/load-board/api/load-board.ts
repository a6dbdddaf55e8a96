import type { Page } from "@shared/api/api.schema";
import type { LoadBoardItem } from "@shared/loads/loads.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { loadKeys } from "../../loads/api/loads";

export type { LoadBoardItem };

export interface LoadBoardQuery {
  q?: string;
  page: number;
  pageSize: number;
}

export function useLoadBoard(query: LoadBoardQuery) {
  return useQuery({
    queryKey: loadKeys.board(query),
    queryFn: ({ signal }) => api<Page<LoadBoardItem>>("/api/load-board", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useToggleInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, interested }: { id: string; interested: boolean }) =>
      api<unknown>(`/api/load-board/${encodeURIComponent(id)}/interest`, {
        method: interested ? "POST" : "DELETE",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: loadKeys.all }),
  });
}
