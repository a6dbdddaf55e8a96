import type { AssignAssetsInput, AssignmentState } from "@shared/assignments/assignments.schema";
import type { TrailerInput, VehicleInput } from "@shared/fleet/fleet.schema";
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
    queryFn: ({ signal }) => api.get("/api/assignments", { query: { ...query }, signal }),
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
    mutationFn: (body: AssignAssetsInput) => api.post("/api/assignments", { body }),
    onSuccess: invalidate,
  });
}

export function useEndAssignment() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/assignments/{id}/end", { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleInput) => api.post("/api/fleet/vehicles", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}

export function useCreateTrailer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrailerInput) => api.post("/api/fleet/trailers", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lookupKeys.all }),
  });
}
