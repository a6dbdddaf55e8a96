import type { PermissionChanges, PermissionMatrix } from "@shared/permissions/permissions.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

const matrixKey = ["permissions"] as const;

export function usePermissionMatrix() {
  return useQuery({
    queryKey: matrixKey,
    queryFn: ({ signal }) => api<PermissionMatrix>("/api/permissions", { signal }),
    retry: retryTransient,
  });
}

export function useSavePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PermissionChanges) =>
      api<PermissionMatrix>("/api/permissions", { method: "PUT", body: input }),
    onSuccess: (saved) => client.setQueryData(matrixKey, saved),
  });
}

export function useResetPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<PermissionMatrix>("/api/permissions/reset", { method: "POST" }),
    onSuccess: (saved) => client.setQueryData(matrixKey, saved),
  });
}
