import type {
  Bill,
  BillFilter,
  BillInput,
  BillPage,
  BillRemoved,
  PayBillInput,
} from "@shared/accounting/bills.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { ledgerKeys } from "./ledger";

export type BillListQuery = Partial<BillFilter> & { page: number; pageSize: number };

export const billKeys = {
  all: ["bills"] as const,
  list: (query: object) => [...billKeys.all, "list", query] as const,
};

const base = "/api/bills";
const billPath = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function useBills(query: BillListQuery) {
  return useQuery({
    queryKey: billKeys.list(query),
    queryFn: ({ signal }) => api<BillPage>(base, { query: { ...query }, signal }),
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
      id ? api<Bill>(billPath(id), { method: "PUT", body }) : api<Bill>(base, { body }),
    onSuccess: invalidate,
  });
}

export function usePayBill() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, ...body }: PayBillInput & { id: string }) =>
      api<Bill>(`${billPath(id)}/pay`, { body }),
    onSettled: invalidate,
  });
}

export function useRemoveBillPayment() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      api<Bill>(`${billPath(id)}/payments/${encodeURIComponent(paymentId)}`, { method: "DELETE" }),
    onSettled: invalidate,
  });
}

export function useRemoveBill() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api<BillRemoved>(billPath(id), { method: "DELETE" }),
    onSettled: invalidate,
  });
}

export function useBill(id: string | null) {
  return useQuery({
    queryKey: [...billKeys.all, "one", id],
    queryFn: ({ signal }) => api<Bill>(billPath(id as string), { signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}
