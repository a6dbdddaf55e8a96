import type { SafetyOption, SafetyOptionKind } from "@shared/accidents/accidents.schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

/** The driver, vehicle and trailer pickers of the citation and accident screens. */
export function useSafetyOptions(kind: SafetyOptionKind, q: string, enabled = true) {
  return useQuery<SafetyOption[]>({
    queryKey: ["safety-options", kind, q] as const,
    queryFn: ({ signal }) =>
      api.get("/api/safety/options/{kind}", { path: { kind }, query: { q }, signal }).then((r) => r.items),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}
