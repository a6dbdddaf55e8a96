import type { Items } from "@shared/api/api.schema";
import type { TrailerOption, VehicleOption } from "@shared/fleet/fleet.schema";
import type { CustomerOption, DriverOption } from "@shared/loads/loads.schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { retryTransient } from "../../lib/api-errors";

export type { CustomerOption, DriverOption, TrailerOption, VehicleOption };

/**
 * The pickers' searches, one key tree: a screen that changes a driver, a customer, a truck or a
 * trailer invalidates `lookupKeys.all` (or one kind) and every open picker asks again.
 */
export const lookupKeys = {
  all: ["lookups"] as const,
  kind: (kind: LookupKind) => [...lookupKeys.all, kind] as const,
  search: (kind: LookupKind, q: string) => [...lookupKeys.kind(kind), q] as const,
};

const LOOKUP_PATHS = {
  drivers: "/api/lookups/drivers",
  customers: "/api/lookups/customers",
  vehicles: "/api/fleet/vehicles/options",
  trailers: "/api/fleet/trailers/options",
} as const;
type LookupKind = keyof typeof LOOKUP_PATHS;
/** What each lookup path answers (its route's response schema): dispatch's lookups a bare array, fleet's options wrapped in `items`. */
interface LookupAnswer {
  drivers: DriverOption[];
  customers: CustomerOption[];
  vehicles: Items<VehicleOption>;
  trailers: Items<TrailerOption>;
}
type LookupRow<K extends LookupKind> =
  LookupAnswer[K] extends Items<infer R> ? R : LookupAnswer[K] extends (infer R)[] ? R : never;

export function useLookup<K extends LookupKind>(kind: K, q: string, enabled = true) {
  return useQuery<LookupRow<K>[]>({
    queryKey: lookupKeys.search(kind, q),
    queryFn: ({ signal }) =>
      api<LookupAnswer[K]>(LOOKUP_PATHS[kind], { query: { q }, signal }).then((answer) =>
        items(answer as LookupRow<K>[] | Items<LookupRow<K>>),
      ),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

function items<T>(answer: T[] | Items<T>): T[] {
  return Array.isArray(answer) ? answer : answer.items;
}
