import type { Location, LocationInput, LocationPage } from "@shared/locations/locations.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type { Location };

const locationKeys = {
  all: ["locations"] as const,
  search: (q: string, customerId: string | null) => [...locationKeys.all, "search", q, customerId] as const,
};

/** The address book as the user types a stop: the load's customer's usual places first. */
export function useLocationSearch(q: string, customerId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: locationKeys.search(q, customerId),
    queryFn: ({ signal }) =>
      api<LocationPage>("/api/locations", {
        query: { q: q || undefined, customerId: customerId ?? undefined, pageSize: 10 },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: retryTransient,
  });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput) => api<Location>("/api/locations", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
