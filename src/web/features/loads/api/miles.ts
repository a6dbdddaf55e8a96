import type { MilesOverrideInput, MilesPreviewInput } from "@shared/loads/miles.schema";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { loadKeys, useInvalidateLoads } from "./loads";

const key = (id: string) => [...loadKeys.all, "miles", id] as const;

/** A load's loaded and empty miles, where they come from, and its miles by state (the miles panel). */
export function useLoadMiles(loadId: string) {
  return useQuery({
    queryKey: key(loadId),
    queryFn: ({ signal }) => api.get("/api/loads/{id}/miles", { path: { id: loadId }, signal }),
    retry: retryTransient,
  });
}

/** Staff type the miles with a reason; the load (pay, list, board) is refreshed with them. */
export function useOverrideMiles(loadId: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (input: MilesOverrideInput) =>
      api.put("/api/loads/{id}/miles", { path: { id: loadId }, body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useClearMilesOverride(loadId: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: () => api.delete("/api/loads/{id}/miles/override", { path: { id: loadId } }),
    onSuccess: () => invalidate(),
  });
}

/** The form's estimate for the stops typed so far (no cache: it follows every edit). */
export function useMilesPreview(input: MilesPreviewInput | null) {
  return useQuery({
    queryKey: [...loadKeys.all, "miles-preview", input] as const,
    queryFn: ({ signal }) =>
      api.post("/api/loads/miles-preview", { body: input as MilesPreviewInput, signal }),
    enabled: input !== null,
    staleTime: 60_000,
    retry: false,
  });
}
