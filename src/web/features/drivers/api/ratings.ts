import type {
  CreateRatingInput,
  RatingFilter,
  ScorecardFilter,
  UpdateRatingInput,
} from "@shared/drivers/ratings.schema";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { driverKeys, type ExportFormat, useInvalidateDrivers } from "./drivers";

export type RatingListQuery = Partial<RatingFilter> & { page: number; pageSize: number };
export type ScorecardListQuery = Partial<ScorecardFilter> & { page: number; pageSize: number };

export function useRatings(query: RatingListQuery, enabled = true) {
  return useQuery({
    queryKey: driverKeys.ratings(query),
    queryFn: ({ signal }) => api.get("/api/driver-ratings", { query: { ...query }, signal }),
    enabled,
    retry: retryTransient,
  });
}

export function exportRatings(format: ExportFormat, filter: Partial<RatingFilter>) {
  return download("/api/driver-ratings/export", { ...filter, format }, `driver-reviews.${format}`);
}

export function useRatableLoads(driverId: string | null) {
  return useQuery({
    queryKey: driverKeys.ratable(driverId ?? ""),
    queryFn: ({ signal }) =>
      api.get("/api/drivers/{id}/ratable-loads", { path: { id: driverId ?? "" }, signal }),
    enabled: !!driverId,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useRateDriver() {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: ({ driverId, ...body }: CreateRatingInput & { driverId: string }) =>
      api.post("/api/drivers/{id}/ratings", { path: { id: driverId }, body }),
    onSuccess: invalidate,
  });
}

export function useUpdateRating() {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateRatingInput & { id: string }) =>
      api.put("/api/driver-ratings/{id}", { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useDeleteRating() {
  const invalidate = useInvalidateDrivers();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/driver-ratings/{id}", { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useScorecards(query: ScorecardListQuery) {
  return useQuery({
    queryKey: driverKeys.scorecards(query),
    queryFn: ({ signal }) => api.get("/api/driver-scorecards", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportScorecards(format: ExportFormat, filter: Partial<ScorecardFilter>) {
  return download("/api/driver-scorecards/export", { ...filter, format }, `driver-scorecards.${format}`);
}
