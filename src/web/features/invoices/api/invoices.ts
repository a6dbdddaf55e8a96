import type {
  BillFromQueueInput,
  BillingQueueQuery,
  CreateInvoiceInput,
  InvoiceFilter,
  PortalInvoiceQuery,
  RecordPaymentInput,
  SendInvoiceInput,
  UpdateInvoiceInput,
} from "@shared/invoices/invoices.schema";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";

export type InvoiceListQuery = Partial<InvoiceFilter> & { page: number; pageSize: number };
export type InvoiceExportFormat = "csv" | "xlsx";

/**
 * One key tree for billing: every invoice change invalidates `billing`, and with it the lists,
 * the detail, the billable loads and the statements, which all read invoices.
 */
export const billingKeys = {
  all: ["billing"] as const,
  list: (query: object) => [...billingKeys.all, "invoices", query] as const,
  detail: (id: string) => [...billingKeys.all, "invoice", id] as const,
  customers: (q: string) => [...billingKeys.all, "customers", q] as const,
  billable: (customerId: string, invoiceId?: string) =>
    [...billingKeys.all, "billable", customerId, invoiceId ?? ""] as const,
  portal: (query: object) => [...billingKeys.all, "portal", query] as const,
  portalDetail: (id: string) => [...billingKeys.all, "portal-invoice", id] as const,
};

const base = "/api/invoices";
const path = (id: string) => `${base}/${encodeURIComponent(id)}`;

function useInvalidateBilling() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.all });
}

export function useInvoices(query: InvoiceListQuery) {
  return useQuery({
    queryKey: billingKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/invoices", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportInvoices(format: InvoiceExportFormat, filter: Partial<InvoiceFilter>) {
  return download(`${base}/export`, { ...filter, format }, `invoices.${format}`);
}

export function useInvoice(id: string | null) {
  return useQuery({
    queryKey: billingKeys.detail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/invoices/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export const invoicePdfPath = (id: string) => `${path(id)}/pdf`;
export const downloadInvoicePdf = (id: string, number: string) =>
  download(invoicePdfPath(id), undefined, `${number}.pdf`);

export function useBillingCustomers(
  q: string,
  enabled = true,
  source: "invoices" | "statements" = "invoices",
) {
  return useQuery({
    queryKey: [...billingKeys.customers(q), source],
    queryFn: ({ signal }) =>
      source === "invoices"
        ? api.get("/api/invoices/customers", { query: { q }, signal })
        : api.get("/api/statements/customers", { query: { q }, signal }),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
    retry: retryTransient,
  });
}

export function useBillableLoads(customerId: string | null, invoiceId?: string) {
  return useQuery({
    queryKey: billingKeys.billable(customerId ?? "", invoiceId),
    queryFn: ({ signal }) =>
      api.get("/api/invoices/billable-loads", { query: { customerId, invoiceId }, signal }),
    enabled: !!customerId,
    retry: retryTransient,
  });
}

export function useSaveInvoice(id?: string) {
  const invalidate = useInvalidateBilling();
  return useMutation({
    // A new invoice names its customer; an edit cannot change it (the form sends it only on create).
    mutationFn: (body: CreateInvoiceInput | UpdateInvoiceInput) =>
      id || !("customerId" in body)
        ? api.put("/api/invoices/{id}", { path: { id: id ?? "" }, body })
        : api.post("/api/invoices", { body }),
    onSuccess: invalidate,
  });
}

export function useSendInvoice(id: string) {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (body: SendInvoiceInput) => api.post("/api/invoices/{id}/send", { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useMarkSent(id: string) {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: () => api.post("/api/invoices/{id}/mark-sent", { path: { id } }),
    onSettled: invalidate,
  });
}

export function useRecordPayment(id: string) {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (body: RecordPaymentInput) => api.post("/api/invoices/{id}/payments", { path: { id }, body }),
    onSuccess: invalidate,
  });
}

export function useRemovePayment(id: string) {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.delete("/api/invoices/{id}/payments/{paymentId}", { path: { id, paymentId } }),
    onSettled: invalidate,
  });
}

export function useVoidInvoice(id: string) {
  const invalidate = useInvalidateBilling();
  return useMutation({
    mutationFn: (reason: string) => api.post("/api/invoices/{id}/void", { path: { id }, body: { reason } }),
    onSettled: invalidate,
  });
}

// ---- Customer portal

export function usePortalInvoices(query: PortalInvoiceQuery) {
  return useQuery({
    queryKey: billingKeys.portal(query),
    queryFn: ({ signal }) => api.get("/api/portal/invoices", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function usePortalInvoice(id: string | null) {
  return useQuery({
    queryKey: billingKeys.portalDetail(id ?? ""),
    queryFn: ({ signal }) => api.get("/api/portal/invoices/{id}", { path: { id: id ?? "" }, signal }),
    enabled: !!id,
    retry: retryTransient,
  });
}

export const downloadPortalInvoicePdf = (id: string, number: string) =>
  download(`/api/portal/invoices/${encodeURIComponent(id)}/pdf`, undefined, `${number}.pdf`);

export type BillingQueueListQuery = Partial<Omit<BillingQueueQuery, "page" | "pageSize">> & {
  page: number;
  pageSize: number;
};

/** The billing queue: completed loads no live invoice bills yet. */
export function useBillingQueue(query: BillingQueueListQuery) {
  return useQuery({
    queryKey: [...billingKeys.all, "queue", query],
    queryFn: ({ signal }) => api.get("/api/billing-queue", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

/** One invoice from the queue; the page calls it once per invoice and shows the progress. */
export function useBillFromQueue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillFromQueueInput) => api.post("/api/billing-queue/invoice", { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.all }),
  });
}
