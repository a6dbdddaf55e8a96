import type { StateMilesInput } from "@shared/loads/state-miles.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

const key = (id: string) => ["loads", "state-miles", id] as const;

/** A load's miles by state (IFTA), read and saved by the load page's panel only. */
export function useStateMiles(loadId: string) {
  return useQuery({
    queryKey: key(loadId),
    queryFn: ({ signal }) => api.get("/api/loads/{id}/state-miles", { path: { id: loadId }, signal }),
    retry: retryTransient,
  });
}

export function useSaveStateMiles(loadId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: StateMilesInput) =>
      api.put("/api/loads/{id}/state-miles", { path: { id: loadId }, body: input }),
    onSuccess: (saved) => client.setQueryData(key(loadId), saved),
  });
}
