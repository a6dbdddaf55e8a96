import type { BillFilter, BillInput, PayBillInput } from "@shared/accounting/bills.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { ledgerKeys } from "./ledger";

export type BillListQuery = Partial<BillFilter> & { page: number; pageSize: number };

export const billKeys = {
  all: ["bills"] as const,
  list: (query: object) => [...billKeys.all, "list", query] as const,
};

export function useBills(query: BillListQuery) {
  return useQuery({
    queryKey: billKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/bills", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

/** A payment changes the bill and the ledger: both refresh. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: billKeys.all }),
      queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
    ]);
}

export function useSaveBill(id?: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: BillInput) =>
      id ? api.put("/api/bills/{id}", { path: { id }, body }) : api.post("/api/bills", { body }),
    onSuccess: invalidate,
  });
}

export function usePayBill() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: PayBillInput & { id: string }) =>
      api.post("/api/bills/{id}/pay", { path: { id }, body }),
    onSettled: invalidate,
  });
}

export function useRemoveBillPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      api.delete("/api/bills/{id}/payments/{paymentId}", { path: { id, paymentId } }),
    onSettled: invalidate,
  });
}

export function useRemoveBill() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete("/api/bills/{id}", { path: { id } }),
    onSettled: invalidate,
  });
}

export function useBill(id: string | null) {
  return useQuery({
    queryKey: [...billKeys.all, "one", id],
    queryFn: ({ signal }) => api.get("/api/bills/{id}", { path: { id: id as string }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}
