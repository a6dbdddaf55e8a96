import type { PermissionChanges } from "@shared/permissions/permissions.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

const matrixKey = ["permissions"] as const;

export function usePermissionMatrix() {
  return useQuery({
    queryKey: matrixKey,
    queryFn: ({ signal }) => api.get("/api/permissions", { signal }),
    retry: retryTransient,
  });
}

export function useSavePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PermissionChanges) => api.put("/api/permissions", { body: input }),
    onSuccess: (saved) => client.setQueryData(matrixKey, saved),
  });
}

export function useResetPermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post("/api/permissions/reset"),
    onSuccess: (saved) => client.setQueryData(matrixKey, saved),
  });
}
