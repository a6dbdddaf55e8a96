import type {
  Contract,
  ContractFilter,
  ContractInput,
  ContractType,
  RenewContractInput,
  SignContractInput,
} from "@shared/contracts/contracts.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type ContractListQuery = Partial<ContractFilter> & { page: number; pageSize: number };

export const contractKeys = {
  all: ["contracts"] as const,
  list: (query: object) => [...contractKeys.all, "list", query] as const,
  detail: (id: string) => [...contractKeys.all, "detail", id] as const,
  templates: () => [...contractKeys.all, "templates"] as const,
  public: (token: string) => ["public", "contract", token] as const,
};

const base = "/api/contracts";
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function useContracts(query: ContractListQuery) {
  return useQuery({
    queryKey: contractKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/contracts", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useContract(id: string | null) {
  return useQuery({
    queryKey: contractKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/contracts/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

function useContractMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.all }),
  });
}

/** Creates or edits a draft, then attaches the chosen file (when one was chosen). */
export function useSaveContract(id: string | null) {
  return useContractMutation(async ({ values, file }: { values: ContractInput; file: File | null }) => {
    const saved = id
      ? await api.put("/api/contracts/{id}", { path: { id }, body: values })
      : await api.post("/api/contracts", { body: values });
    if (!file) return saved;
    const form = new FormData();
    form.set("file", file);
    return api.post("/api/contracts/{id}/attachment", { path: { id: saved.id }, form });
  });
}

export const useRemoveAttachment = () =>
  useContractMutation((id: string) => api.delete("/api/contracts/{id}/attachment", { path: { id } }));
export const useDeleteContract = () =>
  useContractMutation((id: string) => api.delete("/api/contracts/{id}", { path: { id } }));
export const useSendContract = () =>
  useContractMutation((id: string) => api.post("/api/contracts/{id}/send", { path: { id } }));
export const useWithdrawContract = () =>
  useContractMutation((id: string) => api.post("/api/contracts/{id}/withdraw", { path: { id } }));
export const useRenewContract = () =>
  useContractMutation(({ id, dates }: { id: string; dates: RenewContractInput }) =>
    api.post("/api/contracts/{id}/renew", { path: { id }, body: dates }),
  );

export const downloadSignedPdf = (c: Pick<Contract, "id" | "title">) =>
  download(`${one(c.id)}/signed-pdf`, {}, `${c.title} - signed.pdf`);
export const downloadAttachment = (c: Contract) =>
  download(`${one(c.id)}/attachment-file`, {}, c.attachment?.fileName ?? "attachment");

export function useContractTemplates(enabled = true) {
  return useQuery({
    queryKey: contractKeys.templates(),
    queryFn: ({ signal }) => api.get("/api/contract-templates", { signal }),
    enabled,
    retry: retryTransient,
  });
}

export const useSaveTemplate = () =>
  useContractMutation(({ type, content }: { type: ContractType; content: string }) =>
    api.put("/api/contract-templates/{type}", { path: { type }, body: { content } }),
  );

export const mergeTemplate = (query: {
  type: ContractType;
  driverId?: string;
  signerName?: string;
  startsOn?: string;
}) =>
  api.get("/api/contract-templates/merge", {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v)),
  });

// ---- The public signing page ----

const publicUrl = (token: string) => `/api/public/contracts/${encodeURIComponent(token)}`;

export function usePublicContract(token: string) {
  return useQuery({
    queryKey: contractKeys.public(token),
    queryFn: ({ signal }) => api.get("/api/public/contracts/{token}", { path: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const publicAttachmentUrl = (token: string) => `${publicUrl(token)}/attachment`;
export const publicSignedPdfUrl = (token: string) => `${publicUrl(token)}/signed-pdf`;

export const signContract = (token: string, input: SignContractInput) =>
  api.post("/api/public/contracts/{token}/sign", { path: { token }, body: input });

export const createDriverAccount = (token: string, password: string) =>
  api.post("/api/public/contracts/{token}/account", { path: { token }, body: { password } });
