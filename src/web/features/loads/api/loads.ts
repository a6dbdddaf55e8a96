import type {
  CreateLoadInput,
  DriverAction,
  LoadDetail,
  LoadFileKind,
  LoadFilter,
  LoadInterest,
  LoadStatus,
} from "@shared/loads/loads.schema";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, download } from "../../../lib/api";
import { retryTransient } from "../../../lib/api-errors";
import { takeEarly } from "../../../lib/early-fetch";
import { takeFirstAnswer } from "../../../lib/first-screen";
import { isQueued, outboxMutation, outboxPost } from "../../../lib/outbox/outbox";
import { loadKeys } from "../../../lib/query-keys";

export type LoadListQuery = Partial<LoadFilter> & { page: number; pageSize: number };
export type LoadExportFormat = "csv" | "xlsx";

export { loadKeys };

export const loadsPath = "/api/loads";
export const loadPath = (id: string) => `${loadsPath}/${encodeURIComponent(id)}`;

/** What the outbox's waiting list says a load's entry is about (its number, from the cached load). */
const outboxSubject = (queryClient: QueryClient, id: string, more: Record<string, string>) => ({
  load: queryClient.getQueryData<LoadDetail>(loadKeys.detail(id))?.loadNumber ?? "",
  loadId: id,
  ...more,
});

export function useInvalidateLoads() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: loadKeys.all });
}

export function useLoads(query: LoadListQuery) {
  return useQuery({
    queryKey: loadKeys.list(query),
    queryFn: ({ signal }) => api.get("/api/loads", { query: { ...query }, signal }),
    retry: retryTransient,
  });
}

export function exportLoads(format: LoadExportFormat, filter: Partial<LoadFilter>) {
  return download(`${loadsPath}/export`, { ...filter, format }, `loads.${format}`);
}

/** A load's page; also fetched ahead for the driver's day offline (app/driver-day.ts). */
export const loadQuery = (id: string) =>
  queryOptions({
    queryKey: loadKeys.detail(id),
    queryFn: ({ signal }) => api.get("/api/loads/{id}", { path: { id }, signal }),
    retry: retryTransient,
  });

export function useLoad(id: string | undefined) {
  return useQuery({ ...loadQuery(id ?? ""), enabled: !!id });
}

export function useNextLoadNumber(enabled: boolean) {
  return useQuery({
    queryKey: loadKeys.nextNumber(),
    queryFn: ({ signal }) => api.get("/api/loads/next-number", { signal }),
    enabled,
    // A new form asks again: another dispatcher may have taken the number meanwhile.
    staleTime: 0,
    gcTime: 0,
    retry: retryTransient,
  });
}

export function useSaveLoad(id?: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (body: CreateLoadInput) =>
      id ? api.put("/api/loads/{id}", { path: { id }, body }) : api.post("/api/loads", { body }),
    onSuccess: invalidate,
  });
}

export function useChangeLoadStatus(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (body: { status: LoadStatus; note?: string }) =>
      api.post("/api/loads/{id}/status", { path: { id }, body }),
    // A 409 means the load moved meanwhile: refresh either way.
    onSettled: invalidate,
  });
}

export function useDriverAction(id: string) {
  const invalidate = useInvalidateLoads();
  const queryClient = useQueryClient();
  return useMutation({
    ...outboxMutation,
    mutationFn: ({
      action,
      reason,
      confirmEarly,
    }: {
      action: DriverAction;
      reason?: string;
      confirmEarly?: boolean;
    }) =>
      // Through the outbox (decision 061): offline, the action waits on the phone with its tap time.
      outboxPost(
        "/api/loads/{id}/actions/{action}",
        {
          path: { id, action },
          body: { ...(reason ? { reason } : {}), ...(confirmEarly ? { confirmEarly } : {}) },
        },
        {
          kind: "load-action",
          subject: outboxSubject(queryClient, id, { action }),
          invalidate: [loadKeys.all],
        },
      ),
    // The answer is the load as it now is: show it at once.
    onSuccess: (result) => {
      if (!isQueued(result) && result.load) queryClient.setQueryData(loadKeys.detail(id), result.load);
    },
    // Not awaited: after a decline the caller leaves the load (no longer theirs) before it refetches.
    onSettled: () => void invalidate(),
  });
}

export function useUploadLoadFile(id: string) {
  const invalidate = useInvalidateLoads();
  const queryClient = useQueryClient();
  return useMutation({
    ...outboxMutation,
    mutationFn: ({ file, kind }: { file: File; kind: LoadFileKind }) => {
      const form = new FormData();
      form.set("kind", kind);
      form.set("file", file);
      // Through the outbox: a BOL/POD photo taken offline is kept on the phone until it is sent.
      return outboxPost(
        "/api/loads/{id}/files",
        { path: { id }, form },
        {
          kind: "load-file",
          subject: outboxSubject(queryClient, id, { detail: file.name }),
          invalidate: [loadKeys.all],
        },
      );
    },
    onSuccess: invalidate,
  });
}

export const loadFileUrl = (loadId: string, fileId: string) =>
  `${loadPath(loadId)}/files/${encodeURIComponent(fileId)}`;

export function useDeleteLoadFile(id: string) {
  const invalidate = useInvalidateLoads();
  return useMutation({
    mutationFn: (fileId: string) => api.delete("/api/loads/{id}/files/{fileId}", { path: { id, fileId } }),
    onSuccess: invalidate,
  });
}

/** Lists come back either bare or wrapped in `items`; the pickers only need the rows. */
export type { LoadInterest };

const fetchDriverDashboard = (signal?: AbortSignal) => api.get("/api/driver-dashboard", { signal });

export const driverDashboardQuery = () =>
  queryOptions({
    queryKey: loadKeys.driverDashboard(),
    // In the document the server wrote (decision 064), else requested at the app's start (early-requests.ts).
    queryFn: async ({ signal }) =>
      (takeFirstAnswer("dashboard") as Awaited<ReturnType<typeof fetchDriverDashboard>> | undefined) ??
      takeEarly("driver-dashboard", () => fetchDriverDashboard(signal)),
    retry: retryTransient,
  });

export function useDriverDashboard() {
  return useQuery(driverDashboardQuery());
}
