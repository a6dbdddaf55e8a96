import type { PlaceLookup } from "@shared/geo/geo.schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryTransient } from "../../lib/api-errors";
import { useDebouncedValue } from "../../lib/use-debounced-value";

export type TypedAddress =
  | { address: string; city: string; state: string; postalCode: string }
  /** A fuel stop: its free text ("Pilot #612, Joliet") and state, placed as the entry will be on save. */
  | { location: string; state: string };

/** Enough typed to ask: a ZIP/postal code, or a city (or a fuel stop's text) and a state. */
const askable = (a: { city: string; state: string; postalCode: string; location: string }) =>
  !!a.postalCode || ((!!a.city || !!a.location) && a.state.length >= 2);

/**
 * Where the address being typed is (issue 40): the offline gazetteer through GET /api/geo/place,
 * 400 ms after the typing stops, cached per address. `undefined` until enough is typed.
 */
export function usePlaceLookup(typed: TypedAddress): { place: PlaceLookup | undefined; loading: boolean } {
  const fuel = "location" in typed;
  const a = useDebouncedValue(
    {
      address: fuel ? "" : typed.address.trim(),
      city: fuel ? "" : typed.city.trim(),
      state: typed.state.trim(),
      postalCode: fuel ? "" : typed.postalCode.trim(),
      location: fuel ? typed.location.trim() : "",
    },
    400,
  );
  const enabled = askable(a);
  const query = useQuery({
    queryKey: ["geo", "place", a.address, a.city, a.state, a.postalCode, a.location],
    queryFn: ({ signal }) => api.get("/api/geo/place", { query: a, signal }),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
  return { place: enabled ? query.data : undefined, loading: enabled && query.isFetching };
}
