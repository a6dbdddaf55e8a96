import type { IssueResult, TaxYear } from "@shared/tax-forms/tax-forms.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const taxFormKeys = {
  all: ["tax-forms"] as const,
  year: (year: number) => [...taxFormKeys.all, year] as const,
};

export function useTaxYear(year: number) {
  return useQuery({
    queryKey: taxFormKeys.year(year),
    queryFn: ({ signal }) => api<TaxYear>("/api/tax-forms", { query: { year }, signal }),
    retry: retryTransient,
  });
}

export function useIssueTaxForms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => api<IssueResult>("/api/tax-forms/issue", { body: { year } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxFormKeys.all }),
  });
}

/** Copy B of one driver's form, or of every producible form when `driverId` is left out. */
export const downloadTaxForms = (year: number, driverId?: string) =>
  download("/api/tax-forms/pdf", { year, driverId }, `1099-NEC-${year}.pdf`);

export const downloadIris = (year: number) =>
  download("/api/tax-forms/iris", { year }, `iris-1099-nec-${year}.csv`);
