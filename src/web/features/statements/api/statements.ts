import type { ReceivablesFilter, StatementFormat } from "@shared/statements/statements.schema";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

/** Under the billing key tree, so an invoice or payment change refreshes statements too. */
const keys = {
  statement: (q: object) => ["billing", "statement", q] as const,
  portal: (q: object) => ["billing", "portal-statement", q] as const,
  receivables: (q: object) => ["billing", "receivables", q] as const,
};

export interface Period {
  from: string;
  to: string;
}

export function useStatement(customerId: string | null, period: Period | null) {
  return useQuery({
    queryKey: keys.statement({ customerId, ...period }),
    queryFn: ({ signal }) => api.get("/api/statements", { query: { customerId, ...period }, signal }),
    enabled: !!customerId && !!period,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function downloadStatement(format: StatementFormat, customerId: string, period: Period) {
  return download("/api/statements/export", { customerId, ...period, format }, `statement.${format}`);
}

export type ReceivablesQuery = Partial<ReceivablesFilter> & { page: number; pageSize: number };

export function useReceivables(query: ReceivablesQuery) {
  return useQuery({
    queryKey: keys.receivables(query),
    queryFn: ({ signal }) => api.get("/api/statements/receivables", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportReceivables(format: "csv" | "xlsx", filter: Partial<ReceivablesFilter>) {
  return download("/api/statements/receivables/export", { ...filter, format }, `receivables.${format}`);
}

// ---- Customer portal: always the signed-in customer's own statement

export function usePortalStatement(period: Period | null) {
  return useQuery({
    queryKey: keys.portal({ ...period }),
    queryFn: ({ signal }) => api.get("/api/portal/statement", { query: { ...period }, signal }),
    enabled: !!period,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function downloadPortalStatement(format: StatementFormat, period: Period) {
  return download("/api/portal/statement/export", { ...period, format }, `statement.${format}`);
}
