import type {
  Certificate,
  CertificateFilter,
  CertificateInput,
  CertificatePage,
  HolderFilter,
  HolderPage,
  HolderRequest,
  HolderRequestInput,
  SendCertificateResult,
} from "@shared/certificates/certificates.schema";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type CertificateListQuery = Partial<CertificateFilter> & { page: number; pageSize: number };
export type HolderListQuery = Partial<HolderFilter> & { page: number; pageSize: number };

export const certificateKeys = {
  all: ["certificates"] as const,
  list: (query: object) => [...certificateKeys.all, "list", query] as const,
  holders: (query: object) => [...certificateKeys.all, "holders", query] as const,
};

const CERTS = "/api/certificates";
const HOLDERS = "/api/certificate-requests";
const at = (base: string, id: string) => `${base}/${encodeURIComponent(id)}`;

export function useCertificates(query: CertificateListQuery) {
  return useQuery({
    queryKey: certificateKeys.list(query),
    queryFn: ({ signal }) => api<CertificatePage>(CERTS, { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useHolderRequests(query: HolderListQuery) {
  return useQuery({
    queryKey: certificateKeys.holders(query),
    queryFn: ({ signal }) => api<HolderPage>(HOLDERS, { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

function useCertificateMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: certificateKeys.all }),
  });
}

const upload = <T>(path: string, file: File) => {
  const form = new FormData();
  form.set("file", file);
  return api<T>(path, { form });
};

/** Saves a certificate, then its scan when one was chosen. */
export const useSaveCertificate = (id: string | null) =>
  useCertificateMutation(async ({ values, file }: { values: CertificateInput; file: File | null }) => {
    const saved = id
      ? await api<Certificate>(at(CERTS, id), { method: "PUT", body: values })
      : await api<Certificate>(CERTS, { body: values });
    return file ? upload<Certificate>(`${at(CERTS, saved.id)}/file`, file) : saved;
  });
export const useDeleteCertificate = () =>
  useCertificateMutation((id: string) => api<unknown>(at(CERTS, id), { method: "DELETE" }));
export const downloadCertificate = (c: Certificate) =>
  download(`${at(CERTS, c.id)}/file`, {}, c.file?.fileName ?? "certificate.pdf");

export const useSaveHolderRequest = (id: string | null) =>
  useCertificateMutation((values: HolderRequestInput) =>
    id
      ? api<HolderRequest>(at(HOLDERS, id), { method: "PUT", body: values })
      : api<HolderRequest>(HOLDERS, { body: values }),
  );
export const useDeleteHolderRequest = () =>
  useCertificateMutation((id: string) => api<unknown>(at(HOLDERS, id), { method: "DELETE" }));
export const useIssueCertificate = () =>
  useCertificateMutation(({ id, file }: { id: string; file: File }) =>
    upload<HolderRequest>(`${at(HOLDERS, id)}/file`, file),
  );
export const useSendCertificate = () =>
  useCertificateMutation((id: string) =>
    api<SendCertificateResult>(`${at(HOLDERS, id)}/send`, { method: "POST" }),
  );
export const downloadIssued = (r: HolderRequest) =>
  download(`${at(HOLDERS, r.id)}/file`, {}, r.file?.fileName ?? "certificate.pdf");
