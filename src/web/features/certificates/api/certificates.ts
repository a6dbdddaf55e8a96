import type {
  Certificate,
  CertificateFilter,
  CertificateInput,
  HolderFilter,
  HolderRequest,
  HolderRequestInput,
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
    queryFn: ({ signal }) => api.get("/api/certificates", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function useHolderRequests(query: HolderListQuery) {
  return useQuery({
    queryKey: certificateKeys.holders(query),
    queryFn: ({ signal }) => api.get("/api/certificate-requests", { query: { ...query }, signal }),
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

const fileForm = (file: File) => {
  const form = new FormData();
  form.set("file", file);
  return form;
};

/** Saves a certificate, then its scan when one was chosen. */
export const useSaveCertificate = (id: string | null) =>
  useCertificateMutation(async ({ values, file }: { values: CertificateInput; file: File | null }) => {
    const saved = id
      ? await api.put("/api/certificates/{id}", { path: { id }, body: values })
      : await api.post("/api/certificates", { body: values });
    return file
      ? api.post("/api/certificates/{id}/file", { path: { id: saved.id }, form: fileForm(file) })
      : saved;
  });
export const useDeleteCertificate = () =>
  useCertificateMutation((id: string) => api.delete("/api/certificates/{id}", { path: { id } }));
export const downloadCertificate = (c: Certificate) =>
  download(`${at(CERTS, c.id)}/file`, {}, c.file?.fileName ?? "certificate.pdf");

export const useSaveHolderRequest = (id: string | null) =>
  useCertificateMutation((values: HolderRequestInput) =>
    id
      ? api.put("/api/certificate-requests/{id}", { path: { id }, body: values })
      : api.post("/api/certificate-requests", { body: values }),
  );
export const useDeleteHolderRequest = () =>
  useCertificateMutation((id: string) => api.delete("/api/certificate-requests/{id}", { path: { id } }));
export const useIssueCertificate = () =>
  useCertificateMutation(({ id, file }: { id: string; file: File }) =>
    api.post("/api/certificate-requests/{id}/file", { path: { id }, form: fileForm(file) }),
  );
export const useSendCertificate = () =>
  useCertificateMutation((id: string) => api.post("/api/certificate-requests/{id}/send", { path: { id } }));
export const downloadIssued = (r: HolderRequest) =>
  download(`${at(HOLDERS, r.id)}/file`, {}, r.file?.fileName ?? "certificate.pdf");
