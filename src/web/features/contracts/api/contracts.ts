import type { Items } from "@shared/api/api.schema";
import type {
  Contract,
  ContractAccountResult,
  ContractDetail,
  ContractFilter,
  ContractInput,
  ContractPage,
  ContractTemplate,
  ContractType,
  MergedTemplate,
  PublicContract,
  RenewContractInput,
  SentContract,
  SignContractInput,
  SignedContract,
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
    queryFn: ({ signal }) => api<ContractPage>(base, { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useContract(id: string | null) {
  return useQuery({
    queryKey: contractKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api<ContractDetail>(one(id ?? ""), { signal }),
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
      ? await api<Contract>(one(id), { method: "PUT", body: values })
      : await api<Contract>(base, { body: values });
    if (!file) return saved;
    const form = new FormData();
    form.set("file", file);
    return api<Contract>(`${one(saved.id)}/attachment`, { form });
  });
}

export const useRemoveAttachment = () =>
  useContractMutation((id: string) => api<Contract>(`${one(id)}/attachment`, { method: "DELETE" }));
export const useDeleteContract = () =>
  useContractMutation((id: string) => api<unknown>(one(id), { method: "DELETE" }));
export const useSendContract = () =>
  useContractMutation((id: string) => api<SentContract>(`${one(id)}/send`, { method: "POST" }));
export const useWithdrawContract = () =>
  useContractMutation((id: string) => api<Contract>(`${one(id)}/withdraw`, { method: "POST" }));
export const useRenewContract = () =>
  useContractMutation(({ id, dates }: { id: string; dates: RenewContractInput }) =>
    api<Contract>(`${one(id)}/renew`, { body: dates }),
  );

export const downloadSignedPdf = (c: Pick<Contract, "id" | "title">) =>
  download(`${one(c.id)}/signed-pdf`, {}, `${c.title} - signed.pdf`);
export const downloadAttachment = (c: Contract) =>
  download(`${one(c.id)}/attachment-file`, {}, c.attachment?.fileName ?? "attachment");

export function useContractTemplates(enabled = true) {
  return useQuery({
    queryKey: contractKeys.templates(),
    queryFn: ({ signal }) => api<Items<ContractTemplate>>("/api/contract-templates", { signal }),
    enabled,
    retry: retryTransient,
  });
}

export const useSaveTemplate = () =>
  useContractMutation(({ type, content }: { type: ContractType; content: string }) =>
    api<ContractTemplate>(`/api/contract-templates/${type}`, { method: "PUT", body: { content } }),
  );

export const mergeTemplate = (query: {
  type: ContractType;
  driverId?: string;
  signerName?: string;
  startsOn?: string;
}) =>
  api<MergedTemplate>("/api/contract-templates/merge", {
    query: Object.fromEntries(Object.entries(query).filter(([, v]) => v)),
  });

// ---- The public signing page ----

const publicUrl = (token: string) => `/api/public/contracts/${encodeURIComponent(token)}`;

export function usePublicContract(token: string) {
  return useQuery({
    queryKey: contractKeys.public(token),
    queryFn: ({ signal }) => api<PublicContract>(publicUrl(token), { signal }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const publicAttachmentUrl = (token: string) => `${publicUrl(token)}/attachment`;
export const publicSignedPdfUrl = (token: string) => `${publicUrl(token)}/signed-pdf`;

export const signContract = (token: string, input: SignContractInput) =>
  api<SignedContract>(`${publicUrl(token)}/sign`, { body: input });

export const createDriverAccount = (token: string, password: string) =>
  api<ContractAccountResult>(`${publicUrl(token)}/account`, { body: { password } });
