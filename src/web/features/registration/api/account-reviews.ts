import type { AccountReviewStatus } from "@shared/registration/registration.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { adminKeys } from "../../../lib/query-keys";

export interface AccountReviewListQuery {
  status?: AccountReviewStatus;
  q?: string;
  page: number;
  pageSize: number;
}

export function useAccountReviews(query: AccountReviewListQuery) {
  return useQuery({
    queryKey: adminKeys.accountReviewList(query),
    queryFn: ({ signal }) => api.get("/api/admin/account-reviews", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

/**
 * Runs after success and after failure alike: a 409 means someone else reviewed the request
 * meanwhile, and the list must show that. Approving also creates a user.
 */
function useInvalidateReviews() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.accountReviews() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.mail() }),
    ]);
}

export function useApproveReview() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: (id: string) => api.post("/api/admin/account-reviews/{id}/approve", { path: { id } }),
    onSettled: invalidate,
  });
}

export function useRejectReview() {
  const invalidate = useInvalidateReviews();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      api.post("/api/admin/account-reviews/{id}/reject", { path: { id }, body: { reason } }),
    onSettled: invalidate,
  });
}
