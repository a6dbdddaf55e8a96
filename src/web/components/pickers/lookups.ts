import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryTransient } from "../../lib/api-errors";

export type { TrailerOption, VehicleOption } from "@shared/fleet/fleet.schema";
export type { CustomerOption, DriverOption } from "@shared/loads/loads.schema";

/**
 * The pickers' searches, one key tree: a screen that changes a driver, a customer, a truck or a
 * trailer invalidates `lookupKeys.all` (or one kind) and every open picker asks again.
 */
export const lookupKeys = {
  all: ["lookups"] as const,
  kind: (kind: LookupKind) => [...lookupKeys.all, kind] as const,
  search: (kind: LookupKind, q: string) => [...lookupKeys.kind(kind), q] as const,
};

/** Each kind's search: dispatch's lookups answer a bare array, fleet's options wrap it in `items`. */
const LOOKUPS = {
  drivers: (q: string, signal: AbortSignal) => api.get("/api/lookups/drivers", { query: { q }, signal }),
  customers: (q: string, signal: AbortSignal) => api.get("/api/lookups/customers", { query: { q }, signal }),
  vehicles: (q: string, signal: AbortSignal) =>
    api.get("/api/fleet/vehicles/options", { query: { q }, signal }).then((answer) => answer.items),
  trailers: (q: string, signal: AbortSignal) =>
    api.get("/api/fleet/trailers/options", { query: { q }, signal }).then((answer) => answer.items),
};
type LookupKind = keyof typeof LOOKUPS;
/** One row of a kind's answer, as its route declares it. */
export type LookupRow<K extends LookupKind> = Awaited<ReturnType<(typeof LOOKUPS)[K]>>[number];

export function useLookup<K extends LookupKind>(kind: K, q: string, enabled = true) {
  return useQuery<LookupRow<K>[]>({
    queryKey: lookupKeys.search(kind, q),
    queryFn: ({ signal }) => LOOKUPS[kind](q, signal) as Promise<LookupRow<K>[]>,
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
