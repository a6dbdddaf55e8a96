import type { Role } from "@shared/access";
import type { CreatedId, Ok, Page } from "@shared/api/api.schema";
import type { createUserWithOptionsSchema, UserListItem, userFilterSchema } from "@shared/users/users.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { adminKeys } from "../../../lib/query-keys";
import { startImpersonation } from "../../../lib/session";

export type UserListQuery = Partial<z.input<typeof userFilterSchema>> & { page: number; pageSize: number };
export type CreateUserBody = z.output<typeof createUserWithOptionsSchema>;

const usersPath = "/api/admin/users";
const userPath = (id: string) => `${usersPath}/${encodeURIComponent(id)}`;

export function useUsers(query: UserListQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => api<Page<UserListItem>>(usersPath, { query, signal }),
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
    mutationFn: (body: CreateUserBody) => api<CreatedId>(usersPath, { method: "POST", body }),
    onSuccess: invalidate,
  });
}

export function useChangeRole() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: Role }) =>
      api<Ok>(`${userPath(id)}/role`, { method: "PUT", body: { role } }),
    onSuccess: invalidate,
  });
}

export function useSetTemporaryPassword() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      api<Ok>(`${userPath(id)}/temporary-password`, { method: "POST", body: { password } }),
    onSuccess: invalidate,
  });
}

export function useSetUserDisabled() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: string; disabled: boolean }) =>
      api<Ok>(`${userPath(id)}/${disabled ? "disable" : "enable"}`, { method: "POST" }),
    onSuccess: invalidate,
  });
}

/** Clears a user's second factor (a lost phone); they set it up again when their role requires it. */
export function useResetTwoFactor() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api<void>(`${userPath(id)}/two-factor/reset`, { method: "POST" }),
    onSuccess: invalidate,
  });
}

export function useDeleteUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (id: string) => api<Ok>(userPath(id), { method: "DELETE" }),
    onSuccess: invalidate,
  });
}

/** The caller switches the session (handleAuthEvent) and navigates; this only starts it. */
export function useImpersonate() {
  return useMutation({ mutationFn: (userId: string) => startImpersonation(userId) });
}
