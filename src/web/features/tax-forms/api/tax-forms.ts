import type { IssueAction, IssueTaxFormsInput } from "@shared/tax-forms/tax-forms.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export const taxFormKeys = {
  all: ["tax-forms"] as const,
  year: (year: number) => [...taxFormKeys.all, year] as const,
  preview: (year: number, action: IssueAction) => [...taxFormKeys.all, year, "preview", action] as const,
};

export function useTaxYear(year: number) {
  return useQuery({
    queryKey: taxFormKeys.year(year),
    queryFn: ({ signal }) => api.get("/api/tax-forms", { query: { year }, signal }),
    retry: retryTransient,
  });
}

/** What issuing (or correcting) would send, read fresh each time the confirmation opens. */
export function useIssuePreview(year: number, action: IssueAction) {
  return useQuery({
    queryKey: taxFormKeys.preview(year, action),
    queryFn: ({ signal }) => api.get("/api/tax-forms/issue-preview", { query: { year, action }, signal }),
    retry: retryTransient,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Issue the year's new forms, or send the corrected ones: two actions, each confirmed. */
export function useSendTaxForms(action: IssueAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueTaxFormsInput) =>
      action === "issue"
        ? api.post("/api/tax-forms/issue", { body })
        : api.post("/api/tax-forms/correct", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxFormKeys.all }),
  });
}

/** Copy B of one driver's form, or of every producible form when `driverId` is left out. */
export const downloadTaxForms = (year: number, driverId?: string) =>
  download("/api/tax-forms/pdf", { year, driverId }, `1099-NEC-${year}.pdf`);

export const downloadIris = (year: number) =>
  download("/api/tax-forms/iris", { year }, `iris-1099-nec-${year}.csv`);
