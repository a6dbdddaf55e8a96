import type { LedgerEntryInput, LedgerFilter, LedgerVoidInput } from "@shared/accounting/ledger.schema";
import type { ExportFormat } from "@shared/fuel/fuel.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type LedgerListQuery = Partial<LedgerFilter> & { page: number; pageSize: number };

/** One key tree: every change to the ledger refreshes every page, filter and total of it. */
export const ledgerKeys = {
  all: ["ledger"] as const,
  list: (query: object) => [...ledgerKeys.all, "list", query] as const,
};

const base = "/api/ledger";
const entryPath = (id: string) => `${base}/${encodeURIComponent(id)}`;
export const receiptUrl = (id: string) => `${entryPath(id)}/receipt`;

export function useLedger(query: LedgerListQuery) {
  return useQuery({
    queryKey: ledgerKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/ledger", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export const exportLedger = (format: ExportFormat, filter: Partial<LedgerFilter>) =>
  download(`${base}/export`, { ...filter, format }, `ledger.${format}`);

export function useSaveLedgerEntry(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LedgerEntryInput) =>
      id ? api.put("/api/ledger/{id}", { path: { id }, body }) : api.post("/api/ledger", { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}

export function useVoidLedgerEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LedgerVoidInput & { id: string }) =>
      api.post("/api/ledger/{id}/void", { path: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}

export function useAttachReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.set("file", file);
      return api.put("/api/ledger/{id}/receipt", { path: { id }, form });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ledgerKeys.all }),
  });
}
