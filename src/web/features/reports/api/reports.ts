import type {
  IftaRatesInput,
  ReportFormat,
  ReportId,
  ReportLanguage,
  ReportQuery,
} from "@shared/reports/reports.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

const keys = {
  all: ["reports"] as const,
  list: ["reports", "list"] as const,
  report: (id: ReportId, q: ReportQuery) => ["reports", "report", id, q] as const,
  rates: (quarter: string) => ["reports", "ifta-rates", quarter] as const,
};

export function useReportList() {
  return useQuery({
    queryKey: keys.list,
    queryFn: ({ signal }) => api.get("/api/reports", { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useReport(id: ReportId, query: ReportQuery) {
  return useQuery({
    queryKey: keys.report(id, query),
    queryFn: ({ signal }) =>
      api.get("/api/reports/{reportId}", { path: { reportId: id }, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function downloadReport(id: ReportId, query: ReportQuery, format: ReportFormat, lang: ReportLanguage) {
  return download(`/api/reports/${id}/export`, { ...query, format, lang }, `report-${id}.${format}`);
}

export function useIftaRates(quarter: string, enabled = true) {
  return useQuery({
    queryKey: keys.rates(quarter),
    queryFn: ({ signal }) => api.get("/api/reports/ifta/rates", { query: { quarter }, signal }),
    enabled,
  });
}

export function fetchIftaRates(quarter: string) {
  return api.get("/api/reports/ifta/rates", { query: { quarter } });
}

export function useSaveIftaRates(quarter: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IftaRatesInput) =>
      api.put("/api/reports/ifta/rates", { query: { quarter }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
