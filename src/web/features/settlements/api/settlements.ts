import type { ExportFormat } from "@shared/fuel/fuel.schema";
import type {
  AddLineInput,
  GenerateInput,
  PaidStatementFilter,
  PaySettingsInput,
  PaySettlementInput,
  Settlement,
  SettlementFilter,
  StandingDeductionInput,
} from "@shared/settlements/settlements.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type SettlementListQuery = Partial<SettlementFilter> & { page: number; pageSize: number };

export const settlementKeys = {
  all: ["settlements"] as const,
  list: (query: object) => [...settlementKeys.all, "list", query] as const,
  one: (id: string) => [...settlementKeys.all, "one", id] as const,
  unsettled: (id: string) => [...settlementKeys.all, "unsettled", id] as const,
  adjustable: (id: string) => [...settlementKeys.all, "adjustable", id] as const,
  settings: ["pay-settings"] as const,
  deductions: (query: object) => [...settlementKeys.all, "deductions", query] as const,
  escrowDue: [...["settlements"], "escrow-due"] as const,
  mine: ["driver-settlements"] as const,
};

const base = "/api/settlements";
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function useSettlements(query: SettlementListQuery) {
  return useQuery({
    queryKey: settlementKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/settlements", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useSettlement(id: string | null) {
  return useQuery({
    queryKey: settlementKeys.one(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/settlements/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export function useUnsettledLoads(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: settlementKeys.unsettled(id ?? ""),
    queryFn: ({ signal }) =>
      api.get("/api/settlements/{id}/unsettled-loads", { path: { id: id ?? "" }, signal }),
    enabled: !!id && enabled,
  });
}

export function useAdjustable(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: settlementKeys.adjustable(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/settlements/{id}/adjustable", { path: { id: id ?? "" }, signal }),
    enabled: !!id && enabled,
  });
}

/** Every change refreshes the settlements (list, open one) and the ledger's payments. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["ledger"] }),
      // The payments screen (its key lives under the bills tree) lists approved, unpaid settlements.
      queryClient.invalidateQueries({ queryKey: ["bills"] }),
    ]);
}

export function useGenerate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: GenerateInput) => api.post("/api/settlements/generate", { body }),
    onSettled: invalidate,
  });
}

type Change =
  | { kind: "addLoad"; loadId: string }
  | { kind: "addLine"; line: AddLineInput }
  | { kind: "removeLine"; lineId: string }
  | { kind: "attachReceipt"; lineId: string; file: File }
  | { kind: "refresh" }
  | { kind: "notes"; notes: string }
  | { kind: "approve" }
  | { kind: "pay"; payment: PaySettlementInput }
  | { kind: "void"; reason: string };

function request(id: string, change: Change): Promise<Settlement> {
  switch (change.kind) {
    case "addLoad":
      return api.post("/api/settlements/{id}/loads", { path: { id }, body: { loadId: change.loadId } });
    case "addLine":
      return api.post("/api/settlements/{id}/lines", { path: { id }, body: change.line });
    case "removeLine":
      return api.delete("/api/settlements/{id}/lines/{lineId}", { path: { id, lineId: change.lineId } });
    case "attachReceipt": {
      const form = new FormData();
      form.set("receipt", change.file);
      return api.post("/api/settlements/{id}/lines/{lineId}/receipt", {
        path: { id, lineId: change.lineId },
        form,
      });
    }
    case "refresh":
      return api.post("/api/settlements/{id}/refresh", { path: { id } });
    case "notes":
      return api.put("/api/settlements/{id}/notes", { path: { id }, body: { notes: change.notes } });
    case "approve":
      return api.post("/api/settlements/{id}/approve", { path: { id } });
    case "pay":
      return api.post("/api/settlements/{id}/pay", { path: { id }, body: change.payment });
    case "void":
      return api.post("/api/settlements/{id}/void", { path: { id }, body: { reason: change.reason } });
  }
}

/** One mutation for everything done to a settlement; the answer is the settlement as it now is. */
export function useChangeSettlement(id: string | null) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (change: Change) => request(id ?? "", change),
    onSuccess: (settlement) => queryClient.setQueryData(settlementKeys.one(settlement.id), settlement),
    onSettled: invalidate,
  });
}

/** A reimbursement's receipt, as the file the driver handed in. */
export const downloadReceipt = (id: string, lineId: string, fileName: string) =>
  download(`${path(id)}/lines/${encodeURIComponent(lineId)}/receipt`, {}, fileName);

export function usePaySettings() {
  return useQuery({
    queryKey: settlementKeys.settings,
    queryFn: ({ signal }) => api.get("/api/pay-settings", { signal }),
    retry: retryTransient,
  });
}

export function useSavePaySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaySettingsInput) => api.put("/api/pay-settings", { body }),
    onSuccess: (settings) => {
      queryClient.setQueryData(settlementKeys.settings, settings);
      return queryClient.invalidateQueries({ queryKey: settlementKeys.all });
    },
  });
}

export function useStandingDeductions(query: { driverId?: string; active?: "true" | "false" }) {
  return useQuery({
    queryKey: settlementKeys.deductions(query),
    queryFn: ({ signal }) => api.get("/api/standing-deductions", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useSaveDeduction(id: string | null) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StandingDeductionInput) =>
      id
        ? api.put("/api/standing-deductions/{id}", { path: { id }, body })
        : api.post("/api/standing-deductions", { body }),
    onSuccess: invalidate,
  });
}

export function useEscrowDue() {
  return useQuery({
    queryKey: settlementKeys.escrowDue,
    queryFn: ({ signal }) => api.get("/api/escrow-due", { signal }),
    retry: retryTransient,
  });
}

/** The signed-in driver's own approved and paid settlements (their dashboard). */
export function useDriverSettlements(enabled = true) {
  return useQuery({
    queryKey: settlementKeys.mine,
    queryFn: ({ signal }) => api.get("/api/driver-settlements", { signal }),
    enabled,
    retry: retryTransient,
  });
}

export type PaidStatementListQuery = Partial<PaidStatementFilter> & { page: number; pageSize: number };

export function usePaidStatements(query: PaidStatementListQuery) {
  return useQuery({
    queryKey: [...settlementKeys.all, "paid-statements", query],
    queryFn: ({ signal }) => api.get("/api/paid-statements", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportPaidStatements(format: ExportFormat, filter: Partial<PaidStatementFilter>) {
  return download("/api/paid-statements/export", { ...filter, format }, `paid-statements.${format}`);
}
