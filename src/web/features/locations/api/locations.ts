import type { Location, LocationInput, LocationListQuery } from "@shared/locations/locations.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type { Location };

const locationKeys = {
  all: ["locations"] as const,
  search: (q: string, customerId: string | null) => [...locationKeys.all, "search", q, customerId] as const,
  list: (query: object) => [...locationKeys.all, "list", query] as const,
};

/** The address book screen's page. */
export function useLocations(query: Partial<LocationListQuery> & { page: number; pageSize: number }) {
  return useQuery({
    queryKey: locationKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/locations", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

/** The address book as the user types a stop: the load's customer's usual places first. */
export function useLocationSearch(q: string, customerId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.search(q, customerId),
    queryFn: ({ signal }) =>
      api.get("/api/locations", {
        query: { q: q || undefined, customerId: customerId ?? undefined, pageSize: 10 },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: retryTransient,
  });
}

/** Saves a new place, or edits the one named by `id`. */
export function useSaveLocation(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput) =>
      id ? api.put("/api/locations/{id}", { path: { id }, body }) : api.post("/api/locations", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/locations/{id}", { path: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
