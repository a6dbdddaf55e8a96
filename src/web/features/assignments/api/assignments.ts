import type { Items, Page } from "@shared/api/api.schema";
import type { AssignAssetsInput, Assignment, AssignmentState } from "@shared/assignments/assignments.schema";
import type { TrailerInput, TrailerOption, VehicleInput, VehicleOption } from "@shared/fleet/fleet.schema";
import type { DriverOption } from "@shared/loads/loads.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

/** One key tree: assigning changes the lists and who holds each vehicle and trailer. */
export const assignmentKeys = {
  all: ["assignments"] as const,
  lists: () => [...assignmentKeys.all, "list"] as const,
  list: (query: object) => [...assignmentKeys.lists(), query] as const,
  options: () => [...assignmentKeys.all, "options"] as const,
  vehicles: (q: string) => [...assignmentKeys.options(), "vehicles", q] as const,
  trailers: (q: string) => [...assignmentKeys.options(), "trailers", q] as const,
  drivers: (q: string) => [...assignmentKeys.options(), "drivers", q] as const,
};

export interface AssignmentQuery {
  state: AssignmentState;
  q?: string;
  driverId?: string;
  page: number;
  pageSize: number;
}

export function useAssignments(query: AssignmentQuery, enabled = true) {
  return useQuery({
    queryKey: assignmentKeys.list(query),
    queryFn: ({ signal }) => api<Page<Assignment>>("/api/assignments", { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
    enabled,
  });
}

export function useVehicleOptions(q: string, enabled = true) {
  return useQuery<VehicleOption[]>({
    queryKey: assignmentKeys.vehicles(q),
    queryFn: ({ signal }) =>
      api<Items<VehicleOption>>("/api/fleet/vehicles/options", { query: { q }, signal }).then((d) => d.items),
    placeholderData: keepPreviousData,
    retry: retryTransient,
    enabled,
  });
}

export function useTrailerOptions(q: string, enabled = true) {
  return useQuery<TrailerOption[]>({
    queryKey: assignmentKeys.trailers(q),
    queryFn: ({ signal }) =>
      api<Items<TrailerOption>>("/api/fleet/trailers/options", { query: { q }, signal }).then((d) => d.items),
    placeholderData: keepPreviousData,
    retry: retryTransient,
    enabled,
  });
}

export function useDriverLookup(q: string, enabled = true) {
  return useQuery<DriverOption[]>({
    queryKey: assignmentKeys.drivers(q),
    queryFn: ({ signal }) => api<DriverOption[]>("/api/lookups/drivers", { query: { q }, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
    enabled,
  });
}

function useInvalidateAssignments() {
  const queryClient = useQueryClient();
  // Other screens (loads' pickers, drivers) read the same vehicles and trailers.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["lookups"] }),
    ]);
}

export function useAssignAssets() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (body: AssignAssetsInput) => api<Assignment>("/api/assignments", { method: "POST", body }),
    onSuccess: invalidate,
  });
}

export function useEndAssignment() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (id: string) =>
      api<Assignment>(`/api/assignments/${encodeURIComponent(id)}/end`, { method: "POST" }),
    onSuccess: invalidate,
  });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleInput) => api<VehicleOption>("/api/fleet/vehicles", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.options() }),
  });
}

export function useCreateTrailer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrailerInput) => api<TrailerOption>("/api/fleet/trailers", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assignmentKeys.options() }),
  });
}
