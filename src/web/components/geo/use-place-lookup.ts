import type { PlaceLookup } from "@shared/geo/geo.schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryTransient } from "../../lib/api-errors";
import { useDebouncedValue } from "../../lib/use-debounced-value";

export interface TypedAddress {
  address: string;
  city: string;
  state: string;
  postalCode: string;
}

/** Enough typed to ask: a ZIP/postal code, or a city and a state. */
const askable = (a: TypedAddress) => !!a.postalCode.trim() || (!!a.city.trim() && a.state.trim().length >= 2);

/**
 * Where the address being typed is (issue 40): the offline gazetteer through GET /api/geo/place,
 * 400 ms after the typing stops, cached per address. `undefined` until enough is typed.
 */
export function usePlaceLookup(typed: TypedAddress): { place: PlaceLookup | undefined; loading: boolean } {
  const a = useDebouncedValue(
    {
      address: typed.address.trim(),
      city: typed.city.trim(),
      state: typed.state.trim(),
      postalCode: typed.postalCode.trim(),
    },
    400,
  );
  const enabled = askable(a);
  const query = useQuery({
    queryKey: ["geo", "place", a.address, a.city, a.state, a.postalCode],
    queryFn: ({ signal }) => api.get("/api/geo/place", { query: a, signal }),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  return { place: enabled ? query.data : undefined, loading: enabled && query.isFetching };
}
