import type { Role } from "@shared/access";
import type { createUserWithOptionsSchema, userFilterSchema } from "@shared/users/users.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { adminKeys } from "../../../lib/query-keys";
import { startImpersonation } from "../../../lib/session";

export type UserListQuery = Partial<z.input<typeof userFilterSchema>> & { page: number; pageSize: number };
export type CreateUserBody = z.output<typeof createUserWithOptionsSchema>;

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => api.get("/api/admin/users", { query, signal }),
    retry: retryTransient,
  });
}

/** Every user change is also an audit entry, so both lists go stale together. */
function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
    ]);
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post("/api/admin/users", { body }),
    onSuccess: invalidate,
  });
}

export function useChangeRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api.put("/api/admin/users/{id}/role", { path: { id }, body: { role } }),
    onSuccess: invalidate,
  });
}

export function useSetTemporaryPassword() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api.post("/api/admin/users/{id}/temporary-password", { path: { id }, body: { password } }),
    onSuccess: invalidate,
  });
}

export function useSetUserDisabled() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      disabled
        ? api.post("/api/admin/users/{id}/disable", { path: { id } })
        : api.post("/api/admin/users/{id}/enable", { path: { id } }),
    onSuccess: invalidate,
  });
}

/** Clears a user's second factor (a lost phone); they set it up again when their role requires it. */
export function useResetTwoFactor() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/admin/users/{id}/two-factor/reset", { path: { id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/admin/users/{id}", { path: { id } }),
    onSuccess: invalidate,
  });
}

/** The caller switches the session (handleAuthEvent) and navigates; this only starts it. */
export function useImpersonate() {
  return useMutation({ mutationFn: (userId: string) => startImpersonation(userId) });
}
