import type { Page } from "@shared/api/api.schema";
import type { AssignAssetsInput, Assignment, AssignmentState } from "@shared/assignments/assignments.schema";
import type { TrailerInput, TrailerOption, VehicleInput, VehicleOption } from "@shared/fleet/fleet.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lookupKeys } from "../../../components/pickers/lookups";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

/** One key tree: assigning changes the lists and who holds each vehicle and trailer. */
export const assignmentKeys = {
  all: ["assignments"] as const,
  lists: () => [...assignmentKeys.all, "list"] as const,
  list: (query: object) => [...assignmentKeys.lists(), query] as const,
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

function useInvalidateAssignments() {
  const queryClient = useQueryClient();
  // Other screens (loads' pickers, drivers) read the same vehicles and trailers.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentKeys.all }),
      queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

export function useCreateTrailer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrailerInput) => api<TrailerOption>("/api/fleet/trailers", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}
