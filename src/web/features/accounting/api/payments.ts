import type { PaymentFilter } from "@shared/accounting/payments.schema";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { billKeys } from "./bills";

export type PaymentListQuery = Partial<PaymentFilter> & { page: number; pageSize: number };

/** Under the bills' key: paying a bill refreshes the payments list with it. */
export function usePayments(query: PaymentListQuery) {
  return useQuery({
    queryKey: [...billKeys.all, "payments", query],
    queryFn: ({ signal }) => api.get("/api/payments", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}
