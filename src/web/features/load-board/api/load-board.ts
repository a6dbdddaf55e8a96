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
    queryFn: ({ signal }) => api.get("/api/load-board", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useToggleInterest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, interested }: { id: string; interested: boolean }) => {
      if (interested) await api.post("/api/load-board/{id}/interest", { path: { id } });
      else await api.delete("/api/load-board/{id}/interest", { path: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: loadKeys.all }),
  });
}
